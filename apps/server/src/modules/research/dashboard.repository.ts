import type { Db } from '../../db/database.ts';

/**
 * The counts of the workspace dashboard over research projects (no rules here). Each is an index
 * range over one owner's or one user's rows, never a scan of a whole table (DESIGN §8):
 * research_projects_org / research_projects_user (kind, owner, …), research_members_user
 * (user_id, status, id) and research_members_project (project_id, status, id),
 * research_phases_project (project_id, …), research_question_assignees_user (user_id, question_id).
 */

export type ProjectOwner = { orgId: number } | { userId: number };

/** An owner's projects of one kind by state (a specialist's: their own custom subjects and directions). */
export async function ownedByStatus(db: Db, kind: string, owner: ProjectOwner): Promise<Map<string, number>> {
  let query = db
    .selectFrom('research_projects')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', kind);
  query =
    'orgId' in owner
      ? query.where('owner_org_id', '=', owner.orgId)
      : query.where('owner_user_id', '=', owner.userId).where('owner_org_id', 'is', null);
  const rows = await query.groupBy('status').execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** Applications to the user's own projects waiting for their decision. */
export async function applicationsToDecide(db: Db, ownerUserId: number): Promise<number> {
  const row = await db
    .selectFrom('research_projects as p')
    .innerJoin('research_members as m', 'm.project_id', 'p.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.kind', 'in', ['subject', 'direction'])
    .where('p.owner_user_id', '=', ownerUserId)
    .where('m.status', '=', 'applied')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Invitations to the user that wait for their answer. */
export async function invitationsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('research_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface WorkingProject {
  id: number;
  kind: string;
  title: string;
  owner_user_id: number;
  owner_org_id: number | null;
  /** The user's own permissions as a member (contracts RESEARCH_PERMISSIONS, comma-separated); null for the owner. */
  permissions: string | null;
}

/** The projects in progress the user owns (as a person) or is a member of. */
export async function projectsInProgress(db: Db, userId: number): Promise<WorkingProject[]> {
  const [owned, joined] = await Promise.all([
    db
      .selectFrom('research_projects')
      .select(['id', 'kind', 'title', 'owner_user_id', 'owner_org_id'])
      .where('kind', 'in', ['subject', 'direction'])
      .where('owner_user_id', '=', userId)
      .where('status', '=', 'in_progress')
      .execute(),
    db
      .selectFrom('research_members as m')
      .innerJoin('research_projects as p', 'p.id', 'm.project_id')
      .select(['p.id', 'p.kind', 'p.title', 'p.owner_user_id', 'p.owner_org_id', 'm.permissions'])
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'member')
      .where('p.status', '=', 'in_progress')
      .execute(),
  ]);
  return [...owned.map((p) => ({ ...p, permissions: null })), ...joined];
}

/** Phases of these projects whose outcome is still owed (planned, or returned for revision) and due by `until`. */
export async function phasesDueBy(db: Db, projectIds: readonly number[], until: string) {
  if (projectIds.length === 0) return []; // SQL "IN ()" is a syntax error
  return db
    .selectFrom('research_phases')
    .select(['id', 'project_id', 'title', 'due_date', 'assignees'])
    .where('project_id', 'in', [...projectIds])
    .where('status', 'in', ['planned', 'revision_requested'])
    .where('due_date', 'is not', null)
    .where('due_date', '<=', until)
    .orderBy('due_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The user's research questions they still owe an answer to, by their state (assigned, returned). */
export async function questionsOwedBy(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('research_question_assignees')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('status', 'in', ['assigned', 'returned'])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}
