import { AppstoreOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, type AlertProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CERT_STATUS, type AuthInfo } from '@mathbridge/contracts/identity';
import { verifyStateName } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { VerifyBadge } from '../../../components/verify-badge.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { notify } from '../../../lib/notify.ts';
import { useWithdrawCertification } from '../api/withdraw-certification.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/**
 * Where the user's certification stands (spec §4): unverified → pending → verified | rejected with
 * the reviewer's reason. A pending request can be withdrawn, after a confirmation.
 */
export function CertificationStatus({ info }: { info: AuthInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const withdraw = useWithdrawCertification();
  const cert = info.certification;
  const state = verifyStateName(info.verify_state);
  const withdrawn = cert?.status === CERT_STATUS.withdrawn;

  const confirmWithdraw = () =>
    notify.confirm({
      title: t('identity.status.withdrawTitle'),
      content: t('identity.status.withdrawContent'),
      okText: t('identity.status.withdraw'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await withdraw.mutateAsync();
        } catch {
          return; // The API client has said why (e.g. already decided).
        }
        notify.success(t('identity.status.withdrawn_done'));
      },
    });

  let alert: AlertProps;
  if (state === 'pending') {
    alert = {
      type: 'info',
      title: t('identity.status.pending', { date: formatDate(cert?.submitted_at, locale) }),
      action: (
        <Button icon={<RollbackOutlined />} onClick={confirmWithdraw} loading={withdraw.isPending}>
          {t('identity.status.withdraw')}
        </Button>
      ),
    };
  } else if (state === 'verified') {
    alert = {
      type: 'success',
      title:
        cert?.source === 'invitation'
          ? t('identity.status.verifiedInvitation', { org: cert.title })
          : t('identity.status.verified'),
      action: (
        <ButtonLink to="/manage" type="primary" icon={<AppstoreOutlined />}>
          {t('identity.status.openWorkspace')}
        </ButtonLink>
      ),
    };
  } else if (state === 'rejected') {
    alert = {
      type: 'error',
      title: t('identity.status.rejected'),
      description: (
        <>
          <p className="mb-cert-reason">{cert?.reason}</p>
          <p className="mb-muted">{t('identity.status.rejectedHint')}</p>
        </>
      ),
    };
  } else if (withdrawn) {
    alert = {
      type: 'warning',
      title: t('identity.status.withdrawn', { date: formatDate(cert.reviewed_at ?? cert.submitted_at, locale) }),
    };
  } else {
    alert = { type: 'info', title: t('identity.status.none') };
  }

  return (
    <Card
      variant="borderless"
      title={t('identity.status.title')}
      extra={<VerifyBadge state={info.verify_state} />}
      className="mb-cert-section"
    >
      <Alert showIcon {...alert} />
      {cert && (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginTop: 16 }}
          items={[
            { key: 'role', label: t('identity.status.role'), children: t(`roles.${cert.role}`) },
            {
              key: 'submitted',
              label: t('identity.status.submittedAt'),
              children: formatDateTime(cert.submitted_at, locale),
            },
            ...(cert.reviewed_at && !withdrawn
              ? [
                  {
                    key: 'reviewed',
                    label: t('identity.status.reviewedAt'),
                    children: formatDateTime(cert.reviewed_at, locale),
                  },
                ]
              : []),
            ...(cert.member_claim
              ? [
                  {
                    key: 'claim',
                    label: t('identity.org.memberOf'),
                    children: t('identity.status.claim', {
                      org: cert.member_claim.org_name,
                      state: t(`memberStates.${cert.member_claim.status_name}`),
                    }),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
