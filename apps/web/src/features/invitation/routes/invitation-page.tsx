import { CheckCircleFilled, ExclamationCircleFilled, TeamOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { STATUS } from '@mathbridge/contracts/api';
import type { AcceptInvitationResult, InvitationInfo } from '@mathbridge/contracts/org';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { signInPath } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useAction } from '../../../lib/use-action.ts';
import { acceptInvitation, useInvitationInfo } from '../api/invitation.ts';
import './invitation-page.css';

/**
 * /invitation/{id} (public): who invites to which organisation (sys/invitationInfo); a visitor
 * signs in or up and comes back, a signed-in user accepts (sys/acceptInvite). A link that
 * expired, was revoked or used says so, in the server's words.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [load, reload] = useInvitationInfo(id);

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <section className="mb-invitation" aria-live="polite">
          {load.status === 'loading' ? (
            <Skeleton avatar active paragraph={{ rows: 4 }} />
          ) : load.status === 'error' ? (
            <Problem
              title={t('invitation.unusable')}
              text={
                load.code === STATUS.notFound || load.code === STATUS.invalid
                  ? t('invitation.notFound')
                  : t('common.loadFailedHint')
              }
              action={
                load.code === STATUS.notFound || load.code === STATUS.invalid ? undefined : (
                  <Button onClick={reload}>{t('common.retry')}</Button>
                )
              }
            />
          ) : (
            <Invitation info={load.info} onChanged={reload} />
          )}
        </section>
      </div>
    </div>
  );
}

function Problem({ title, text, action }: { title: string; text: string | null; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mb-invitation-result" role="alert">
      <ExclamationCircleFilled className="mb-invitation-icon mb-invitation-icon-warn" aria-hidden />
      <h1>{title}</h1>
      {text && <p className="mb-muted">{text}</p>}
      <div className="mb-invitation-actions">
        {action}
        <ButtonLink to="/start">{t('invitation.home')}</ButtonLink>
      </div>
    </div>
  );
}

function Invitation({ info, onChanged }: { info: InvitationInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hasToken = useSession((s) => s.hasToken);
  const verifyState = useSession((s) => s.profile?.verify_state);
  // Whether the user was certified before joining: if not, the invitation certified them.
  const [joined, setJoined] = useState<(AcceptInvitationResult & { granted: boolean }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const accept = useAction(useCallback(() => acceptInvitation(info.id), [info.id]));
  const here = `/invitation/${info.id}`;

  if (joined) {
    const role = joined.role ? t(`roles.${joined.role}`) : '';
    return (
      <div className="mb-invitation-result">
        <CheckCircleFilled className="mb-invitation-icon mb-invitation-icon-ok" aria-hidden />
        <h1>{t('invitation.accepted', { org: joined.org.name })}</h1>
        {joined.role && (
          <p className="mb-muted">
            {joined.granted ? t('invitation.acceptedRole', { role }) : t('invitation.acceptedKept', { role })}
          </p>
        )}
        <div className="mb-invitation-actions">
          {joined.verify_state === VERIFY_STATE.verified && (
            <ButtonLink to="/manage" type="primary">
              {t('invitation.workspace')}
            </ButtonLink>
          )}
          <ButtonLink to="/account/institute">{t('invitation.account')}</ButtonLink>
        </div>
      </div>
    );
  }

  if (info.state !== 'valid') {
    return <Problem title={t('invitation.unusable')} text={info.message} />;
  }

  const join = async () => {
    setFailure(null);
    try {
      const granted = verifyState !== VERIFY_STATE.verified;
      setJoined({ ...(await accept.mutateAsync(undefined)), granted });
    } catch (error) {
      // 409s (expired meanwhile, already a member, own organisation…) say why in the server's words.
      setFailure(isApiError(error) ? error.message : t('invitation.failed'));
      onChanged();
    }
  };

  return (
    <div className="mb-invitation-card">
      {info.org.logo ? (
        <img className="mb-invitation-logo" src={info.org.logo} alt="" />
      ) : (
        <span className="mb-invitation-logo mb-invitation-initial" aria-hidden>
          <TeamOutlined />
        </span>
      )}
      <p className="mb-invitation-invites">
        {t('invitation.invites', { inviter: info.inviter.name || t('invitation.someone') })}
      </p>
      <h1>{info.org.name}</h1>
      <span className="mb-invitation-type">{t(`roles.${info.org.type}`)}</span>
      <p className="mb-muted">{t('invitation.expires', { date: formatDateTime(info.expires_at, locale, 'long') })}</p>
      {failure && (
        <p className="mb-invitation-failure" role="alert">
          {failure}
        </p>
      )}
      {hasToken ? (
        <Button type="primary" size="large" onClick={() => void join()} loading={accept.isPending}>
          {t('invitation.accept')}
        </Button>
      ) : (
        <>
          <p className="mb-muted">{t('invitation.signInHint')}</p>
          <div className="mb-invitation-actions">
            <ButtonLink to={signInPath(here)} type="primary" size="large">
              {t('invitation.signIn')}
            </ButtonLink>
            <ButtonLink to={`/signup?redirect=${encodeURIComponent(here)}`} size="large">
              {t('invitation.signUp')}
            </ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
