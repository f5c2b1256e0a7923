import { useTranslation } from 'react-i18next';
import type { Application } from '@mathbridge/contracts/jobs';

/**
 * Why an application was rejected, the reason and the employer's words, as the applicant and the
 * employer read it; nothing for an application without one (rejections from before reasons were asked).
 */
export function RejectReason({ application }: { application: Pick<Application, 'reject_reason' | 'reject_text'> }) {
  const { t } = useTranslation();
  if (!application.reject_reason) return null;
  const reason = [t(`applicationRejectReasons.${application.reject_reason}`), application.reject_text]
    .filter(Boolean)
    .join(' — ');
  return (
    <p className="mb-job-reject-reason" data-testid="reject-reason">
      {t('jobs.applicants.reject.shown', { reason })}
    </p>
  );
}
