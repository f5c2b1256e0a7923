import type { Kysely } from 'kysely';

/**
 * The workspace dashboard counts an owner's research projects by state (issue 30). With only
 * (kind, owner, updated_at, id) and the pool's (kind, status, …) indexes, SQLite answered
 * `… where kind = ? and owner_org_id = ? group by status` by walking the pool index over every
 * project of the kind, and the projects in progress of one person over every project in progress
 * (EXPLAIN QUERY PLAN). Owner then state serves both from the owner's own index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('research_projects_org_status')
    .on('research_projects')
    .columns(['kind', 'owner_org_id', 'status'])
    .execute();
  await db.schema
    .createIndex('research_projects_user_status')
    .on('research_projects')
    .columns(['kind', 'owner_user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('research_projects_user_status').execute();
  await db.schema.dropIndex('research_projects_org_status').execute();
}
