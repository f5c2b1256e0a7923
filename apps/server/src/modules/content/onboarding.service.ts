import { ONBOARDING_STEPS, type CheckStep, type OnboardingStep } from '@mathbridge/contracts/content';
import { SELECTABLE_ROLES, type SelectableRole } from '@mathbridge/contracts/roles';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../plugins/call.ts';
import { hasSubmittedDemand, hasSubmittedSolution } from '../demands/public-counts.service.ts';
import { hasJoinedOrApplied } from '../research/public-counts.service.ts';
import { findUserById } from '../user/user.service.ts';

/** The onboarding checklist of `/firstmeet` (issue 11, DESIGN §11): `index/checkStep`. */

const FIRST_ACTIONS: Record<SelectableRole, NonNullable<CheckStep['first_action']>> = {
  Enterprise: { key: 'demand', path: '/manage/demandManage/demandForm/0' },
  ResearchInstitute: { key: 'solution', path: '/manage/demandManageRI/list' },
  Specialist: { key: 'join_subject', path: '/manage/subjectsPool/list' },
  Student: { key: 'join_direction', path: '/manage/directionsPool/list' },
};

async function firstActionDone(db: Db, userId: number, role: SelectableRole): Promise<boolean> {
  switch (role) {
    case 'Enterprise':
      return hasSubmittedDemand(db, userId);
    case 'ResearchInstitute':
      return hasSubmittedSolution(db, userId);
    case 'Specialist':
      return hasJoinedOrApplied(db, userId, 'subject');
    case 'Student':
      return hasJoinedOrApplied(db, userId, 'direction');
  }
}

/**
 * GET index/checkStep: account (the profile is complete: a role is held) → identity (a selectable
 * role chosen) → certification (verify_state 1) → the role's first action.
 */
export async function checkStep(ctx: AppContext, caller: Caller): Promise<CheckStep> {
  // The session already carries the caller's roles; only the real name and verify_state are read.
  const user = await findUserById(ctx.db, caller.id);
  const names: readonly string[] = caller.roles;
  const role = SELECTABLE_ROLES.find((r) => names.includes(r)) ?? null;
  const verifyState = user?.verify_state ?? null;
  const done: Record<OnboardingStep, boolean> = {
    // The account step is the personal information /account/individual asks for (the real name). A
    // certification form asks for it too, so one who went straight to certifying is not held back.
    account: !!user?.truename?.trim() || (verifyState !== null && verifyState >= 0),
    identity: role !== null,
    certification: verifyState === 1,
    first_action: role !== null && verifyState === 1 && (await firstActionDone(ctx.db, caller.id, role)),
  };
  const steps = ONBOARDING_STEPS.map((key) => ({
    key,
    done: done[key],
  }));
  return {
    current: steps.find((s) => !s.done)?.key ?? null,
    steps,
    role,
    verify_state: verifyState,
    first_action: role ? FIRST_ACTIONS[role] : null,
  };
}
