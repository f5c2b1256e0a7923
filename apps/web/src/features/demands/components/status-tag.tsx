import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandState } from '@mathbridge/contracts/demands';
import type { SolutionState } from '@mathbridge/contracts/solutions';

const DEMAND_COLORS: Record<DemandState, string> = {
  draft: 'default',
  submitted: 'processing',
  published: 'success',
  rejected: 'error',
  paused: 'warning',
  closed: 'default',
  completed: 'cyan',
};

const SOLUTION_COLORS: Record<SolutionState, string> = {
  draft: 'default',
  submitted: 'processing',
  accepted: 'success',
  declined: 'error',
  withdrawn: 'default',
};

export function DemandStatusTag({ status }: { status: DemandState }) {
  const { t } = useTranslation();
  return <Tag color={DEMAND_COLORS[status]}>{t(`demandStates.${status}`)}</Tag>;
}

export function SolutionStatusTag({ status }: { status: SolutionState }) {
  const { t } = useTranslation();
  return <Tag color={SOLUTION_COLORS[status]}>{t(`solutionStates.${status}`)}</Tag>;
}
