import type { Kysely } from 'kysely';

/**
 * Why an employer rejected a job application (contracts APPLICATION_REJECT_REASONS) and, beside it,
 * the employer's own words, as a solution's `decline_reason` / `decline_text` (0004). Both stay
 * null for every other state and for rejections made before this migration, which asked for none.
 * One column per ALTER: SQLite adds a single column per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_applications').addColumn('reject_reason', 'varchar(30)').execute();
  await db.schema.alterTable('job_applications').addColumn('reject_text', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_applications').dropColumn('reject_text').execute();
  await db.schema.alterTable('job_applications').dropColumn('reject_reason').execute();
}
