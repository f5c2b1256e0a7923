import { useTranslation } from 'react-i18next';
import { APPLICATION_REJECT_REASONS, REJECT_TEXT_MAX, RejectApplicationSchema } from '@mathbridge/contracts/jobs';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { useRejectApplication } from '../api/jobs.ts';

interface RejectApplicationModalProps {
  application: { id: number; applicant: { name: string } } | null;
  onClose: () => void;
}

/**
 * Rejecting an application needs a reason from the list and, for 'other', a text: the applicant
 * always learns why (the same dialog as a solution's decline).
 */
export function RejectApplicationModal({ application, onClose }: RejectApplicationModalProps) {
  const { t } = useTranslation();
  const reject = useRejectApplication();
  return (
    <ReasonModal
      target={application && { id: application.id, name: application.applicant.name }}
      schema={RejectApplicationSchema}
      reasons={APPLICATION_REJECT_REASONS}
      reasonLabel={(reason) => t(`applicationRejectReasons.${reason}`)}
      textMax={REJECT_TEXT_MAX}
      labels={{
        title: t('jobs.applicants.reject.title'),
        ok: t('jobs.applicants.actions.reject'),
        reason: t('jobs.applicants.reject.reason'),
        choose: t('jobs.applicants.reject.choose'),
        reasonText: t('jobs.applicants.reject.reasonText'),
        reasonTextHelp: t('jobs.applicants.reject.reasonTextHelp'),
      }}
      intro={t('jobs.applicants.reject.intro', { name: application?.applicant.name ?? '' })}
      pending={reject.isPending}
      onSubmit={async (values) => {
        await reject.mutateAsync(values);
        notify.success(t('jobs.applicants.done.reject'));
      }}
      onClose={onClose}
    />
  );
}
