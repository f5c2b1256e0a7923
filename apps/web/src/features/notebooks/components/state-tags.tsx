import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContributionState, NotebookState } from '@mathbridge/contracts/notebooks';

const CONTRIBUTION_COLORS: Record<ContributionState, string | undefined> = {
  none: undefined,
  pending: 'processing',
  accepted: 'success',
  rejected: 'error',
};

/** draft / published, and the contribution's state when there is one. */
export function NotebookStateTags({ state, contribution }: { state: NotebookState; contribution: ContributionState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="notebook-state">
      <Tag color={state === 'published' ? 'green' : 'default'}>{t(`notebooks.state.${state}`)}</Tag>
      {contribution !== 'none' && (
        <Tag color={CONTRIBUTION_COLORS[contribution]}>{t(`notebooks.contribution.${contribution}`)}</Tag>
      )}
    </span>
  );
}
