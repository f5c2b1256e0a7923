import { LoginOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import { ButtonLink } from '../../../components/button-link.tsx';
import { signInPath } from '../../../lib/navigation.ts';
import type { KernelAccessNeed } from '../lib/kernel-access.ts';

/**
 * Says plainly when code cannot run here: for nobody (Jupyter not installed, starting, failed, no
 * sandbox on this server), or not yet for this caller (sign in, or certify their identity first).
 */
export function KernelNotice({ info, failed }: { info: KernelInfo | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  if (failed || info?.available === false) {
    const reason = info?.reason ?? 'failed';
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="kernel-unavailable"
        title={t('notebooks.kernel.unavailable')}
        description={t(`notebooks.kernel.reason.${reason}`)}
      />
    );
  }
  if (info && info.access !== 'allowed') return <KernelAccessNotice access={info.access} />;
  return null;
}

/**
 * Runs are for signed-in users whose identity is certified (KERNEL_USERS, by default): the way
 * there, to the sign-in screen (and back here) or to /certification, where every user certifies.
 */
export function KernelAccessNotice({ access }: { access: KernelAccessNeed }) {
  const { t } = useTranslation();
  const location = useLocation();
  const to = access === 'verify' ? '/certification' : signInPath(`${location.pathname}${location.search}`);
  return (
    <Alert
      type="info"
      showIcon
      data-testid={`kernel-access-${access}`}
      title={t(`notebooks.kernel.access.${access}.title`)}
      description={
        <>
          <p className="nb-notice-text">{t(`notebooks.kernel.access.${access}.text`)}</p>
          <ButtonLink
            to={to}
            type="primary"
            size="small"
            icon={access === 'verify' ? <SafetyCertificateOutlined /> : <LoginOutlined />}
          >
            {t(`notebooks.kernel.access.${access}.action`)}
          </ButtonLink>
        </>
      }
    />
  );
}
