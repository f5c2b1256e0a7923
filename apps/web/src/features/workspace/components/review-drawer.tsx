import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CERT_STATUS, type CertificationDetail } from '@mathbridge/contracts/identity';
import { LoadError } from '../../../components/load-error.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReviewDetail } from '../api/reviews.ts';
import { applicantName } from './applicant-name.ts';
import { ReviewStatusTag } from './status-tag.tsx';
import { useCertificationDecision } from './use-certification-decision.tsx';

/**
 * One certification request for a reviewer: who applied, the form as submitted and its images
 * (fetched with the session, they are private), and the decision buttons while it is pending.
 * `details` draws the submitted form: the identity feature owns it, the page passes it in.
 */
export function ReviewDrawer({
  id,
  onClose,
  details,
}: {
  id: number | null;
  onClose: () => void;
  details: (certification: CertificationDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const screens = Grid.useBreakpoint();
  const detail = useReviewDetail(id);
  const decision = useCertificationDecision(onClose);
  const cert = detail.data;
  const pending = cert?.status === CERT_STATUS.pending;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('workspace.review.detailTitle')}
      size={screens.md ? 880 : '100%'}
      destroyOnHidden
      extra={
        pending && cert ? (
          <Space>
            <Button danger onClick={() => decision.reject(cert)} disabled={decision.busy}>
              {t('workspace.review.reject')}
            </Button>
            <Button type="primary" onClick={() => decision.approve(cert)} loading={decision.busy}>
              {t('workspace.review.approve')}
            </Button>
          </Space>
        ) : null
      }
    >
      {!cert ? (
        detail.isError ? (
          <LoadError onRetry={() => void detail.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'title', label: t('workspace.review.name'), children: cert.title },
              {
                key: 'role',
                label: t('workspace.review.applicant'),
                children: [t(`roles.${cert.role}`), applicantName(cert.user), cert.user.phone]
                  .filter(Boolean)
                  .join(' · '),
              },
              {
                key: 'submitted',
                label: t('workspace.review.submittedAt'),
                children: formatDateTime(cert.submitted_at, locale),
              },
              {
                key: 'status',
                label: t('workspace.review.status'),
                children: <ReviewStatusTag status={cert.status_name} />,
              },
              ...(cert.reviewer
                ? [
                    { key: 'reviewer', label: t('workspace.review.reviewer'), children: cert.reviewer.account },
                    {
                      key: 'reviewed',
                      label: t('workspace.review.reviewedAt'),
                      children: formatDateTime(cert.reviewed_at, locale),
                    },
                  ]
                : []),
              ...(cert.member_claim
                ? [
                    {
                      key: 'claim',
                      label: t('identity.org.memberOf'),
                      span: 2,
                      children: t('workspace.review.memberClaim', {
                        org: cert.member_claim.org_name,
                        state: t(`memberStates.${cert.member_claim.status_name}`),
                      }),
                    },
                  ]
                : []),
            ]}
          />
          {cert.reason && (
            <Alert type="error" showIcon title={t('workspace.review.previousReason')} description={cert.reason} />
          )}
          {details(cert)}
        </Space>
      )}
      {decision.dialog}
    </Drawer>
  );
}
