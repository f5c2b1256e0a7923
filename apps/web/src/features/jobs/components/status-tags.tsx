import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationState, JobState } from '@mathbridge/contracts/jobs';

const JOB_COLORS: Record<JobState, string> = { draft: 'default', published: 'success', closed: 'warning' };
const APPLICATION_COLORS: Record<ApplicationState, string> = {
  applied: 'processing',
  viewed: 'cyan',
  interview: 'gold',
  offer: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function JobStatusTag({ status }: { status: JobState }) {
  const { t } = useTranslation();
  return <Tag color={JOB_COLORS[status]}>{t(`jobStates.${status}`)}</Tag>;
}

export function ApplicationStatusTag({ status }: { status: ApplicationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={APPLICATION_COLORS[status]} data-testid="application-status">
      {t(`applicationStates.${status}`)}
    </Tag>
  );
}
