import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * Background jobs (lib/scheduler.ts): one lease row per job. An instance runs a job only after
 * taking its lease with one conditional write (free or expired → mine until `expires_at`), so
 * with several instances over one database each period's run happens on exactly one of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(80)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(120)', notNull)
    .addColumn('acquired_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
