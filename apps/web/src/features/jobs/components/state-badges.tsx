import { useTranslation } from 'react-i18next';
import type { ApplicationState, JobState } from '@mathbridge/contracts/jobs';

/*
 * A job's or an application's state as a plain badge, for the public job pages (antd's Tag would
 * bring the workspace's component chunk into their first load; status-tags.tsx is the workspace's).
 * The tones follow status-tags.tsx's colours.
 */

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'error';
const JOB_TONES: Record<JobState, Tone> = { draft: 'neutral', published: 'success', closed: 'warning' };
const APPLICATION_TONES: Record<ApplicationState, Tone> = {
  applied: 'info',
  viewed: 'info',
  interview: 'warning',
  offer: 'success',
  rejected: 'error',
  withdrawn: 'neutral',
};

export function JobStateBadge({ status }: { status: JobState }) {
  const { t } = useTranslation();
  return <span className={`mb-job-badge mb-job-badge-${JOB_TONES[status]}`}>{t(`jobStates.${status}`)}</span>;
}

export function ApplicationStateBadge({ status }: { status: ApplicationState }) {
  const { t } = useTranslation();
  return (
    <span className={`mb-job-badge mb-job-badge-${APPLICATION_TONES[status]}`} data-testid="application-status">
      {t(`applicationStates.${status}`)}
    </span>
  );
}
