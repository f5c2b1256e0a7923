import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificationSummary } from '@mathbridge/contracts/identity';
import { notify } from '../../../lib/notify.ts';
import { useReviewCertification } from '../api/reviews.ts';
import { RejectModal } from './decision-modal.tsx';

/**
 * Approve (after a confirmation) or reject (with a reason) a certification request. Returns the
 * actions and the dialog to render once.
 */
export function useCertificationDecision(onDecided?: () => void) {
  const { t } = useTranslation();
  const review = useReviewCertification();
  const [rejecting, setRejecting] = useState<CertificationSummary | null>(null);

  const approve = (cert: CertificationSummary) =>
    notify.confirm({
      title: t('workspace.review.approveTitle'),
      content: t('workspace.review.approveContent', { name: cert.title, role: t(`roles.${cert.role}`) }),
      okText: t('workspace.review.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await review.mutateAsync({ id: cert.id, approve: 1 });
        } catch {
          return; // The API client has said why (e.g. 409: already decided); the lists refresh.
        }
        notify.success(t('workspace.review.approved'));
        onDecided?.();
      },
    });

  const dialog = (
    <RejectModal
      title={rejecting ? t('workspace.review.rejectTitle', { name: rejecting.title }) : null}
      okText={t('workspace.review.reject')}
      onCancel={() => setRejecting(null)}
      onReject={async (reason) => {
        if (!rejecting) return;
        await review.mutateAsync({ id: rejecting.id, approve: 0, reason });
        setRejecting(null);
        notify.success(t('workspace.review.rejected'));
        onDecided?.();
      }}
    />
  );

  return { approve, reject: setRejecting, dialog, busy: review.isPending };
}
