import type { Kysely } from 'kysely';

/**
 * ID numbers sealed at rest (issue 9 point 11): the number leaves `certifications.data` for its own
 * column, AES-256-GCM sealed. This migration only adds the column. Rows written before it are
 * sealed by the identity module when the app starts (`sealClearIdNumbers`), not here: the key is
 * configuration (ID_NUMBER_KEY or a file in the data folder) that a migration never sees, a
 * migration must read the same forever while key handling may change, and rows an instance of the
 * previous version writes during a rolling upgrade arrive after the migration ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certifications').addColumn('id_number_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certifications').dropColumn('id_number_sealed').execute();
}
