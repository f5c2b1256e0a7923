import type { ResearchKind, ResearchPermission } from '@mathbridge/contracts/research';
import { canUseSection } from '@mathbridge/contracts/workspace';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ResearchMemberRow, ResearchProjectRow } from '../../db/types.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { certifiedOrganisationOfUser } from '../identity/org-actor.service.ts';
import * as repo from './research.repository.ts';
import {
  PERMISSION_RULES,
  permissionsHeld,
  researchPolicy,
  type ProjectAction,
  type ResearchActor,
} from './research.policy.ts';

/**
 * What every research service shares (issue 10, DESIGN §9): the workspace sections of each kind,
 * loading a project (404 through the other kind's face) together with what the caller is to it —
 * the actor research.policy.ts judges — and the audit row every transition writes.
 */

/** Sections (spec §6) whose holders create and run projects of a kind. */
export const OWNER_SECTIONS: Record<ResearchKind, readonly string[]> = {
  subject: ['subjectManage', 'subjectManageS'],
  direction: ['directionManage'],
};
/** Sections whose holders browse and join projects of a kind. */
export const POOL_SECTION: Record<ResearchKind, string> = { subject: 'subjectsPool', direction: 'directionsPool' };
/** Every section a project of this kind shows in (members read it from theirs). */
export const ANY_SECTIONS: Record<ResearchKind, readonly string[]> = {
  subject: ['subjectManage', 'subjectManageS', 'subjectsPool'],
  direction: ['directionManage', 'directionManageStu', 'directionsPool'],
};

export function requireSection(caller: Caller, keys: readonly string[]): void {
  if (!keys.some((key) => canUseSection(caller.roles, caller.verifyState, key))) throw forbidden();
}

/** The to-do and notification target of a membership. */
export const MEMBER_TYPE = 'research_member';
export const MEMBER_TARGET = (id: number) => ({ type: MEMBER_TYPE, id });

/** A project and what the caller is to it: the actor the policy judges, owner or not, the permissions they hold. */
export interface ProjectAccess {
  project: ResearchProjectRow;
  actor: ResearchActor;
  owner: boolean;
  permissions: ResearchPermission[];
}

/**
 * Loads what the rules need to know about a user and a project: their certified organisation
 * (when an organisation owns the project) and, unless they own it, their open membership.
 */
export async function actorFor(
  ctx: AppContext,
  user: Pick<Caller, 'id' | 'roles'>,
  project: ResearchProjectRow,
): Promise<ResearchActor> {
  const org = project.owner_org_id === null ? null : await certifiedOrganisationOfUser(ctx, user.id);
  const actor: ResearchActor = {
    userId: user.id,
    admin: isAdmin(user),
    orgId: org?.id ?? null,
    membership: undefined,
  };
  if (!researchPolicy.can(actor, 'own', project))
    actor.membership = await repo.findOpenMembership(ctx.db, project.id, user.id);
  return actor;
}

/** The project with what the caller is to it (owner, member, admin, stranger) and the permissions they hold. */
export async function accessTo(ctx: AppContext, caller: Caller, project: ResearchProjectRow): Promise<ProjectAccess> {
  const actor = await actorFor(ctx, caller, project);
  return {
    project,
    actor,
    owner: researchPolicy.can(actor, 'own', project),
    permissions: permissionsHeld(actor, project),
  };
}

/** Adds what the pool shows the caller (detail, apply): whether they use its section, whether its group names them. */
export async function withPoolView(ctx: AppContext, caller: Caller, access: ProjectAccess): Promise<ResearchActor> {
  const { project } = access;
  return {
    ...access.actor,
    pool: {
      section: canUseSection(caller.roles, caller.verifyState, POOL_SECTION[project.kind as ResearchKind]),
      designee: await repo.isDesignee(ctx.db, project.id, caller.id),
    },
  };
}

/**
 * A permission of the set (or 'owner') on the access's project, for other modules' checks on a
 * phase (notebook deliverables): the policy's rule for it, 304 otherwise.
 */
export function requirePermission(access: ProjectAccess, need: ResearchPermission | 'owner'): void {
  researchPolicy.authorize(access.actor, need === 'owner' ? 'own' : PERMISSION_RULES[need], access.project);
}

/** Reading a project's working parts (phases, deliverables): the policy's `read`, 304 otherwise. */
export function requireReader(access: ProjectAccess): void {
  researchPolicy.authorize(access.actor, 'read', access.project);
}

export async function loadProject(db: Db, kind: ResearchKind, id: number): Promise<ResearchProjectRow> {
  const project = await repo.findProject(db, id);
  if (!project || project.kind !== kind) throw notFound('errors.projectNotFound');
  return project;
}

/** A project of the kind the caller may do `action` to (304 otherwise), with what they are to it. */
export async function projectFor(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
  action: ProjectAction,
): Promise<ProjectAccess> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const access = await accessTo(ctx, caller, await loadProject(ctx.db, kind, id));
  researchPolicy.authorize(access.actor, action, access.project);
  return access;
}

/** A membership of a project of the kind, whose project the caller may do `action` to (304 otherwise). */
export async function memberFor(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  memberId: number,
  action: ProjectAction,
): Promise<{ access: ProjectAccess; member: ResearchMemberRow }> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const member = await repo.findMember(ctx.db, memberId);
  if (!member) throw notFound('errors.researchMemberNotFound');
  const project = await repo.findProject(ctx.db, member.project_id);
  if (!project || project.kind !== kind) throw notFound('errors.researchMemberNotFound');
  const access = await accessTo(ctx, caller, project);
  researchPolicy.authorize(access.actor, action, access.project);
  return { access, member };
}

export async function audit(
  trx: Db,
  caller: Caller,
  action: string,
  project: { id: number; kind: string },
  ip: string,
  detail?: Record<string, unknown>,
) {
  await writeAudit(trx, {
    actorId: caller.id,
    action: `research.${action}`,
    targetType: project.kind,
    targetId: project.id,
    detail,
    ip,
  });
}
