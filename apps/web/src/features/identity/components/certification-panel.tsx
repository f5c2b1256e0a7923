import { Alert, Card, Skeleton, Space } from 'antd';
import { Segmented } from '../../../components/segmented.tsx';
import { useTranslation } from 'react-i18next';
import type { AuthInfo, IdentityRole } from '@mathbridge/contracts/identity';
import { verifyStateName } from '@mathbridge/contracts/roles';
import { ButtonLink } from '../../../components/button-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAuthInfo } from '../api/get-auth-info.ts';
import { useSelectRole } from '../api/select-role.ts';
import { CertificationDetails } from './certification-details.tsx';
import { CertificationStatus } from './certification-status.tsx';
import { AUTH_PAGES, KIND_ROLES, MENU_KEYS, kindOf, type CertificationKind } from './identity-kinds.ts';
import { OrganisationForm } from './organisation-form.tsx';
import { PersonForm } from './person-form.tsx';
import { RolePicker } from './role-picker.tsx';
import { SurveyCard } from './survey-card.tsx';
import './identity.css';

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/**
 * The certification screen of one kind (people or organisations): choose the identity if needed,
 * then the form — prefilled from a rejected or withdrawn request — or, while under review or once
 * approved, the status and what was submitted.
 */
export function CertificationPanel({ kind }: { kind: CertificationKind }) {
  const { t } = useTranslation();
  const authInfo = useAuthInfo();
  const selectRole = useSelectRole();

  if (!authInfo.data) {
    return (
      <Card variant="borderless">
        {authInfo.isError ? (
          <LoadError onRetry={() => void authInfo.refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }

  const info = authInfo.data;
  const state = verifyStateName(info.verify_state);
  const locked = state === 'pending' || state === 'verified';
  const role = info.role;
  const pick = (next: IdentityRole) => {
    if (next === role) return;
    selectRole.mutate(next, {
      onSuccess: () => notify.success(t('identity.page.roleChanged', { role: t(`roles.${next}`) })),
    });
  };

  // Individual is hidden (spec §1): someone holding it chooses a visible identity to certify.
  if (!role || kindOf(role) !== kind || (role === 'Individual' && !locked)) {
    if (role && locked) {
      const other = kindOf(role) === 'organisation' ? 'organisation' : 'individual';
      const page = t(`accountArea.menu.${MENU_KEYS[other]}`);
      return (
        <Alert
          type="info"
          showIcon
          title={t('identity.page.otherKind', { role: t(`roles.${role}`), page })}
          action={<ButtonLink to={AUTH_PAGES[other]}>{t('identity.page.goOther', { page })}</ButtonLink>}
        />
      );
    }
    return (
      <Card variant="borderless" title={t('identity.page.pickTitle')} className="mb-cert-section">
        {role && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('identity.page.otherKindSwitch', { role: t(`roles.${role}`) })}
          />
        )}
        <RolePicker
          roles={KIND_ROLES[kind]}
          busy={selectRole.isPending ? (selectRole.variables ?? null) : null}
          onPick={pick}
        />
      </Card>
    );
  }

  // A request made for another identity says nothing about this one.
  const cert = info.certification?.role === role ? info.certification : null;
  const shown: AuthInfo = { ...info, certification: cert };
  const formRole = role as 'Enterprise' | 'ResearchInstitute' | 'Specialist' | 'Student' | 'Teacher';
  const canSwitch = !locked && (KIND_ROLES[kind] as readonly IdentityRole[]).includes(role);
  const initial = cert && cert.source === 'form' ? cert.data : null;
  const files = cert?.files ?? [];
  const resubmit = state === 'rejected';

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <CertificationStatus info={shown} />
      {locked ? (
        <>
          {cert && (
            <Card variant="borderless" title={t('identity.status.details')} className="mb-cert-section">
              <CertificationDetails certification={cert} survey={info.survey} />
            </Card>
          )}
          {state === 'verified' && role === 'Student' && <SurveyCard survey={info.survey} />}
        </>
      ) : (
        <>
          {canSwitch && (
            <div className="mb-cert-switch">
              <span>{t('identity.page.certifyAs')}</span>
              <Segmented
                label={t('identity.page.certifyAs')}
                value={role}
                disabled={selectRole.isPending}
                onChange={(next) => pick(next as IdentityRole)}
                options={KIND_ROLES[kind].map((option) => ({ value: option, label: t(`roles.${option}`) }))}
              />
            </div>
          )}
          {kind === 'organisation' ? (
            <OrganisationForm
              key={`${role}-${cert?.id ?? 'new'}`}
              role={formRole as 'Enterprise' | 'ResearchInstitute'}
              initial={initial}
              initialFiles={files}
              resubmit={resubmit}
              onSubmitted={scrollToTop}
            />
          ) : (
            <PersonForm
              key={`${role}-${cert?.id ?? 'new'}`}
              role={formRole as 'Specialist' | 'Student' | 'Teacher'}
              initial={initial}
              initialFiles={files}
              survey={info.survey}
              resubmit={resubmit}
              onSubmitted={scrollToTop}
            />
          )}
        </>
      )}
    </Space>
  );
}
