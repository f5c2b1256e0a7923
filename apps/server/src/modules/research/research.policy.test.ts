import { STATUS } from '@mathbridge/contracts/api';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type { ResearchProjectRow } from '../../db/types.ts';
import { permissionsHeld, researchPolicy, type ResearchActor } from './research.policy.ts';

/** A published, public, confidential subject of institute 10, created by user 1. */
const project = {
  kind: 'subject',
  owner_user_id: 1,
  owner_org_id: 10,
  status: 'published',
  publish_range: 'public',
  confidential: 1,
};

const membership = (status: string, permissions = '', nda: string | null = null) => ({
  status,
  permissions,
  nda_accepted_at: nda,
});
const actor = (userId: number, more: Partial<ResearchActor> = {}): ResearchActor => ({
  userId,
  admin: false,
  orgId: null,
  membership: undefined,
  ...more,
});

const ALL = 'edit_plan,upload_files,submit_outcome,review_outcome,manage_members';
const cast = {
  creator: actor(1, { orgId: 10 }),
  colleague: actor(2, { orgId: 10 }),
  manager: actor(3, { membership: membership('member', ALL, '2026-01-01') }),
  member: actor(4, { membership: membership('member', 'upload_files,submit_outcome', '2026-01-01') }),
  viewer: actor(5, { membership: membership('member', '') }),
  applicant: actor(6, { membership: membership('applied', '', '2026-01-01') }),
  invitee: actor(7, { membership: membership('invited') }),
  admin: actor(8, { admin: true }),
  stranger: actor(9, { orgId: 11 }),
  poolViewer: actor(12, { pool: { section: true, designee: false } }),
};
type Who = keyof typeof cast;
const everyone = Object.keys(cast) as Who[];

/** Who passes each project rule on `project`; everyone else is refused. */
const projectRules: [action: Parameters<typeof researchPolicy.can>[1], allowed: Who[]][] = [
  ['own', ['creator', 'colleague']],
  ['edit', ['creator', 'colleague']],
  ['changeState', ['creator', 'colleague']],
  ['setPermissions', ['creator', 'colleague']],
  ['editPlan', ['creator', 'colleague', 'manager']],
  ['uploadFiles', ['creator', 'colleague', 'manager', 'member']],
  ['submitOutcome', ['creator', 'colleague', 'manager', 'member']],
  ['reviewOutcome', ['creator', 'colleague', 'manager']],
  ['manageMembers', ['creator', 'colleague', 'manager']],
  ['poseQuestion', ['creator', 'colleague', 'manager']],
  ['reviewAnswer', ['creator', 'colleague', 'manager']],
  ['seeQuestions', ['creator', 'colleague', 'manager', 'admin']],
  ['see', ['creator', 'colleague', 'manager', 'member', 'viewer', 'applicant', 'invitee', 'admin', 'poolViewer']],
  ['apply', ['poolViewer']],
  ['readDescription', ['creator', 'colleague', 'manager', 'member', 'applicant', 'admin']],
  ['seeFiles', ['creator', 'colleague', 'manager', 'member', 'viewer']],
  ['seeAllMembers', ['creator', 'colleague', 'manager', 'admin']],
  ['seeMembers', ['manager', 'member', 'viewer']],
  ['nestDirection', ['creator', 'colleague', 'manager', 'member', 'viewer']],
  ['read', ['creator', 'colleague', 'manager', 'member', 'viewer', 'admin']],
  ['download', ['creator', 'colleague', 'manager', 'member', 'viewer', 'admin']],
  ['answerInvitation', ['manager', 'member', 'viewer', 'applicant', 'invitee']],
  ['leave', ['manager', 'member', 'viewer', 'applicant', 'invitee']],
];

// The rules of a whole project all take (actor, project); the table's action union loses that pairing.
const canOnProject = (who: Who, action: string, object: object = project): boolean =>
  (researchPolicy.rules[action as keyof typeof researchPolicy.rules] as (a: unknown, o: unknown) => boolean)(
    cast[who],
    object,
  );

describe('research policy', () => {
  it.each(projectRules)('%s: %j pass, everyone else is refused', (action, allowed) => {
    for (const who of everyone) expect([who, canOnProject(who, action)]).toEqual([who, allowed.includes(who)]);
  });

  it('a project owned by its creator alone has no organisation to share it with', () => {
    const own = { ...project, owner_org_id: null };
    expect(canOnProject('creator', 'own', own)).toBe(true);
    expect(canOnProject('colleague', 'own', own)).toBe(false);
    // Nor does a user without a certified organisation own an organisation's project.
    expect(researchPolicy.can(actor(2), 'own', project)).toBe(false);
  });

  it('admins read everything and act on nothing', () => {
    const { admin } = cast;
    for (const action of ['see', 'read', 'download', 'readDescription', 'seeAllMembers', 'seeQuestions'] as const)
      expect(researchPolicy.can(admin, action, project)).toBe(true);
    for (const action of ['edit', 'changeState', 'manageMembers', 'editPlan', 'poseQuestion', 'seeFiles'] as const)
      expect(researchPolicy.can(admin, action, project)).toBe(false);
    expect(researchPolicy.can(admin, 'seeMembership', { member: { user_id: 3 }, project })).toBe(true);
    expect(researchPolicy.can(admin, 'seeSubjectsOfSolution', { solution: { org_id: 1 }, demand: { org_id: 2 } })).toBe(
      true,
    );
  });

  it('the pool shows neither drafts nor closed projects, and a group range only to its designees', () => {
    const viewer = cast.poolViewer;
    const designee = actor(13, { pool: { section: true, designee: true } });
    const otherRoles = actor(14, { pool: { section: false, designee: true } });
    for (const status of ['published', 'paused', 'in_progress', 'concluded'])
      expect(researchPolicy.can(viewer, 'see', { ...project, status })).toBe(true);
    for (const status of ['draft', 'closed']) {
      expect(researchPolicy.can(viewer, 'see', { ...project, status })).toBe(false);
      expect(researchPolicy.can(designee, 'apply', { ...project, status })).toBe(false);
    }
    const group = { ...project, publish_range: 'group' };
    expect(researchPolicy.can(viewer, 'see', group)).toBe(false);
    expect(researchPolicy.can(designee, 'see', group)).toBe(true);
    expect(researchPolicy.can(designee, 'apply', group)).toBe(true);
    expect(researchPolicy.can(otherRoles, 'apply', project)).toBe(false);
    // Without the pool loaded, a stranger sees nothing.
    expect(researchPolicy.can(cast.stranger, 'see', project)).toBe(false);
  });

  it('an open project’s description is everyone’s who may see it; a confidential one needs the NDA', () => {
    const open = { ...project, confidential: 0 };
    for (const who of everyone) expect(researchPolicy.can(cast[who], 'readDescription', open)).toBe(true);
    expect(researchPolicy.can(cast.invitee, 'readDescription', project)).toBe(false);
    expect(researchPolicy.can(cast.viewer, 'readDescription', project)).toBe(false);
  });

  it('the detail’s permissions: all for the owner, the member’s own set, none for the others', () => {
    const row = project as unknown as ResearchProjectRow; // the rules read only these fields
    expect(permissionsHeld(cast.colleague, row)).toEqual([
      'edit_plan',
      'upload_files',
      'submit_outcome',
      'review_outcome',
      'manage_members',
    ]);
    expect(permissionsHeld(cast.member, row)).toEqual(['upload_files', 'submit_outcome']);
    expect(permissionsHeld(cast.viewer, row)).toEqual([]);
    // An application's permissions field counts for nothing until it is approved.
    expect(permissionsHeld(actor(6, { membership: membership('applied', ALL) }), row)).toEqual([]);
    expect(permissionsHeld(cast.admin, row)).toEqual([]);
  });

  it('joining: subjects take specialists, directions students and specialists; never the owner by invitation', () => {
    const specialist = { id: 20, role: 'Specialist' };
    const student = { id: 21, role: 'Student' };
    expect(researchPolicy.can(specialist, 'join', { kind: 'subject' })).toBe(true);
    expect(researchPolicy.can(student, 'join', { kind: 'subject' })).toBe(false);
    expect(researchPolicy.can(student, 'join', { kind: 'direction' })).toBe(true);
    expect(researchPolicy.can({ role: 'Enterprise' }, 'join', { kind: 'direction' })).toBe(false);
    expect(researchPolicy.can(specialist, 'beInvited', project)).toBe(true);
    expect(researchPolicy.can({ id: 1, role: 'Specialist' }, 'beInvited', project)).toBe(false);
    expect(researchPolicy.can(student, 'beInvited', project)).toBe(false);
  });

  it('a membership opens for the member themself, the managers and admins', () => {
    const of = (userId: number) => ({ member: { user_id: userId }, project });
    expect(researchPolicy.can(cast.applicant, 'seeMembership', of(6))).toBe(true);
    expect(researchPolicy.can(cast.applicant, 'seeMembership', of(7))).toBe(false);
    expect(researchPolicy.can(cast.manager, 'seeMembership', of(7))).toBe(true);
    expect(researchPolicy.can(cast.creator, 'seeMembership', of(7))).toBe(true);
    expect(researchPolicy.can(cast.member, 'seeMembership', of(7))).toBe(false);
    expect(researchPolicy.can(cast.stranger, 'seeMembership', of(7))).toBe(false);
  });

  it('phases: assignees are the owner or members; a phase naming assignees takes outcomes from them and the owner', () => {
    expect(researchPolicy.can({ userId: 1, member: false }, 'bePhaseAssignee', project)).toBe(true);
    expect(researchPolicy.can({ userId: 4, member: true }, 'bePhaseAssignee', project)).toBe(true);
    expect(researchPolicy.can({ userId: 9, member: false }, 'bePhaseAssignee', project)).toBe(false);
    const phase = (assignees: number[]) => ({ project, assignees });
    expect(researchPolicy.can(cast.member, 'submitForPhase', phase([]))).toBe(true);
    expect(researchPolicy.can(cast.member, 'submitForPhase', phase([4]))).toBe(true);
    expect(researchPolicy.can(cast.member, 'submitForPhase', phase([3]))).toBe(false);
    expect(researchPolicy.can(cast.colleague, 'submitForPhase', phase([3]))).toBe(true);
  });

  it('questions: assignees are student members; an assignee answers while a member and sees their own part', () => {
    expect(researchPolicy.can({ userId: 4, member: true, role: 'Student' }, 'beQuestionAssignee', project)).toBe(true);
    expect(researchPolicy.can({ userId: 4, member: true, role: 'Specialist' }, 'beQuestionAssignee', project)).toBe(
      false,
    );
    expect(researchPolicy.can({ userId: 4, member: false, role: 'Student' }, 'beQuestionAssignee', project)).toBe(
      false,
    );
    const question = { assignees: [{ user_id: 4 }, { user_id: 6 }] };
    expect(researchPolicy.can(cast.member, 'answer', question)).toBe(true);
    expect(researchPolicy.can(cast.member, 'seeOwnQuestion', question)).toBe(true);
    // Applied (or gone) is no longer a member: they still see their part but may not answer.
    expect(researchPolicy.can(cast.applicant, 'answer', question)).toBe(false);
    expect(researchPolicy.can(cast.applicant, 'seeOwnQuestion', question)).toBe(true);
    expect(researchPolicy.can(cast.viewer, 'answer', question)).toBe(false);
    expect(researchPolicy.can(cast.viewer, 'seeOwnQuestion', question)).toBe(false);
  });

  it('the cooperation chain: the sending institute starts a subject; its institute and the demand’s enterprise list them', () => {
    const solution = { org_id: 10 };
    expect(researchPolicy.can({ orgId: 10 }, 'startSubject', solution)).toBe(true);
    expect(researchPolicy.can({ orgId: 11 }, 'startSubject', solution)).toBe(false);
    const link = { solution: { org_id: 10 }, demand: { org_id: 20 } };
    expect(researchPolicy.can({ admin: false, orgId: 10 }, 'seeSubjectsOfSolution', link)).toBe(true);
    expect(researchPolicy.can({ admin: false, orgId: 20 }, 'seeSubjectsOfSolution', link)).toBe(true);
    expect(researchPolicy.can({ admin: false, orgId: 30 }, 'seeSubjectsOfSolution', link)).toBe(false);
    expect(researchPolicy.can({ admin: false, orgId: null }, 'seeSubjectsOfSolution', link)).toBe(false);
  });

  it('authorize refuses with 304, or with the module’s own answer', () => {
    expect(() => researchPolicy.authorize(cast.member, 'edit', project)).toThrow(
      expect.objectContaining({ status: 304 }) as Error,
    );
    const notAssigned = () => new AppError(STATUS.forbidden, 'errors.phaseNotAssigned');
    expect(() =>
      researchPolicy.authorize(cast.member, 'submitForPhase', { project, assignees: [3] }, notAssigned),
    ).toThrow(expect.objectContaining({ message: 'errors.phaseNotAssigned' }) as Error);
    expect(() => researchPolicy.authorize(cast.creator, 'edit', project)).not.toThrow();
  });
});
