import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@mathbridge/contracts/solutions';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime, formatYuan } from '../../../lib/format.ts';
import { AttachmentList } from '../../../components/space-attachments.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { NotebookDeliverables } from '../../../components/notebook-deliverables.tsx';
import { SolutionStatusTag } from './status-tag.tsx';

/** One solution in full, with its delivered notebooks: used by the enterprise's drawer and the institute's own view. */
export function SolutionView({ solution }: { solution: Solution }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'institute', label: t('demands.solutions.institute'), children: solution.institute.name },
          {
            key: 'status',
            label: t('demands.solutions.status'),
            children: <SolutionStatusTag status={solution.status} />,
          },
          {
            key: 'cost',
            label: t('demands.solutions.cost'),
            children: t('demands.solutions.costValue', { value: formatYuan(solution.cost_estimate, locale) }),
          },
          {
            key: 'submitted',
            label: t('demands.solutions.submittedAt'),
            children: formatDateTime(solution.submitted_at, locale) || '—',
          },
          ...(solution.decline_reason
            ? [
                {
                  key: 'decline',
                  label: t('demands.solutions.declineReason'),
                  children: [t(`declineReasons.${solution.decline_reason}`), solution.decline_text]
                    .filter(Boolean)
                    .join(' — '),
                },
              ]
            : []),
        ]}
      />
      <h3 className="mb-section-title">{t('demands.solutions.approach')}</h3>
      <MarkdownView source={solution.approach} />
      <h3 className="mb-section-title">{t('demands.solutions.team')}</h3>
      <MarkdownView source={solution.team} />
      <h3 className="mb-section-title">{t('demands.solutions.timeline')}</h3>
      <MarkdownView source={solution.timeline} />
      <h3 className="mb-section-title">{t('demands.solutions.attachments')}</h3>
      <AttachmentList items={solution.attachments} empty />
      {/* Notebooks delivered with the solution (issue 12); its institute (who has its file space) attaches them. */}
      <NotebookDeliverables target="solution" targetId={solution.id} canAttach={solution.space_id !== null} />
    </>
  );
}
