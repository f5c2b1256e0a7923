import { ArrowRightOutlined, CheckCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { identityEndpoints as calls } from '@mathbridge/contracts/endpoints/identity';
import type { IdentityRole, RoleList } from '@mathbridge/contracts/identity';
import { SELECTABLE_ROLES, VISITOR_ROLE, verifyStateName, type SelectableRole } from '@mathbridge/contracts/roles';
import { VerifyBadge } from '../../../components/verify-badge.tsx';
import { api } from '../../../lib/api-client.ts';
import { fetchProfile } from '../../../lib/auth.ts';
import { signInPath } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useAction } from '../../../lib/use-action.ts';
import { AUTH_PAGES, kindOf } from '../components/identity-kinds.ts';
import { ROLE_ICONS } from '../components/role-picker.tsx';
import '../components/identity.css';

const STEPS = ['choose', 'fill', 'review', 'open'] as const;

/**
 * /certification (public): the four identities a user can certify (Teacher and Individual stay
 * hidden, spec §1). Choosing one calls user/roleSelect and opens its form under /account. Plain
 * markup and a one-off call (no query library, no schemas): a public page with a first-load budget.
 */
export default function CertificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasToken = useSession((s) => s.hasToken);
  const profile = useSession((s) => s.profile);
  // The identity held: not Admin (granted, never certified), not 'visitors' (no identity yet).
  const current = (profile?.roles.map((r) => r.roleName).find((name) => name !== 'Admin' && name !== VISITOR_ROLE) ??
    null) as IdentityRole | null;
  const state = verifyStateName(profile?.verify_state);
  // user/listRoles says which identities are offered and whether the caller may change theirs;
  // until it answers, the session's verify_state gives the same answer.
  const [roleList, setRoleList] = useState<RoleList | null>(null);
  useEffect(() => {
    let current = true;
    api.call(calls.listRoles, {}, { reportErrors: false }).then(
      (list) => current && setRoleList(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [hasToken]);
  const locked = hasToken && (roleList ? !roleList.can_change : state === 'pending' || state === 'verified');
  const offered = (
    roleList?.items.filter((item) => !item.hidden).map((item) => item.roleName) ?? SELECTABLE_ROLES
  ).filter((role): role is SelectableRole => (SELECTABLE_ROLES as readonly string[]).includes(role));
  const [busy, setBusy] = useState<SelectableRole | null>(null);
  const select = useAction(
    useCallback(async (role: SelectableRole) => {
      const result = await api.call(calls.roleSelect, { role });
      await fetchProfile().catch(() => undefined);
      return result;
    }, []),
  );

  const choose = async (role: SelectableRole) => {
    if (!hasToken) {
      await navigate(signInPath('/certification'));
      return;
    }
    if (role !== current) {
      setBusy(role);
      try {
        await select.mutateAsync(role);
      } catch {
        // The API client has shown why (e.g. the identity is locked).
        return;
      } finally {
        setBusy(null);
      }
    }
    await navigate(AUTH_PAGES[kindOf(role)]);
  };

  return (
    <div className="mb-page mb-page-surface">
      <div className="mb-container">
        <header className="mb-choose-header">
          <h1>{t('identity.choose.title')}</h1>
          <p className="mb-muted">{t('identity.choose.subtitle')}</p>
          {hasToken && profile && (
            <p className="mb-choose-current">
              {current ? t('identity.choose.current', { role: t(`roles.${current}`) }) : t('identity.choose.none')}{' '}
              {current && <VerifyBadge state={profile.verify_state} />}
            </p>
          )}
          {locked && <p className="mb-muted">{t('identity.choose.locked')}</p>}
        </header>

        <ul className="mb-choose-grid">
          {offered.map((role) => {
            const mine = role === current;
            const blocked = locked && !mine;
            let label = t('identity.choose.start', { role: t(`roles.${role}`) });
            if (!hasToken) label = t('identity.choose.signIn');
            else if (mine) label = locked ? t('identity.choose.view') : t('identity.choose.continue');
            return (
              <li key={role} className={`mb-choose-card${mine ? ' mb-choose-card-current' : ''}`}>
                <span className="mb-role-option-icon" aria-hidden>
                  {ROLE_ICONS[role]}
                </span>
                <h2>
                  {t(`roles.${role}`)}
                  {mine && (
                    <CheckCircleFilled
                      className="mb-choose-check"
                      aria-label={t('identity.choose.chosen', { role: t(`roles.${role}`) })}
                    />
                  )}
                </h2>
                <p>{t(`identity.choose.roles.${role}.text`)}</p>
                <p className="mb-choose-needs">
                  <strong>{t('identity.choose.needs')}</strong>
                  <br />
                  {t(`identity.choose.roles.${role}.needs`)}
                </p>
                <Button
                  type={mine ? 'primary' : 'default'}
                  block
                  icon={<ArrowRightOutlined />}
                  iconPlacement="end"
                  disabled={blocked || (busy !== null && busy !== role)}
                  loading={busy === role}
                  onClick={() => void choose(role)}
                >
                  {label}
                </Button>
              </li>
            );
          })}
        </ul>

        {!hasToken && (
          <p className="mb-choose-signup">
            <Link to={`/signup?redirect=${encodeURIComponent('/certification')}`}>{t('identity.choose.signUp')}</Link>
          </p>
        )}

        <section className="mb-choose-steps" aria-labelledby="mb-choose-steps-title">
          <h2 id="mb-choose-steps-title">{t('identity.choose.steps.title')}</h2>
          <ol>
            {STEPS.map((step, index) => (
              <li key={step}>
                <span className="mb-choose-step-number" aria-hidden>
                  {index + 1}
                </span>
                {t(`identity.choose.steps.${step}`)}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
