import { LoginOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { signInPath } from '../../../lib/navigation.ts';
import type { KernelCheck } from '../api/notebooks.ts';
import { describeKernelCheckFailure, type KernelAccessNeed } from '../lib/kernel-access.ts';

/**
 * Says plainly when code cannot run here: for nobody (Jupyter not installed, starting, failed, no
 * sandbox on this server), or not yet for this caller (sign in, or certify their identity first);
 * or that the check itself failed (no answer in time, no connection, an error answer), which is no
 * answer about kernels: it is tried again, and the user may ask again at once.
 */
export function KernelNotice({ check }: { check: KernelCheck }) {
  const { t } = useTranslation();
  const { info, failure, checking } = check;
  const again = (
    <Button size="small" loading={checking} onClick={() => void check.recheck()} data-testid="kernel-recheck">
      {t('notebooks.kernel.check.again')}
    </Button>
  );
  if (failure) {
    const view = describeKernelCheckFailure(failure);
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="kernel-check-failed"
        data-failure={failure.kind}
        title={t('notebooks.kernel.check.title')}
        description={
          <>
            <p className="nb-notice-text">{'values' in view ? t(view.message, view.values) : t(view.message)}</p>
            <p className="nb-notice-text mb-muted">
              {t(checking ? 'notebooks.kernel.check.checking' : 'notebooks.kernel.check.later')}
            </p>
          </>
        }
        action={again}
      />
    );
  }
  if (info?.available === false) {
    const reason = info.reason ?? 'failed';
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="kernel-unavailable"
        title={t('notebooks.kernel.unavailable')}
        description={t(`notebooks.kernel.reason.${reason}`)}
        // Starting, or failed to start: the server may be ready a moment later.
        action={reason === 'starting' || reason === 'failed' ? again : undefined}
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
