import { sql, type Kysely } from 'kysely';

/**
 * Issue 9: demand and solution spaces no longer grant their readers the whole space. A receiving
 * institute or the enterprise a solution answers reads exactly the attached files, decided per file
 * from the item (demands/attachments.ts). The 'read' memberships granted before are removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from file_space_members where role = 'read'
    and space_id in (select id from file_spaces where kind in ('demand', 'solution'))`.execute(db);
}

export async function down(): Promise<void> {
  // The removed grants were whole-space reads; they are not restored.
}
