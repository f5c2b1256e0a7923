import { businessToday } from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import {
  DEFAULT_PRESET,
  LIVE_PROJECT_STATES,
  PERMISSION_PRESETS,
  PROJECT_TRANSITIONS,
  RESEARCH_PERMISSIONS,
  type Apply,
  type FoundUser,
  type Invite,
  type MemberProject,
  type Permissions,
  type PoolPage,
  type PoolQuery,
  type ProjectDetail,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectSave,
  type ProjectSummary,
  type ProjectTransition,
  type RefuseJoin,
  type ResearchKind,
  type ResearchMember,
  type ResearchPermission,
  type Respond,
} from '@mathbridge/contracts/research';
import { canUseSection } from '@mathbridge/contracts/workspace';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ResearchMemberRow, ResearchProjectRow } from '../../db/types.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { cursorAfter, keysetPage, offsetOf, pageOf } from '../../lib/paging.ts';
import { codesOf, inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { solutionWithDemand } from '../demands/solutions.service.ts';
import { createSpace, grantSpaceMember, revokeSpaceMember } from '../files/spaces.service.ts';
import { certifiedOrganisationOfUser, orgOf } from '../identity/org-actor.service.ts';
import {
  certifiedPeopleOf,
  certifiedPersonOf,
  certifiedPersonOfUser,
  searchCertified,
} from '../identity/person-actor.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, closeTodosOfTargets, openTodo } from '../workflow/todo.service.ts';
import { permissionsOf, presentMember, presentProject } from './research.presenter.ts';
import * as repo from './research.repository.ts';

/**
 * Research projects (issue 10, DESIGN §9): ONE engine for subjects and directions. Every call
 * takes the `kind` of the face it came through (`subject/*` or `direction/*`); a project of the
 * other kind is 404 there. Every transition is one function here: a guarded update (status in
 * the allowed from-states), an audit row in the same transaction, to-dos where someone must act.
 */

/* ---- who may do what ---- */

/** Sections (spec §6) whose holders create and run projects of a kind. */
const OWNER_SECTIONS: Record<ResearchKind, readonly string[]> = {
  subject: ['subjectManage', 'subjectManageS'],
  direction: ['directionManage'],
};
/** Sections whose holders browse and join projects of a kind. */
const POOL_SECTION: Record<ResearchKind, string> = { subject: 'subjectsPool', direction: 'directionsPool' };
/** Every section a project of this kind shows in (members read it from theirs). */
export const ANY_SECTIONS: Record<ResearchKind, readonly string[]> = {
  subject: ['subjectManage', 'subjectManageS', 'subjectsPool'],
  direction: ['directionManage', 'directionManageStu', 'directionsPool'],
};
/** Certified people who may join (be invited to) a project of a kind. */
const JOINER_ROLES: Record<ResearchKind, readonly string[]> = {
  subject: ['Specialist'],
  direction: ['Student', 'Specialist'],
};
/** Whom the designee search finds: certified specialists resp. students (DESIGN §9). */
const SEARCH_ROLE: Record<ResearchKind, string> = { subject: 'Specialist', direction: 'Student' };

export function requireSection(caller: Caller, keys: readonly string[]): void {
  if (!keys.some((key) => canUseSection(caller.roles, caller.verifyState, key))) throw forbidden();
}

const wrongState = () => conflict('errors.projectWrongState');
const memberWrongState = () => conflict('errors.researchMemberWrongState');
const LIVE: readonly string[] = LIVE_PROJECT_STATES;
const MEMBER_TYPE = 'research_member';
const MEMBER_TARGET = (id: number) => ({ type: MEMBER_TYPE, id });

/** What the caller is to a project: its owner (all permissions), a member (their set), an admin (read). */
export interface ProjectAccess {
  project: ResearchProjectRow;
  owner: boolean;
  admin: boolean;
  /** The caller's open membership (applied, invited or member), if any. */
  membership: ResearchMemberRow | undefined;
  permissions: ResearchPermission[];
}

/** The project's owner: the user who created it, or anyone of its certified owning organisation. */
export async function ownsProject(ctx: AppContext, userId: number, project: ResearchProjectRow): Promise<boolean> {
  if (project.owner_user_id === userId) return true;
  if (project.owner_org_id === null) return false;
  const org = await certifiedOrganisationOfUser(ctx, userId);
  return org?.id === project.owner_org_id;
}

export async function accessTo(ctx: AppContext, caller: Caller, project: ResearchProjectRow): Promise<ProjectAccess> {
  const owner = await ownsProject(ctx, caller.id, project);
  const membership = owner ? undefined : await repo.findOpenMembership(ctx.db, project.id, caller.id);
  const permissions: ResearchPermission[] = owner
    ? [...RESEARCH_PERMISSIONS]
    : membership?.status === 'member'
      ? permissionsOf(membership)
      : [];
  return { project, owner, admin: isAdmin(caller), membership, permissions };
}

/**
 * The one permission check of the engine: the owner passes everything; a member (status member)
 * passes what their set holds; `owner` calls are the owner's alone. Anyone else, admins included
 * (they read, never act), gets 304.
 */
export function requirePermission(access: ProjectAccess, need: ResearchPermission | 'owner'): void {
  if (access.owner) return;
  if (need !== 'owner' && access.membership?.status === 'member' && access.permissions.includes(need)) return;
  throw forbidden();
}

/** Reading a project's working parts (phases, deliverables): its owner, members (status member) and admins; 304 for others. */
export function requireReader(access: ProjectAccess): void {
  if (!access.owner && !access.admin && access.membership?.status !== 'member') throw forbidden();
}

export async function loadProject(db: Db, kind: ResearchKind, id: number): Promise<ResearchProjectRow> {
  const project = await repo.findProject(db, id);
  if (!project || project.kind !== kind) throw notFound('errors.projectNotFound');
  return project;
}

export async function projectFor(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
  need: ResearchPermission | 'owner',
): Promise<ProjectAccess> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const access = await accessTo(ctx, caller, await loadProject(ctx.db, kind, id));
  requirePermission(access, need);
  return access;
}

async function memberFor(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  memberId: number,
  need: ResearchPermission | 'owner',
): Promise<{ access: ProjectAccess; member: ResearchMemberRow }> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const member = await repo.findMember(ctx.db, memberId);
  if (!member) throw notFound('errors.researchMemberNotFound');
  const project = await repo.findProject(ctx.db, member.project_id);
  if (!project || project.kind !== kind) throw notFound('errors.researchMemberNotFound');
  const access = await accessTo(ctx, caller, project);
  requirePermission(access, need);
  return { access, member };
}

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
  if (member.user_id !== caller.id && !isAdmin(caller))
    requirePermission(await accessTo(ctx, caller, project), 'manage_members');
  return { kind: project.kind as ResearchKind, project_id: project.id };
}

/** The name a new project is owned under: a certified institute (subjects) or the certified specialist. */
async function creatorOf(ctx: AppContext, caller: Caller, kind: ResearchKind) {
  if (kind === 'subject') {
    const institute = await orgOf(ctx, caller, 'ResearchInstitute');
    if (institute) return { orgId: institute.org.id, name: institute.org.name };
  }
  if (caller.roles.includes('Specialist') && caller.verifyState === 1) {
    const person = await certifiedPersonOf(ctx.db, caller.id);
    if (person?.role === 'Specialist') return { orgId: null, name: person.name };
  }
  throw forbidden();
}

/** A certified person who may join a project of this kind, with their certified name; null if not. */
async function joinerOf(ctx: AppContext, kind: ResearchKind, userId: number) {
  const person = await certifiedPersonOf(ctx.db, userId);
  return person && JOINER_ROLES[kind].includes(person.role) ? person : null;
}

/** joinerOf for many users in one query: user id → person, for those who may join. */
async function joinersOf(ctx: AppContext, kind: ResearchKind, userIds: readonly number[]) {
  const people = await certifiedPeopleOf(ctx.db, userIds);
  return new Map([...people].filter(([, person]) => JOINER_ROLES[kind].includes(person.role)));
}

const spaceRoleOf = (permissions: readonly string[]) => (permissions.includes('upload_files') ? 'write' : 'read');

/* ---- projects ---- */

function fieldsOf(input: ProjectSave) {
  return {
    title: input.title,
    summary: input.summary,
    description: input.description,
    msc_fields: input.msc_fields.join(','),
    publish_range: input.publish_range,
    headcount: input.headcount,
    apply_deadline: input.apply_deadline ?? null,
    confidential: input.confidential,
  };
}

async function checkDesignees(ctx: AppContext, kind: ResearchKind, ids: readonly number[], locale: Locale) {
  const joiners = await joinersOf(ctx, kind, ids);
  if (ids.some((id) => !joiners.has(id)))
    throw invalidField('designees', 'researchUserNotEligible', translate(locale, 'errors.researchUserNotEligible'));
}

/** A direction's parent: a live or finished subject the specialist owns or is a member of. */
async function checkParent(ctx: AppContext, caller: Caller, parentId: number | undefined, locale: Locale) {
  if (parentId === undefined) return null;
  const parent = await repo.findProject(ctx.db, parentId);
  const refuse = () =>
    invalidField('parent_id', 'researchParentNotJoined', translate(locale, 'errors.researchParentNotJoined'));
  if (!parent || parent.kind !== 'subject') throw refuse();
  const access = await accessTo(ctx, caller, parent);
  if (!access.owner && access.membership?.status !== 'member') throw refuse();
  return parent.id;
}

async function attachSpace(ctx: AppContext, project: ResearchProjectRow): Promise<number> {
  const space = await createSpace(ctx, {
    kind: 'research',
    refKey: `research:${project.id}`,
    name: `${project.kind}-${project.id}`,
    ownerUserId: project.owner_user_id,
    quotaHolder:
      project.owner_org_id !== null
        ? { type: 'org', id: project.owner_org_id }
        : { type: 'user', id: project.owner_user_id },
  });
  await repo.updateProjectSpace(ctx.db, project.id, space.id);
  return space.id;
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

/**
 * POST subject/save | direction/save: creates a draft (no id) or edits the owner's draft;
 * `commit` 1 also publishes (draft → published). Subjects: a certified institute's (its org) or a
 * certified specialist's custom subject. Directions: a certified specialist's, optionally under a
 * subject they belong to.
 */
export async function saveProject(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: ProjectSave,
  ip: string,
  locale: Locale,
): Promise<ProjectDetail> {
  requireSection(caller, OWNER_SECTIONS[kind]);
  if (kind === 'subject' && input.parent_id !== undefined)
    throw invalidField('parent_id', 'invalid', translate(locale, 'validation.invalid'));
  await checkDesignees(ctx, kind, input.designees, locale);
  const publish = input.commit === 1;
  if (input.id === undefined) {
    const creator = await creatorOf(ctx, caller, kind);
    const parentId = kind === 'direction' ? await checkParent(ctx, caller, input.parent_id, locale) : null;
    const now = nowIso();
    const row = await inTransaction(ctx.db, async (trx) => {
      const created = await repo.insertProject(trx, {
        ...fieldsOf(input),
        kind,
        owner_org_id: creator.orgId,
        owner_user_id: caller.id,
        owner_name: creator.name,
        parent_id: parentId,
        solution_id: null,
        demand_id: null,
        status: publish ? 'published' : 'draft',
        space_id: null,
        created_at: now,
        updated_at: now,
        published_at: publish ? now : null,
        started_at: null,
        ended_at: null,
      });
      await repo.writeFields(trx, created);
      await repo.replaceDesignees(trx, created.id, input.publish_range === 'group' ? input.designees : []);
      await audit(trx, caller, 'create', created, ip, { parent: parentId });
      if (publish) await audit(trx, caller, 'commit', created, ip);
      return created;
    });
    await attachSpace(ctx, row);
    return projectDetail(ctx, caller, kind, row.id);
  }
  const { project } = await projectFor(ctx, caller, kind, input.id, 'owner');
  if (project.status !== 'draft') throw wrongState();
  const parentId =
    kind === 'direction' && input.parent_id !== project.parent_id
      ? await checkParent(ctx, caller, input.parent_id, locale)
      : project.parent_id;
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const fields = fieldsOf(input);
    // A subject started from a confidential demand stays confidential (its NDA is inherited).
    if (project.solution_id !== null && project.confidential === 1) fields.confidential = 1;
    const changes = {
      ...fields,
      parent_id: parentId,
      updated_at: now,
      ...(publish ? { status: 'published', published_at: now } : {}),
    };
    if (!(await repo.moveProject(trx, project.id, ['draft'], changes))) throw wrongState();
    const updated = await repo.findProject(trx, project.id);
    if (updated) await repo.writeFields(trx, updated);
    await repo.replaceDesignees(trx, project.id, input.publish_range === 'group' ? input.designees : []);
    await audit(trx, caller, 'update', project, ip);
    if (publish) await audit(trx, caller, 'commit', project, ip);
  });
  return projectDetail(ctx, caller, kind, project.id);
}

/**
 * POST …/edit: the owner edits a running project (published, paused, in progress). The headcount
 * may not drop below the members already in (one guarded update checks both).
 */
export async function editProject(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: ProjectSave,
  ip: string,
  locale: Locale,
): Promise<ProjectDetail> {
  if (input.id === undefined) throw invalidField('id', 'required', translate(locale, 'validation.required'));
  const { project } = await projectFor(ctx, caller, kind, input.id, 'owner');
  if (kind === 'subject' && input.parent_id !== undefined)
    throw invalidField('parent_id', 'invalid', translate(locale, 'validation.invalid'));
  await checkDesignees(ctx, kind, input.designees, locale);
  if (!LIVE.includes(project.status)) throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    const fields = fieldsOf(input);
    if (project.solution_id !== null && project.confidential === 1) fields.confidential = 1;
    const moved = await repo.editLiveProject(trx, project.id, LIVE, input.headcount, {
      ...fields,
      updated_at: nowIso(),
    });
    if (!moved) {
      const now = await repo.findProject(trx, project.id);
      if (now && LIVE.includes(now.status)) throw conflict('errors.projectHeadcountBelowMembers');
      throw wrongState();
    }
    const updated = await repo.findProject(trx, project.id);
    if (updated) await repo.writeFields(trx, updated);
    await repo.replaceDesignees(trx, project.id, input.publish_range === 'group' ? input.designees : []);
    await audit(trx, caller, 'edit', project, ip);
  });
  return projectDetail(ctx, caller, kind, project.id);
}

/**
 * The state moves of PROJECT_TRANSITIONS (commit, pause, resume, start, conclude, close), owner
 * only. Ending a project (conclude, close) refuses its open applications and withdraws its open
 * invitations, closing their to-dos, in the same transaction.
 */
export async function moveProjectState(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
  transition: ProjectTransition,
  ip: string,
): Promise<ProjectDetail> {
  const { project } = await projectFor(ctx, caller, kind, id, 'owner');
  const rule = PROJECT_TRANSITIONS[transition];
  if (!(rule.from as readonly string[]).includes(project.status)) throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    const changes: repo.ProjectChanges = { status: rule.to, updated_at: now };
    if (transition === 'commit') changes.published_at = now;
    if (transition === 'start') changes.started_at = now;
    if (rule.to === 'concluded' || rule.to === 'closed') changes.ended_at = now;
    if (!(await repo.moveProject(trx, project.id, rule.from, changes))) throw wrongState();
    await repo.syncFieldsStatus(trx, project.id, rule.to, changes.published_at ?? project.published_at);
    if (rule.to === 'concluded' || rule.to === 'closed') {
      const ended = await repo.endOpenRequests(trx, project.id, {
        reason: `project ${rule.to}`,
        decided_by: caller.id,
        decided_at: now,
      });
      await closeTodosOfTargets(trx, MEMBER_TYPE, ended, 'cancelled', caller.id);
    }
    await audit(trx, caller, transition, project, ip, { from: project.status, to: rule.to });
  });
  return projectDetail(ctx, caller, kind, id);
}

/** POST …/toggle: published ⇄ paused (recruiting on/off); any other state is 409. */
export async function toggleProject(ctx: AppContext, caller: Caller, kind: ResearchKind, id: number, ip: string) {
  const { project } = await projectFor(ctx, caller, kind, id, 'owner');
  if (project.status === 'published') return moveProjectState(ctx, caller, kind, id, 'pause', ip);
  if (project.status === 'paused') return moveProjectState(ctx, caller, kind, id, 'resume', ip);
  throw wrongState();
}

/**
 * POST subject/fromSolution: the institute whose solution was accepted starts a subject from it:
 * a draft with the demand's title, summary, problem statement and MSC fields, linked to the
 * solution and demand, confidential when the demand asked for an NDA.
 */
export async function subjectFromSolution(
  ctx: AppContext,
  caller: Caller,
  solutionId: number,
  ip: string,
): Promise<ProjectDetail> {
  requireSection(caller, ['subjectManage']);
  const institute = await orgOf(ctx, caller, 'ResearchInstitute');
  if (!institute) throw forbidden();
  const found = await solutionWithDemand(ctx.db, solutionId);
  if (!found) throw notFound('errors.solutionNotFound');
  if (found.solution.org_id !== institute.org.id) throw forbidden();
  if (found.solution.status !== 'accepted') throw conflict('errors.solutionNotAccepted');
  const { demand } = found;
  const now = nowIso();
  const row = await inTransaction(ctx.db, async (trx) => {
    const created = await repo.insertProject(trx, {
      kind: 'subject',
      owner_org_id: institute.org.id,
      owner_user_id: caller.id,
      owner_name: institute.org.name,
      parent_id: null,
      solution_id: found.solution.id,
      demand_id: demand.id,
      title: demand.title,
      summary: demand.summary.slice(0, 500),
      description: demand.problem,
      msc_fields: demand.msc_fields,
      publish_range: 'public',
      headcount: 5,
      apply_deadline: null,
      confidential: demand.nda_required === 1 ? 1 : 0,
      status: 'draft',
      space_id: null,
      created_at: now,
      updated_at: now,
      published_at: null,
      started_at: null,
      ended_at: null,
    });
    await repo.writeFields(trx, created);
    await audit(trx, caller, 'fromSolution', created, ip, { solution: found.solution.id, demand: demand.id });
    return created;
  });
  await attachSpace(ctx, row);
  return projectDetail(ctx, caller, 'subject', row.id);
}

/**
 * GET subject/ofSolution: the other way of the link: subjects started from a solution, for the
 * solution's institute, the demand's enterprise and admins.
 */
export async function subjectsOfSolution(
  ctx: AppContext,
  caller: Caller,
  solutionId: number,
): Promise<ProjectSummary[]> {
  const found = await solutionWithDemand(ctx.db, solutionId);
  if (!found) throw notFound('errors.solutionNotFound');
  if (!isAdmin(caller)) {
    const org = caller.verifyState === 1 ? await certifiedOrganisationOfUser(ctx, caller.id) : null;
    if (!org || (org.id !== found.solution.org_id && org.id !== found.demand.org_id)) throw forbidden();
  }
  return (await repo.projectsOfSolution(ctx.db, solutionId)).map(presentProject);
}

/** Whether a non-member may see the project: shown in the pool (public or naming them) to the pool's roles. */
async function poolVisible(ctx: AppContext, caller: Caller, project: ResearchProjectRow): Promise<boolean> {
  if (project.status === 'draft' || project.status === 'closed') return false;
  if (!canUseSection(caller.roles, caller.verifyState, POOL_SECTION[project.kind as ResearchKind])) return false;
  return project.publish_range === 'public' || (await repo.isDesignee(ctx.db, project.id, caller.id));
}

/**
 * GET …/detail/:id: owner, members (and applicants, invitees), admins, and whoever the pool shows
 * it to. A confidential project's description is shown to the owner, admins and joiners who
 * accepted the NDA; files (space) to the owner and members.
 */
export async function projectDetail(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
): Promise<ProjectDetail> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const project = await loadProject(ctx.db, kind, id);
  const access = await accessTo(ctx, caller, project);
  const isMember = access.membership?.status === 'member';
  if (!access.owner && !access.admin && !access.membership && !(await poolVisible(ctx, caller, project)))
    throw forbidden();
  const manages = access.owner || access.admin || access.permissions.includes('manage_members');
  const latest = access.owner ? undefined : await repo.latestMembership(ctx.db, project.id, caller.id);
  const ndaOk =
    access.owner || access.admin || project.confidential === 0 || Boolean(access.membership?.nda_accepted_at);
  const members = manages
    ? await repo.listMembers(ctx.db, project.id, [
        'applied',
        'member',
        'refused',
        'invited',
        'declined',
        'left',
        'removed',
      ])
    : isMember
      ? await repo.listMembers(ctx.db, project.id, ['member'])
      : [];
  return {
    ...presentProject(project),
    description: ndaOk ? project.description : null,
    space_id: access.owner || isMember ? project.space_id : null,
    designees: manages ? await repo.listDesignees(ctx.db, project.id) : [],
    members: members.map(presentMember),
    my_membership: latest ? presentMember(latest) : null,
    my_permissions: access.permissions,
    is_owner: access.owner,
  };
}

/**
 * GET …/list: the caller's own projects (an institute's: its organisation's; a specialist's: their
 * own), or with `scope=joined` those they are a member of; admins see every project of the kind.
 */
export async function listProjects(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  query: ProjectListQuery,
): Promise<ProjectPage> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const offset = offsetOf(query);
  if (query.scope === 'joined') {
    const [rows, total] = await Promise.all([
      repo.listJoined(ctx.db, kind, caller.id, query.status, query.page_size, offset),
      repo.countJoined(ctx.db, kind, caller.id, query.status),
    ]);
    return pageOf(query, rows.map(presentProject), total);
  }
  let owner: repo.OwnerFilter = { userId: caller.id };
  if (isAdmin(caller)) owner = 'all';
  else if (kind === 'subject') {
    const institute = await orgOf(ctx, caller, 'ResearchInstitute');
    if (institute) owner = { orgId: institute.org.id };
  }
  const [rows, total] = await Promise.all([
    repo.listOwned(ctx.db, kind, owner, query.status, query.page_size, offset),
    repo.countOwned(ctx.db, kind, owner, query.status),
  ]);
  return pageOf(query, rows.map(presentProject), total);
}

/**
 * GET subject/pool | direction/pool: what the viewer may join (published, recruiting, public or
 * naming them), newest first, keyset-paged; `recommended` keeps those sharing an MSC field with
 * the viewer's certified research fields (within the `msc` class when one is given too), and
 * every item says whether it does.
 */
export async function projectPool(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  query: PoolQuery,
): Promise<PoolPage> {
  requireSection(caller, [POOL_SECTION[kind]]);
  const after = cursorAfter(query.cursor) as [string, number] | null;
  const person = await certifiedPersonOfUser(ctx.db, caller.id);
  const mine = new Set(person?.research_fields ?? []);
  const rows = await repo.poolPage(ctx.db, {
    kind,
    viewerId: caller.id,
    today: businessToday(),
    msc: query.msc,
    anyOf: query.recommended === 1 ? [...mine] : undefined,
    keyword: query.keyword,
    owner: query.owner,
    after,
    limit: query.page_size + 1,
  });
  const { page, next_cursor } = keysetPage(rows, query.page_size, (row) => row.published_at ?? '');
  return {
    items: page.map((row) => ({
      ...presentProject(row),
      recommended: codesOf(row.msc_fields).some((code) => mine.has(code)),
    })),
    next_cursor,
  };
}

/** GET …/searchUsers: designees and invitees, among certified specialists (subjects) resp. students (directions). */
export async function searchUsers(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  keyword: string,
): Promise<FoundUser[]> {
  requireSection(caller, OWNER_SECTIONS[kind]);
  return searchCertified(ctx.db, SEARCH_ROLE[kind], keyword);
}

/* ---- membership ---- */

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
  if (!(await poolVisible(ctx, caller, project))) throw forbidden();
  const person = await joinerOf(ctx, kind, caller.id);
  if (!person) throw forbidden();
  if (access.membership) throw conflict('errors.researchAlreadyJoined');
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
  const { access, member } = await memberFor(ctx, caller, kind, memberId, 'manage_members');
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
  const { access, member } = await memberFor(ctx, caller, kind, input.member_id, 'manage_members');
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
  const { project } = await projectFor(ctx, caller, kind, input.id, 'manage_members');
  if (!LIVE.includes(project.status)) throw wrongState();
  const joiners = await joinersOf(ctx, kind, input.user_ids);
  const people = input.user_ids.map((userId) => {
    const person = userId === project.owner_user_id ? undefined : joiners.get(userId);
    if (!person)
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
async function ownInvitation(ctx: AppContext, caller: Caller, kind: ResearchKind, id: number) {
  requireSection(caller, ANY_SECTIONS[kind]);
  const project = await loadProject(ctx.db, kind, id);
  const member = await repo.findOpenMembership(ctx.db, project.id, caller.id);
  // Without an open membership the caller is a non-member of this project: 304, as everywhere.
  if (!member) throw forbidden();
  return { project, member };
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
  const { project, member } = await ownInvitation(ctx, caller, kind, input.id);
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
  const { project, member } = await ownInvitation(ctx, caller, kind, id);
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
  const { project, member } = await ownInvitation(ctx, caller, kind, id);
  return endMembership(ctx, caller, project, member, 'left', ip);
}

/** POST …/remove: a manager removes a member. */
export async function removeMember(ctx: AppContext, caller: Caller, kind: ResearchKind, memberId: number, ip: string) {
  const { access, member } = await memberFor(ctx, caller, kind, memberId, 'manage_members');
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
  const { access, member } = await memberFor(ctx, caller, kind, input.member_id, 'owner');
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
