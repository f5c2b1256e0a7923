import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CheckStep, OnboardingStep } from '@mathbridge/contracts/content';
import { ONBOARDING_STEPS } from '@mathbridge/contracts/content';
import { certificationPath, stepViews } from './steps.ts';

// The keys themselves stand in for the strings: what matters is which message each step shows.
const t = ((key: string) => key) as unknown as TFunction;

function check(done: OnboardingStep[], fields: Partial<CheckStep>): CheckStep {
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: done.includes(key) }));
  return {
    current: steps.find((step) => !step.done)?.key ?? null,
    steps,
    role: null,
    verify_state: null,
    first_action: null,
    ...fields,
  };
}

const view = (c: CheckStep, key: OnboardingStep) => stepViews(c, t).find((step) => step.key === key);

describe('the onboarding checklist', () => {
  it('for a new user: the first step is next, certification waits for an identity, the first action for certification', () => {
    const c = check([], {});
    expect(stepViews(c, t).map((step) => step.state)).toEqual(['current', 'todo', 'todo', 'todo']);
    expect(view(c, 'account')?.action).toEqual({
      label: 'onboarding.steps.account.action',
      to: '/account/individual',
      primary: true,
    });
    expect(view(c, 'identity')?.action).toMatchObject({ to: '/certification', primary: false });
    expect(view(c, 'certification')?.note?.text).toBe('onboarding.steps.certification.needsIdentity');
    expect(view(c, 'certification')?.action).toBeUndefined();
    expect(view(c, 'first_action')?.note?.text).toBe('onboarding.steps.first_action.needsCertification');
    expect(view(c, 'first_action')?.action).toBeUndefined();
  });

  it('sends each identity to its own certification form', () => {
    expect(certificationPath(null)).toBe('/certification');
    expect(certificationPath('Specialist')).toBe('/account/individual-authentication');
    expect(certificationPath('Student')).toBe('/account/individual-authentication');
    expect(certificationPath('Enterprise')).toBe('/account/institute-authentication');
    expect(certificationPath('ResearchInstitute')).toBe('/account/institute-authentication');
  });

  it('under review: says so, offers to look at the application and nothing else to do', () => {
    const c = check(['account', 'identity'], { role: 'Enterprise', verify_state: 0 });
    const certification = view(c, 'certification');
    expect(certification).toMatchObject({ state: 'current', label: 'waiting' });
    expect(certification?.note).toEqual({ tone: 'info', text: 'onboarding.steps.certification.pending' });
    expect(certification?.action).toEqual({
      label: 'onboarding.steps.certification.pendingAction',
      to: '/account/institute-authentication',
      primary: false,
    });
    expect(view(c, 'identity')?.note?.text).toBe('onboarding.steps.identity.chosen');
  });

  it('rejected: a warning and the form again, as the main action', () => {
    const certification = view(check(['account', 'identity'], { role: 'Student', verify_state: 2 }), 'certification');
    expect(certification?.note?.tone).toBe('warning');
    expect(certification?.action).toMatchObject({ to: '/account/individual-authentication', primary: true });
  });

  it('certified: the first action of the answer is next and its button goes to its path', () => {
    const c = check(['account', 'identity', 'certification'], {
      role: 'Specialist',
      verify_state: 1,
      first_action: { key: 'join_subject', path: '/manage/subjectsPool/list' },
    });
    expect(view(c, 'certification')?.note).toEqual({
      tone: 'success',
      text: 'onboarding.steps.certification.approved',
    });
    expect(view(c, 'first_action')).toMatchObject({
      state: 'current',
      text: 'onboarding.steps.first_action.keys.join_subject.text',
      action: {
        label: 'onboarding.steps.first_action.keys.join_subject.action',
        to: '/manage/subjectsPool/list',
        primary: true,
      },
    });
  });

  it('all done: every step done, the first action stays reachable but no longer primary', () => {
    const c = check([...ONBOARDING_STEPS], {
      role: 'Enterprise',
      verify_state: 1,
      first_action: { key: 'demand', path: '/manage/demandManage/demandForm/0' },
    });
    expect(c.current).toBeNull();
    expect(stepViews(c, t).map((step) => step.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(view(c, 'first_action')?.action).toMatchObject({ to: '/manage/demandManage/demandForm/0', primary: false });
  });
});
