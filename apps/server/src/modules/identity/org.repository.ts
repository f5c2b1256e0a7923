import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrganisationRow, OrganisationsTable } from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';
import type { Insertable, Updateable } from 'kysely';

/** Kysely queries over organisations. */

export const ORG_STATUS = { pending: 0, certified: 1, rejected: 2, withdrawn: 3 } as const;

export const findOrganisation = (db: Db, id: number): Promise<OrganisationRow | undefined> =>
  db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();

export const findOrganisationByOwner = (db: Db, ownerId: number): Promise<OrganisationRow | undefined> =>
  db.selectFrom('organisations').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();

/** Another organisation, pending or certified, that holds this credit code. */
export const liveOrganisationWithCode = (db: Db, creditCode: string, exceptId: number | null) => {
  let query = db
    .selectFrom('organisations')
    .select(['id', 'name'])
    .where('credit_code', '=', creditCode)
    .where('status', 'in', [ORG_STATUS.pending, ORG_STATUS.certified]);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

export async function insertOrganisation(db: Db, row: Insertable<OrganisationsTable>): Promise<OrganisationRow> {
  return db.insertInto('organisations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOrganisation(db: Db, id: number, changes: Updateable<OrganisationsTable>): Promise<void> {
  await db.updateTable('organisations').set(changes).where('id', '=', id).execute();
}

/** Points an organisation at a new logo and answers the key it replaced, read under the row's lock. */
export async function swapLogoKey(db: Db, id: number, key: string, now: string): Promise<string | null> {
  const before = await db
    .updateTable('organisations')
    .set((eb) => ({ logo_key: eb.ref('logo_key') }))
    .where('id', '=', id)
    .returning('logo_key')
    .executeTakeFirst();
  await updateOrganisation(db, id, { logo_key: key, updated_at: now });
  return before?.logo_key ?? null;
}

/** Changes an organisation's status only if it is still `from`. */
export async function moveOrganisation(
  db: Db,
  id: number,
  from: number,
  changes: Updateable<OrganisationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('organisations')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface OrganisationFilters {
  keyword?: string | undefined;
  type?: string | undefined;
  province_code?: string | undefined;
  industry?: string | undefined;
  research_field?: string | undefined;
}

function certifiedQuery(db: Db, filters: OrganisationFilters) {
  let query = db.selectFrom('organisations').where('status', '=', ORG_STATUS.certified);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.province_code) query = query.where('province_code', '=', filters.province_code);
  if (filters.industry) query = query.where('industry', '=', filters.industry);
  if (filters.research_field) {
    // Codes are stored comma-separated; wrap both sides in commas to match whole codes only.
    query = query.where(sql<boolean>`(',' || research_fields || ',') like ${`%,${filters.research_field},%`}`);
  }
  if (filters.keyword) {
    const pattern = likeContains(filters.keyword.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref('introduction')}, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function countCertified(db: Db, filters: OrganisationFilters): Promise<number> {
  const row = await certifiedQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listCertified = (
  db: Db,
  filters: OrganisationFilters,
  limit: number,
  offset: number,
): Promise<OrganisationRow[]> =>
  certifiedQuery(db, filters)
    .selectAll()
    .orderBy('verified_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
