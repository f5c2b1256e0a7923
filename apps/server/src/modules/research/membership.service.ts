import { businessToday } from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import {
  DEFAULT_PRESET,
  LIVE_PROJECT_STATES,
  PERMISSION_PRESETS,
  RESEARCH_PERMISSIONS,
  type Apply,
  type Invite,
  type MemberProject,
  type Permissions,
  type RefuseJoin,
  type ResearchKind,
  type ResearchMember,
  type ResearchPermission,
  type Respond,
} from '@mathbridge/contracts/research';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ResearchMemberRow, ResearchProjectRow } from '../../db/types.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { grantSpaceMember, revokeSpaceMember } from '../files/spaces.service.ts';
import { certifiedPeopleOf, certifiedPersonOf } from '../identity/person-actor.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import {
  ANY_SECTIONS,
  MEMBER_TARGET,
  POOL_SECTION,
  accessTo,
  actorFor,
  audit,
  loadProject,
  memberFor,
  projectFor,
  requireSection,
  withPoolView,
} from './research-access.service.ts';
import { researchPolicy } from './research.policy.ts';
import { presentMember } from './research.presenter.ts';
import * as repo from './research.repository.ts';

/**
 * Memberships of research projects (issue 10, DESIGN §9): apply (note) → the owner approves |
 * refuses with a reason; invitations → accept | decline; member → leaves | removed; the owner
 * sets each member's permission set (authorityManagement). Who may do each is research.policy.ts;
 * a place is taken and freed with a guarded member count, in the membership's transaction.
 */

const wrongState = () => conflict('errors.projectWrongState');
const memberWrongState = () => conflict('errors.researchMemberWrongState');
const LIVE: readonly string[] = LIVE_PROJECT_STATES;

const spaceRoleOf = (permissions: readonly string[]) => (permissions.includes('upload_files') ? 'write' : 'read');

/**
 * GET research/memberProject: the kind and project of a membership, so its to-dos (researchApply,
 * researchInvite) can open the project: for the member themself, the project's owner or a member
 * with manage_members, and admins; anyone else gets 304.
 */
export async function memberProject(ctx: AppContext, caller: Caller, memberId: number): Promise<MemberProject> {
  const member = await repo.findMember(ctx.db, memberId);
  if (!member) throw notFound('errors.researchMemberNotFound');
  const project = await repo.findProject(ctx.db, member.project_id);
  if (!project) throw notFound('errors.researchMemberNotFound');
  researchPolicy.authorize(await actorFor(ctx, caller, project), 'seeMembership', { member, project });
  return { kind: project.kind as ResearchKind, project_id: project.id };
}

/**
 * POST …/apply: a certified joiner the pool shows the project to applies with a note while it
 * recruits; the owner gets a to-do. Confidential projects need `accept_nda` 1.
 */
export async function applyToProject(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: Apply,
  ip: string,
  locale: Locale,
): Promise<ResearchMember> {
  requireSection(caller, [POOL_SECTION[kind]]);
  const project = await loadProject(ctx.db, kind, input.id);
  const access = await accessTo(ctx, caller, project);
  if (access.owner) throw conflict('errors.researchAlreadyJoined');
  researchPolicy.authorize(await withPoolView(ctx, caller, access), 'apply', project);
  // Without a certified identity the caller is no joiner at all.
  const person = await certifiedPersonOf(ctx.db, caller.id);
  if (!person) throw forbidden();
  researchPolicy.authorize(person, 'join', project);
  if (access.actor.membership) throw conflict('errors.researchAlreadyJoined');
  if (project.status !== 'published' || (project.apply_deadline !== null && project.apply_deadline < businessToday()))
    throw conflict('errors.projectNotRecruiting');
  if (project.member_count >= project.headcount) throw conflict('errors.projectFull');
  if (project.confidential === 1 && input.accept_nda !== 1)
    throw invalidField('accept_nda', 'ndaRequired', translate(locale, 'errors.researchNdaRequired'));
  const now = nowIso();
  const member = await inTransaction(ctx.db, async (trx) => {
    // Still recruiting at commit: a racing close/pause either won (409 here) or waits and ends this application.
    if (!(await repo.lockProject(trx, project.id, ['published']))) throw conflict('errors.projectNotRecruiting');
    const row = await repo.insertMember(trx, {
      project_id: project.id,
      user_id: caller.id,
      user_name: person.name,
      status: 'applied',
      note: input.note,
      reason: null,
      permissions: '',
      nda_accepted_at: project.confidential === 1 ? now : null,
      invited_by: null,
      decided_by: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    });
    await openTodo(trx, {
      kind: 'researchApply',
      assignee: { userId: project.owner_user_id },
      target: MEMBER_TARGET(row.id),
      params: { name: person.name, title: project.title },
    });
    await audit(trx, caller, 'apply', project, ip, { member: row.id });
    return row;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('errors.researchAlreadyJoined');
    throw error;
  });
  return presentMember(member);
}

/** Reserves a place (guarded count) after the membership moved in the same transaction; 409 when full or ended. */
async function takePlace(trx: Db, projectId: number): Promise<void> {
  if (await repo.addMemberCount(trx, projectId, 1, LIVE)) return;
  const now = await repo.findProject(trx, projectId);
  if (now && LIVE.includes(now.status)) throw conflict('errors.projectFull');
  throw wrongState();
}

/**
 * POST …/approveJoin: applied → member, within the headcount: a guarded count update (below
 * headcount, project running) and a guarded membership update (status applied) in one
 * transaction. The member gets the default preset and the matching file-space grant.
 */
export async function approveJoin(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  memberId: number,
  ip: string,
): Promise<ResearchMember> {
  const { access, member } = await memberFor(ctx, caller, kind, memberId, 'manageMembers');
  if (member.status !== 'applied') throw memberWrongState();
  const permissions = PERMISSION_PRESETS[DEFAULT_PRESET];
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    // The project row first, as apply, invite and close lock it: one lock order, no deadlock.
    await takePlace(trx, access.project.id);
    const moved = await repo.moveMember(trx, member.id, ['applied'], {
      status: 'member',
      permissions: permissions.join(','),
      decided_by: caller.id,
      decided_at: now,
      updated_at: now,
    });
    if (!moved) throw memberWrongState();
    await closeTodos(trx, MEMBER_TARGET(member.id), 'done', caller.id);
    await notify(trx, {
      userId: member.user_id,
      actorId: caller.id,
      kind: 'researchApplyApproved',
      target: MEMBER_TARGET(member.id),
      params: { title: access.project.title, kind, project: String(access.project.id) },
    });
    await audit(trx, caller, 'approveJoin', access.project, ip, { member: member.id, user: member.user_id });
  });
  await grantFiles(ctx, access.project, member.user_id, permissions, caller.id);
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}

/** POST …/refuseJoin: applied → refused with the required reason the applicant sees. */
export async function refuseJoin(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: RefuseJoin,
  ip: string,
): Promise<ResearchMember> {
  const { access, member } = await memberFor(ctx, caller, kind, input.member_id, 'manageMembers');
  if (member.status !== 'applied') throw memberWrongState();
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const moved = await repo.moveMember(trx, member.id, ['applied'], {
      status: 'refused',
      reason: input.reason,
      decided_by: caller.id,
      decided_at: now,
      updated_at: now,
    });
    if (!moved) throw memberWrongState();
    await closeTodos(trx, MEMBER_TARGET(member.id), 'done', caller.id);
    await notify(trx, {
      userId: member.user_id,
      actorId: caller.id,
      kind: 'researchApplyRefused',
      target: MEMBER_TARGET(member.id),
      params: { title: access.project.title, note: input.reason, kind, project: String(access.project.id) },
    });
    await audit(trx, caller, 'refuseJoin', access.project, ip, { member: member.id, user: member.user_id });
  });
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}

/**
 * POST …/invite: invites certified joiners to a running project (each gets a to-do); for a group
 * range they also become designees. Someone already applied, invited or in is 409 (nothing changes).
 */
export async function inviteToProject(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: Invite,
  ip: string,
  locale: Locale,
): Promise<ResearchMember[]> {
  const { project } = await projectFor(ctx, caller, kind, input.id, 'manageMembers');
  if (!LIVE.includes(project.status)) throw wrongState();
  const certified = await certifiedPeopleOf(ctx.db, input.user_ids);
  const people = input.user_ids.map((userId) => {
    const person = certified.get(userId);
    if (!person || !researchPolicy.can(person, 'beInvited', project))
      throw invalidField('user_ids', 'researchUserNotEligible', translate(locale, 'errors.researchUserNotEligible'));
    return person;
  });
  const rows = await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (!(await repo.lockProject(trx, project.id, LIVE))) throw wrongState();
    if (project.publish_range === 'group') await repo.addDesignees(trx, project.id, input.user_ids);
    if ((await repo.openMembershipsOf(trx, project.id, input.user_ids)).length > 0)
      throw conflict('errors.researchAlreadyJoined');
    const created: ResearchMemberRow[] = [];
    for (const person of people) {
      const row = await repo.insertMember(trx, {
        project_id: project.id,
        user_id: person.id,
        user_name: person.name,
        status: 'invited',
        note: null,
        reason: null,
        permissions: '',
        nda_accepted_at: null,
        invited_by: caller.id,
        decided_by: null,
        decided_at: null,
        created_at: now,
        updated_at: now,
      });
      await openTodo(trx, {
        kind: 'researchInvite',
        assignee: { userId: person.id },
        target: MEMBER_TARGET(row.id),
        params: { owner: project.owner_name, title: project.title },
      });
      created.push(row);
    }
    await audit(trx, caller, 'invite', project, ip, { users: input.user_ids });
    return created;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('errors.researchAlreadyJoined');
    throw error;
  });
  return rows.map(presentMember);
}

/** The caller's open membership (invitation, application or membership) of a project of this kind; 304 without one. */
async function ownInvitation(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
  action: 'answerInvitation' | 'leave',
) {
  requireSection(caller, ANY_SECTIONS[kind]);
  const project = await loadProject(ctx.db, kind, id);
  const member = await repo.findOpenMembership(ctx.db, project.id, caller.id);
  researchPolicy.authorize({ membership: member }, action, project);
  // The rule passes only a caller holding an open membership.
  return { project, member: member as ResearchMemberRow };
}

/** POST …/acceptInvite: invited → member within the headcount (as approveJoin); NDA first when confidential. */
export async function acceptInvite(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: Respond,
  ip: string,
  locale: Locale,
): Promise<ResearchMember> {
  const { project, member } = await ownInvitation(ctx, caller, kind, input.id, 'answerInvitation');
  if (member.status !== 'invited') throw memberWrongState();
  if (project.confidential === 1 && input.accept_nda !== 1)
    throw invalidField('accept_nda', 'ndaRequired', translate(locale, 'errors.researchNdaRequired'));
  const permissions = PERMISSION_PRESETS[DEFAULT_PRESET];
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    await takePlace(trx, project.id);
    const moved = await repo.moveMember(trx, member.id, ['invited'], {
      status: 'member',
      permissions: permissions.join(','),
      nda_accepted_at: project.confidential === 1 ? now : null,
      decided_by: caller.id,
      decided_at: now,
      updated_at: now,
    });
    if (!moved) throw memberWrongState();
    await closeTodos(trx, MEMBER_TARGET(member.id), 'done', caller.id);
    await notify(trx, {
      userId: project.owner_user_id,
      actorId: caller.id,
      kind: 'researchMemberJoined',
      target: MEMBER_TARGET(member.id),
      params: { name: member.user_name, title: project.title, kind, project: String(project.id) },
    });
    await audit(trx, caller, 'acceptInvite', project, ip, { member: member.id });
  });
  await grantFiles(ctx, project, caller.id, permissions, caller.id);
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}

/** POST …/declineInvite: invited → declined. */
export async function declineInvite(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
  ip: string,
): Promise<ResearchMember> {
  const { project, member } = await ownInvitation(ctx, caller, kind, id, 'answerInvitation');
  if (member.status !== 'invited') throw memberWrongState();
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (!(await repo.moveMember(trx, member.id, ['invited'], { status: 'declined', decided_at: now, updated_at: now })))
      throw memberWrongState();
    await closeTodos(trx, MEMBER_TARGET(member.id), 'done', caller.id);
    await audit(trx, caller, 'declineInvite', project, ip, { member: member.id });
  });
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}

/** member → left (by themselves) or removed (by a manager); the place is freed and the file grant revoked. */
async function endMembership(
  ctx: AppContext,
  caller: Caller,
  project: ResearchProjectRow,
  member: ResearchMemberRow,
  to: 'left' | 'removed',
  ip: string,
): Promise<ResearchMember> {
  if (member.status !== 'member') throw memberWrongState();
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const moved = await repo.moveMember(trx, member.id, ['member'], {
      status: to,
      decided_by: caller.id,
      decided_at: now,
      updated_at: now,
    });
    if (!moved) throw memberWrongState();
    await repo.addMemberCount(trx, project.id, -1, LIVE);
    await audit(trx, caller, to === 'left' ? 'leave' : 'remove', project, ip, {
      member: member.id,
      user: member.user_id,
    });
  });
  if (project.space_id !== null) await revokeSpaceMember(ctx, project.space_id, member.user_id, caller.id);
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}

/** POST …/leave: the caller leaves a project they are a member of. */
export async function leaveProject(ctx: AppContext, caller: Caller, kind: ResearchKind, id: number, ip: string) {
  const { project, member } = await ownInvitation(ctx, caller, kind, id, 'leave');
  return endMembership(ctx, caller, project, member, 'left', ip);
}

/** POST …/remove: a manager removes a member. */
export async function removeMember(ctx: AppContext, caller: Caller, kind: ResearchKind, memberId: number, ip: string) {
  const { access, member } = await memberFor(ctx, caller, kind, memberId, 'manageMembers');
  return endMembership(ctx, caller, access.project, member, 'removed', ip);
}

/** The member's file-space role follows their permissions: upload_files = write, otherwise read. */
async function grantFiles(
  ctx: AppContext,
  project: ResearchProjectRow,
  userId: number,
  permissions: readonly string[],
  actorId: number,
): Promise<void> {
  if (project.space_id !== null)
    await grantSpaceMember(ctx, project.space_id, userId, spaceRoleOf(permissions), actorId);
}

/** POST …/permissions (authorityManagement): the owner sets a member's permission set (or a preset). */
export async function setPermissions(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: Permissions,
  ip: string,
): Promise<ResearchMember> {
  const { access, member } = await memberFor(ctx, caller, kind, input.member_id, 'setPermissions');
  if (member.status !== 'member') throw memberWrongState();
  const chosen: readonly ResearchPermission[] = input.permissions ?? PERMISSION_PRESETS[input.preset ?? DEFAULT_PRESET];
  const permissions = RESEARCH_PERMISSIONS.filter((p) => chosen.includes(p));
  await inTransaction(ctx.db, async (trx) => {
    const moved = await repo.moveMember(trx, member.id, ['member'], {
      permissions: permissions.join(','),
      updated_at: nowIso(),
    });
    if (!moved) throw memberWrongState();
    await audit(trx, caller, 'permissions', access.project, ip, { member: member.id, permissions });
  });
  await grantFiles(ctx, access.project, member.user_id, permissions, caller.id);
  return presentMember((await repo.findMember(ctx.db, member.id)) ?? member);
}
