import type { TFunction } from 'i18next';
import type { CheckStep, OnboardingStep } from '@mathbridge/contracts/content';
import { ORGANISATION_ROLES, VERIFY_STATE, type Role } from '@mathbridge/contracts/roles';

export type StepState = 'done' | 'current' | 'todo';
/** What the state tag says: a current step that waits on someone else says so. */
export type StepLabel = StepState | 'waiting';

/** Where a certification form is filled: the individual or the organisation form of the identity (spec §2 /account children). */
export function certificationPath(role: CheckStep['role']): string {
  if (!role) return '/certification';
  return ORGANISATION_ROLES.includes(role as Role)
    ? '/account/institute-authentication'
    : '/account/individual-authentication';
}

export interface StepView {
  key: OnboardingStep;
  state: StepState;
  label?: StepLabel;
  title: string;
  text: string;
  /** What the state means for this user right now (chosen identity, under review, …). */
  note?: { tone: 'info' | 'warning' | 'success'; text: string };
  action?: { label: string; to: string; primary: boolean };
}

/** The four steps of index/checkStep as this user sees them: what each means, its state and where it is done. */
export function stepViews(check: CheckStep, t: TFunction): StepView[] {
  const done = (key: OnboardingStep) => check.steps.find((step) => step.key === key)?.done ?? false;
  const stateOf = (key: OnboardingStep): StepState => (done(key) ? 'done' : check.current === key ? 'current' : 'todo');
  const certified = check.verify_state === VERIFY_STATE.verified;
  const pending = check.verify_state === VERIFY_STATE.pending;
  const rejected = check.verify_state === VERIFY_STATE.rejected;

  const account: StepView = {
    key: 'account',
    state: stateOf('account'),
    title: t('onboarding.steps.account.title'),
    text: t('onboarding.steps.account.text'),
    action: done('account')
      ? { label: t('onboarding.steps.account.edit'), to: '/account/individual', primary: false }
      : {
          label: t('onboarding.steps.account.action'),
          to: '/account/individual',
          primary: stateOf('account') === 'current',
        },
  };

  const identity: StepView = {
    key: 'identity',
    state: stateOf('identity'),
    title: t('onboarding.steps.identity.title'),
    text: t('onboarding.steps.identity.text'),
    note: check.role
      ? { tone: 'success', text: t('onboarding.steps.identity.chosen', { role: t(`roles.${check.role}`) }) }
      : undefined,
    action: done('identity')
      ? undefined
      : {
          label: t('onboarding.steps.identity.action'),
          to: '/certification',
          primary: stateOf('identity') === 'current',
        },
  };

  const certification: StepView = {
    key: 'certification',
    state: stateOf('certification'),
    title: t('onboarding.steps.certification.title'),
    text: t('onboarding.steps.certification.text'),
  };
  if (certified || done('certification')) {
    certification.note = { tone: 'success', text: t('onboarding.steps.certification.approved') };
  } else if (!check.role) {
    certification.note = { tone: 'info', text: t('onboarding.steps.certification.needsIdentity') };
  } else if (pending) {
    certification.note = { tone: 'info', text: t('onboarding.steps.certification.pending') };
    if (certification.state === 'current') certification.label = 'waiting';
    certification.action = {
      label: t('onboarding.steps.certification.pendingAction'),
      to: certificationPath(check.role),
      primary: false,
    };
  } else if (rejected) {
    certification.note = { tone: 'warning', text: t('onboarding.steps.certification.rejected') };
    certification.action = {
      label: t('onboarding.steps.certification.rejectedAction'),
      to: certificationPath(check.role),
      primary: true,
    };
  } else {
    certification.action = {
      label: t('onboarding.steps.certification.action'),
      to: certificationPath(check.role),
      primary: certification.state === 'current',
    };
  }

  const first = check.first_action;
  const firstAction: StepView = {
    key: 'first_action',
    state: stateOf('first_action'),
    title: t('onboarding.steps.first_action.title'),
    text: first ? t(`onboarding.steps.first_action.keys.${first.key}.text`) : t('onboarding.steps.first_action.text'),
  };
  if (!certified) {
    firstAction.note = { tone: 'info', text: t('onboarding.steps.first_action.needsCertification') };
  } else if (first) {
    firstAction.action = {
      label: t(`onboarding.steps.first_action.keys.${first.key}.action`),
      to: first.path,
      primary: !done('first_action'),
    };
  } else {
    firstAction.action = {
      label: t('onboarding.steps.first_action.fallbackAction'),
      to: '/manage',
      primary: !done('first_action'),
    };
  }

  return [account, identity, certification, firstAction];
}
