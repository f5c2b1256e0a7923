import { businessToday } from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import {
  LIVE_PROJECT_STATES,
  PROJECT_TRANSITIONS,
  type FoundUser,
  type PoolPage,
  type PoolQuery,
  type ProjectDetail,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectSave,
  type ProjectSummary,
  type ProjectTransition,
  type ResearchKind,
} from '@mathbridge/contracts/research';
import type { AppContext } from '../../context.ts';
import type { ResearchProjectRow } from '../../db/types.ts';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { cursorAfter, keysetPage, offsetOf, pageOf } from '../../lib/paging.ts';
import { codesOf, inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { solutionWithDemand } from '../demands/solutions.service.ts';
import { createSpace } from '../files/spaces.service.ts';
import { certifiedOrganisationOfUser, orgOf } from '../identity/org-actor.service.ts';
import {
  certifiedPeopleOf,
  certifiedPersonOf,
  certifiedPersonOfUser,
  searchCertified,
} from '../identity/person-actor.service.ts';
import { closeTodosOfTargets } from '../workflow/todo.service.ts';
import {
  ANY_SECTIONS,
  MEMBER_TYPE,
  OWNER_SECTIONS,
  POOL_SECTION,
  accessTo,
  audit,
  loadProject,
  projectFor,
  requireSection,
  withPoolView,
} from './research-access.service.ts';
import { researchPolicy } from './research.policy.ts';
import { presentMember, presentProject } from './research.presenter.ts';
import * as repo from './research.repository.ts';

/**
 * Research projects (issue 10, DESIGN §9): ONE engine for subjects and directions. Every call
 * takes the `kind` of the face it came through (`subject/*` or `direction/*`); a project of the
 * other kind is 404 there. Every transition is one function here: a guarded update (status in
 * the allowed from-states), an audit row in the same transaction, to-dos where someone must act.
 * Memberships are membership.service.ts; who may do what, research.policy.ts.
 */

/** Whom the designee search finds: certified specialists resp. students (DESIGN §9). */
const SEARCH_ROLE: Record<ResearchKind, string> = { subject: 'Specialist', direction: 'Student' };

const wrongState = () => conflict('errors.projectWrongState');
const LIVE: readonly string[] = LIVE_PROJECT_STATES;

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

/** Designees must be certified people who may join a project of the kind. */
async function checkDesignees(ctx: AppContext, kind: ResearchKind, ids: readonly number[], locale: Locale) {
  const people = await certifiedPeopleOf(ctx.db, ids);
  const eligible = (id: number) => {
    const person = people.get(id);
    return person !== undefined && researchPolicy.can(person, 'join', { kind });
  };
  if (!ids.every(eligible))
    throw invalidField('designees', 'researchUserNotEligible', translate(locale, 'errors.researchUserNotEligible'));
}

/** A direction's parent: a live or finished subject the specialist owns or is a member of. */
async function checkParent(ctx: AppContext, caller: Caller, parentId: number | undefined, locale: Locale) {
  if (parentId === undefined) return null;
  const parent = await repo.findProject(ctx.db, parentId);
  const refuse = () =>
    invalidField('parent_id', 'researchParentNotJoined', translate(locale, 'errors.researchParentNotJoined'));
  if (!parent || parent.kind !== 'subject') throw refuse();
  researchPolicy.authorize((await accessTo(ctx, caller, parent)).actor, 'nestDirection', parent, refuse);
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
  const { project } = await projectFor(ctx, caller, kind, input.id, 'edit');
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
  const { project } = await projectFor(ctx, caller, kind, input.id, 'edit');
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
  const { project } = await projectFor(ctx, caller, kind, id, 'changeState');
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
  const { project } = await projectFor(ctx, caller, kind, id, 'changeState');
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
  researchPolicy.authorize({ orgId: institute.org.id }, 'startSubject', found.solution);
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
  const admin = isAdmin(caller);
  // Only a verified caller acts for a certified organisation (an admin needs none).
  const org = !admin && caller.verifyState === 1 ? await certifiedOrganisationOfUser(ctx, caller.id) : null;
  researchPolicy.authorize({ admin, orgId: org?.id ?? null }, 'seeSubjectsOfSolution', found);
  return (await repo.projectsOfSolution(ctx.db, solutionId)).map(presentProject);
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
  const actor = await withPoolView(ctx, caller, access);
  researchPolicy.authorize(actor, 'see', project);
  const manages = researchPolicy.can(actor, 'seeAllMembers', project);
  const latest = access.owner ? undefined : await repo.latestMembership(ctx.db, project.id, caller.id);
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
    : researchPolicy.can(actor, 'seeMembers', project)
      ? await repo.listMembers(ctx.db, project.id, ['member'])
      : [];
  return {
    ...presentProject(project),
    description: researchPolicy.can(actor, 'readDescription', project) ? project.description : null,
    space_id: researchPolicy.can(actor, 'seeFiles', project) ? project.space_id : null,
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
