import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQueries, type Param } from '../../db/prepared.ts';
import type {
  ResearchMembersTable,
  ResearchMemberRow,
  ResearchProjectRow,
  ResearchProjectsTable,
} from '../../db/types.ts';
import { codesOf, likeContains } from '../../lib/sql.ts';

/** Kysely queries over research projects, their MSC fields, designees and memberships (no rules here). */

export type NewProject = Insertable<ResearchProjectsTable>;
export type ProjectChanges = Updateable<ResearchProjectsTable>;

export const insertProject = (db: Db, row: NewProject): Promise<ResearchProjectRow> =>
  db.insertInto('research_projects').values(row).returningAll().executeTakeFirstOrThrow();

export const findProject = (db: Db, id: number): Promise<ResearchProjectRow | undefined> =>
  db.selectFrom('research_projects').selectAll().where('id', '=', id).executeTakeFirst();

export const findProjects = (db: Db, ids: readonly number[]): Promise<ResearchProjectRow[]> =>
  ids.length
    ? db
        .selectFrom('research_projects')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute()
    : Promise.resolve([]);

/** Guarded update: changes the project only while its status is one of `from`; false when it was not. */
export async function moveProject(
  db: Db,
  id: number,
  from: readonly string[],
  changes: ProjectChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('research_projects')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Reserves a place (+1) only while the project is in `live` states and below its headcount, or
 * frees one (-1); one guarded statement, so parallel approvals cannot pass the headcount.
 */
export async function addMemberCount(db: Db, id: number, delta: 1 | -1, live: readonly string[]): Promise<boolean> {
  let query = db
    .updateTable('research_projects')
    .set({ member_count: sql`member_count + ${delta}` })
    .where('id', '=', id);
  query =
    delta > 0
      ? query.where('status', 'in', [...live]).where(sql<boolean>`member_count < headcount`)
      : query.where('member_count', '>', 0);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The project's MSC rows, replaced with its codes and its status copied. */
export async function writeFields(db: Db, project: ResearchProjectRow): Promise<void> {
  await db.deleteFrom('research_project_fields').where('project_id', '=', project.id).execute();
  const codes = codesOf(project.msc_fields);
  if (!codes.length) return;
  await db
    .insertInto('research_project_fields')
    .values(
      codes.map((code) => ({
        project_id: project.id,
        code,
        kind: project.kind,
        status: project.status,
        published_at: project.published_at,
      })),
    )
    .execute();
}

export async function syncFieldsStatus(db: Db, id: number, status: string, publishedAt: string | null): Promise<void> {
  await db
    .updateTable('research_project_fields')
    .set({ status, published_at: publishedAt })
    .where('project_id', '=', id)
    .execute();
}

export async function replaceDesignees(db: Db, projectId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('research_designees').where('project_id', '=', projectId).execute();
  if (userIds.length)
    await db
      .insertInto('research_designees')
      .values(userIds.map((user_id) => ({ project_id: projectId, user_id })))
      .execute();
}

export async function addDesignees(db: Db, projectId: number, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .insertInto('research_designees')
    .values(userIds.map((user_id) => ({ project_id: projectId, user_id })))
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .execute();
}

export const listDesignees = async (db: Db, projectId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('research_designees')
      .select('user_id')
      .where('project_id', '=', projectId)
      .orderBy('user_id')
      .execute()
  ).map((row) => row.user_id);

export const isDesignee = async (db: Db, projectId: number, userId: number): Promise<boolean> =>
  (await db
    .selectFrom('research_designees')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

/** Whose list: an organisation's projects, or a user's own (custom subjects, directions). */
export type OwnerFilter = { orgId: number } | { userId: number } | 'all';

function ownedQuery(db: Db, kind: string, owner: OwnerFilter, status: string | undefined) {
  let query = db.selectFrom('research_projects').where('kind', '=', kind);
  if (owner !== 'all')
    query =
      'orgId' in owner
        ? query.where('owner_org_id', '=', owner.orgId)
        : query.where('owner_user_id', '=', owner.userId).where('owner_org_id', 'is', null);
  if (status) query = query.where('status', '=', status);
  return query;
}

export const listOwned = (
  db: Db,
  kind: string,
  owner: OwnerFilter,
  status: string | undefined,
  limit: number,
  offset: number,
) =>
  ownedQuery(db, kind, owner, status)
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countOwned = async (db: Db, kind: string, owner: OwnerFilter, status: string | undefined) =>
  Number(
    (
      await ownedQuery(db, kind, owner, status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function joinedQuery(db: Db, kind: string, userId: number, status: string | undefined) {
  let query = db
    .selectFrom('research_projects as p')
    .innerJoin('research_members as m', 'm.project_id', 'p.id')
    .where('p.kind', '=', kind)
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'member');
  if (status) query = query.where('p.status', '=', status);
  return query;
}

export const listJoined = (
  db: Db,
  kind: string,
  userId: number,
  status: string | undefined,
  limit: number,
  offset: number,
) =>
  joinedQuery(db, kind, userId, status)
    .selectAll('p')
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const countJoined = async (db: Db, kind: string, userId: number, status: string | undefined) =>
  Number(
    (
      await joinedQuery(db, kind, userId, status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export interface PoolFilters {
  kind: string;
  viewerId: number;
  today: string;
  /** One MSC code the project must hold (the `msc` filter). */
  msc?: string;
  /** Any of these codes ('recommended': the viewer's research fields); applies with `msc` too. */
  anyOf?: readonly string[];
  keyword?: string;
  owner?: string;
  after: [string, number] | null;
  limit: number;
}

interface PoolShape {
  msc: boolean;
  /** How many codes 'recommended' holds (0: not recommended). */
  codes: number;
  keyword: boolean;
  owner: boolean;
  after: boolean;
}
type PoolParam =
  'kind' | 'viewerId' | 'today' | 'msc' | 'keyword' | 'owner' | 'afterAt' | 'afterId' | 'limit' | `code${number}`;

/**
 * The pool's page query, compiled once per shape (db/prepared.ts: building it with Kysely cost
 * more than running it). The keyset is one row-value comparison (as the demands' list): an index
 * range on research_projects_pool whatever the page's depth.
 */
const poolPages = preparedQueries(
  (shape: PoolShape) =>
    `${shape.msc ? 1 : 0}|${shape.codes}|${shape.keyword ? 1 : 0}|${shape.owner ? 1 : 0}|${shape.after ? 1 : 0}`,
  (db, shape, param: Param<PoolParam>) => {
    let query = db
      .selectFrom('research_projects as p')
      .selectAll('p')
      .where('p.kind', '=', param('kind'))
      .where('p.status', '=', 'published')
      .where('p.owner_user_id', '<>', param('viewerId'))
      .where(sql<boolean>`p.member_count < p.headcount`)
      .where((eb) => eb.or([eb('p.apply_deadline', 'is', null), eb('p.apply_deadline', '>=', param('today'))]))
      .where((eb) =>
        eb.or([
          eb('p.publish_range', '=', 'public'),
          eb.exists(
            eb
              .selectFrom('research_designees as d')
              .select('d.user_id')
              .whereRef('d.project_id', '=', 'p.id')
              .where('d.user_id', '=', param('viewerId')),
          ),
        ]),
      );
    // Two separate probes, not one IN list: "in field 35, recommended for me (11)" keeps a project
    // holding 35 and 11. Each is a primary-key lookup on research_project_fields (project_id, code).
    if (shape.msc)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('research_project_fields as f')
            .select('f.project_id')
            .whereRef('f.project_id', '=', 'p.id')
            .where('f.code', '=', param('msc')),
        ),
      );
    if (shape.codes > 0)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('research_project_fields as c')
            .select('c.project_id')
            .whereRef('c.project_id', '=', 'p.id')
            .where(
              'c.code',
              'in',
              Array.from({ length: shape.codes }, (_, i) => param(`code${i}`)),
            ),
        ),
      );
    if (shape.keyword) {
      const pattern = param('keyword');
      query = query.where(
        sql<boolean>`(lower(p.title) like ${pattern} escape '\\' or lower(p.summary) like ${pattern} escape '\\')`,
      );
    }
    if (shape.owner) query = query.where(sql<boolean>`lower(p.owner_name) like ${param('owner')} escape '\\'`);
    if (shape.after)
      query = query.where((eb) =>
        eb(eb.refTuple('p.published_at', 'p.id'), '<', eb.tuple(param('afterAt'), param('afterId'))),
      );
    return query.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').limit(param('limit'));
  },
);

/**
 * The pool: published projects of a kind that still recruit (below headcount, deadline not past),
 * public or naming the viewer, not the viewer's own, newest publication first, keyset-paged.
 * `msc` and `anyOf` ('recommended') both apply when both are given.
 */
export function poolPage(db: Db, f: PoolFilters): Promise<ResearchProjectRow[]> {
  // 'recommended' without research fields matches nothing: one code no project has.
  const codes = f.anyOf ? (f.anyOf.length ? [...f.anyOf] : ['']) : [];
  const values: Partial<Record<PoolParam, unknown>> = {
    kind: f.kind,
    viewerId: f.viewerId,
    today: f.today,
    msc: f.msc,
    keyword: f.keyword ? likeContains(f.keyword.toLowerCase()) : undefined,
    owner: f.owner ? likeContains(f.owner.toLowerCase()) : undefined,
    afterAt: f.after?.[0],
    afterId: f.after?.[1],
    limit: f.limit,
  };
  codes.forEach((code, i) => (values[`code${i}`] = code));
  const shape = {
    msc: Boolean(f.msc),
    codes: codes.length,
    keyword: Boolean(f.keyword),
    owner: Boolean(f.owner),
    after: f.after !== null,
  };
  return poolPages(db, shape, values) as Promise<ResearchProjectRow[]>;
}

export const projectsOfSolution = (db: Db, solutionId: number) =>
  db
    .selectFrom('research_projects')
    .selectAll()
    .where('solution_id', '=', solutionId)
    .where('kind', '=', 'subject')
    .orderBy('id')
    .execute();

/* ---- memberships ---- */

export const insertMember = (db: Db, row: Insertable<ResearchMembersTable>): Promise<ResearchMemberRow> =>
  db.insertInto('research_members').values(row).returningAll().executeTakeFirstOrThrow();

export const findMember = (db: Db, id: number): Promise<ResearchMemberRow | undefined> =>
  db.selectFrom('research_members').selectAll().where('id', '=', id).executeTakeFirst();

/** The user's open membership (applied, invited or member) of a project, if any. */
export const findOpenMembership = (db: Db, projectId: number, userId: number): Promise<ResearchMemberRow | undefined> =>
  db
    .selectFrom('research_members')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['applied', 'invited', 'member'])
    .executeTakeFirst();

/** The open memberships (applied, invited or member) of these users in a project, in one query. */
export const openMembershipsOf = (
  db: Db,
  projectId: number,
  userIds: readonly number[],
): Promise<ResearchMemberRow[]> =>
  userIds.length
    ? db
        .selectFrom('research_members')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('user_id', 'in', [...userIds])
        .where('status', 'in', ['applied', 'invited', 'member'])
        .execute()
    : Promise.resolve([]);

/** The user's newest membership of a project, open or not. */
export const latestMembership = (db: Db, projectId: number, userId: number): Promise<ResearchMemberRow | undefined> =>
  db
    .selectFrom('research_members')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Guarded update of a membership: only while its status is one of `from`. */
export async function moveMember(
  db: Db,
  id: number,
  from: readonly string[],
  changes: Updateable<ResearchMembersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('research_members')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Ends a project's open requests in one update: applications → refused (with `reason`),
 * invitations → declined; answers the ids of the memberships it ended.
 */
export async function endOpenRequests(
  db: Db,
  projectId: number,
  decision: { reason: string; decided_by: number; decided_at: string },
): Promise<number[]> {
  const rows = await db
    .updateTable('research_members')
    .set({
      status: sql<string>`case when status = 'applied' then 'refused' else 'declined' end`,
      reason: sql<string | null>`case when status = 'applied' then ${decision.reason} else null end`,
      decided_by: decision.decided_by,
      decided_at: decision.decided_at,
      updated_at: decision.decided_at,
    })
    .where('project_id', '=', projectId)
    .where('status', 'in', ['applied', 'invited'])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export const listMembers = (db: Db, projectId: number, statuses: readonly string[]) =>
  db
    .selectFrom('research_members')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .execute();

export async function updateProjectSpace(db: Db, id: number, spaceId: number): Promise<void> {
  await db.updateTable('research_projects').set({ space_id: spaceId }).where('id', '=', id).execute();
}

/** Edits a running project: only while live and when the new headcount still holds its members. */
export async function editLiveProject(
  db: Db,
  id: number,
  live: readonly string[],
  headcount: number,
  changes: ProjectChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('research_projects')
    .set({ ...changes, headcount })
    .where('id', '=', id)
    .where('status', 'in', [...live])
    .where('member_count', '<=', headcount)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Locks the project row for the rest of the transaction while it is in `statuses` (a no-op
 * update): a concurrent close or conclude either committed before (false here) or waits for this
 * transaction, and then ends what it added.
 */
export async function lockProject(db: Db, id: number, statuses: readonly string[]): Promise<boolean> {
  const result = await db
    .updateTable('research_projects')
    .set({ status: sql`status` })
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
