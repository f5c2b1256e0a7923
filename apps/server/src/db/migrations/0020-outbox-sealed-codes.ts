import { sql, type Kysely } from 'kysely';

/**
 * Verification codes sealed at rest in the outbox (modules/platform/outbox-codes.ts): a code
 * message's text is stored with `{code}` where the code goes, and the code is sealed into
 * `code_sealed`; the dispatcher renders the text at send time. For rows written before, this
 * migration does what SQL can:
 * - a code row that still has its code in clear (`code`: pending in production, any outside it):
 *   the code in the text becomes the placeholder. The clear `code` itself is sealed (or, the row
 *   being sent or expired, dropped) by the dispatcher, at start before the app serves and before
 *   each run, not here: the key is configuration a migration never sees (as in 0008), and an
 *   instance of the previous version keeps writing such rows during a rolling upgrade.
 * - a code row without its code (sent, given up or expired in production): the text is the last
 *   place the code is in, and it is never sent again: blanked.
 * Notices carry no code and are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('code_sealed', 'text').execute();
  await sql`update outbox set body = replace(body, code, '{code}') where kind = 'code' and code is not null and code <> ''`.execute(
    db,
  );
  await sql`update outbox set body = '' where kind = 'code' and (code is null or code = '')`.execute(db);
}

/** Sealed codes go with the column: messages still pending then are not sent by the earlier version. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('code_sealed').execute();
}
