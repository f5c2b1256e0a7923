import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { PublishedSort } from '@mathbridge/contracts/demands';
import type { Db } from '../../db/database.ts';
import { preparedQueries, type Param } from '../../db/prepared.ts';
import type { Database, DemandReceiptRow, DemandRow, DemandsTable } from '../../db/types.ts';
import { likeContains } from '../../lib/sql.ts';
import { DEMAND_SUMMARY_COLUMNS, type DemandSummaryRow } from './demands.presenter.ts';

/** Kysely queries over demands, their field rows and receipts; services pass their transaction. */

const SUMMARY_SELECTION = DEMAND_SUMMARY_COLUMNS.map((column) => `demands.${column}` as const);
const summaryBase = (db: Db) => db.selectFrom('demands').select(SUMMARY_SELECTION);
const summaryBases = new WeakMap<Db, ReturnType<typeof summaryBase>>();

/**
 * `select <summary columns> from demands`, built once per database handle: Kysely builders are
 * immutable, and parsing the 18 column references is most of the cost of building a list query.
 */
function selectSummaries(db: Db): ReturnType<typeof summaryBase> {
  let base = summaryBases.get(db);
  if (!base) {
    base = summaryBase(db);
    summaryBases.set(db, base);
  }
  return base;
}

export const insertDemand = (db: Db, row: Insertable<DemandsTable>): Promise<DemandRow> =>
  db.insertInto('demands').values(row).returningAll().executeTakeFirstOrThrow();

export const findDemand = (db: Db, id: number): Promise<DemandRow | undefined> =>
  db.selectFrom('demands').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateDemand(db: Db, id: number, changes: Updateable<DemandsTable>): Promise<void> {
  await db.updateTable('demands').set(changes).where('id', '=', id).execute();
}

/** Changes a demand only if it is still in `from`: the guard that makes racing transitions 409. */
export async function moveDemand(
  db: Db,
  id: number,
  from: string,
  changes: Updateable<DemandsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('demands')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Adds to a demand's count of waiting answers, only while it is in one of `statuses` (any state
 * when omitted); false when it is not. The write takes the demand's row lock, so a solution's
 * transition and the demand's own (close, toggle) never interleave on PostgreSQL.
 */
export async function addSolutionCount(
  db: Db,
  id: number,
  delta: number,
  statuses?: readonly string[],
): Promise<boolean> {
  let query = db
    .updateTable('demands')
    .set({ solution_count: sql<number>`solution_count + ${delta}` })
    .where('id', '=', id);
  if (statuses) query = query.where('status', 'in', [...statuses]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes a demand's row lock inside the caller's transaction if it is in one of `statuses`, with a
 * write that changes nothing (portable: SQLite has no SELECT … FOR UPDATE); false when it is not.
 * Everything that depends on a demand's state locks it first, so it cannot change until commit,
 * and every transaction takes the demand before its solutions (no lock cycles).
 */
export async function lockDemand(db: Db, id: number, statuses: readonly string[]): Promise<boolean> {
  const result = await db
    .updateTable('demands')
    .set({ status: sql<string>`status` })
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a demand's field rows (on save). */
export async function setDemandFields(
  db: Db,
  demand: Pick<DemandRow, 'id' | 'status' | 'published_at'>,
  codes: readonly string[],
): Promise<void> {
  await db.deleteFrom('demand_fields').where('demand_id', '=', demand.id).execute();
  if (codes.length === 0) return;
  await db
    .insertInto('demand_fields')
    .values(
      codes.map((code) => ({ demand_id: demand.id, code, status: demand.status, published_at: demand.published_at })),
    )
    .execute();
}

/** Keeps the copied status of the field rows in step with the demand. */
export async function syncDemandFields(db: Db, id: number, status: string, publishedAt: string | null): Promise<void> {
  await db
    .updateTable('demand_fields')
    .set({ status, published_at: publishedAt })
    .where('demand_id', '=', id)
    .execute();
}

interface OwnListShape {
  byOrg: boolean;
  byStatus: boolean;
  cooperating: boolean;
}

/** Live demands (published or paused) with a cooperation: an accepted solution whose work goes on. */
const COOPERATING_STATES = ['published', 'paused'];
const hasCooperation = (eb: ExpressionBuilder<Database, 'demands'>) =>
  eb.exists(
    eb.selectFrom('cooperations').select('cooperations.id').whereRef('cooperations.demand_id', '=', 'demands.id'),
  );

const ownPages = preparedQueries(
  (shape: OwnListShape) =>
    `${shape.byOrg ? 'org' : 'all'}|${shape.byStatus ? 'status' : ''}|${shape.cooperating ? 'coop' : ''}`,
  (db, shape, param: Param<'orgId' | 'status' | 'limit' | 'offset'>) => {
    let query = selectSummaries(db);
    if (shape.byOrg) query = query.where('org_id', '=', param('orgId'));
    if (shape.byStatus) query = query.where('status', '=', param('status'));
    if (shape.cooperating) query = query.where('demands.status', 'in', COOPERATING_STATES).where(hasCooperation);
    return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(param('limit')).offset(param('offset'));
  },
);

/**
 * One page of an organisation's demands (all organisations for admins), newest change first;
 * `cooperating` keeps the live ones with a cooperation (read through the org's live demands).
 */
export function listDemands(
  db: Db,
  filter: { orgId: number | null; status?: string; cooperating?: boolean },
  limit: number,
  offset: number,
): Promise<DemandSummaryRow[]> {
  const shape = { byOrg: filter.orgId !== null, byStatus: Boolean(filter.status), cooperating: !!filter.cooperating };
  return ownPages(db, shape, { orgId: filter.orgId ?? undefined, status: filter.status, limit, offset });
}

/**
 * How many of an organisation's demands (every organisation's for admins) are live with a
 * cooperation: the org's live demands by (org_id, status) index, one probe of the unique
 * cooperations_demand index each; never a scan of either table.
 */
export async function countCooperating(db: Db, orgId: number | null, status?: string): Promise<number> {
  let query = db
    .selectFrom('demands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('demands.status', 'in', COOPERATING_STATES)
    .where(hasCooperation);
  if (orgId !== null) query = query.where('demands.org_id', '=', orgId);
  if (status) query = query.where('demands.status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Demands an institute received that are still published (it may answer them): its receipts by
 * the (org_id, received_at) index, each demand by primary key.
 */
export async function countReceivedPublished(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('demand_receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('demand_receipts.org_id', '=', orgId)
    // EXISTS, not a join: a join lets SQLite drive from the (much larger) published demands.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('demands')
          .select('demands.id')
          .whereRef('demands.id', '=', 'demand_receipts.demand_id')
          .where('demands.status', '=', 'published'),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PublishedFilters {
  industry?: string;
  province_code?: string;
  city_code?: string;
  budget_min?: number;
  budget_max?: number;
  keyword?: string;
  msc?: string;
}

const SORT_COLUMN = { newest: 'published_at', deadline: 'deadline', budget: 'budget_max' } as const;
const SORT_DIRECTION = { newest: 'desc', deadline: 'asc', budget: 'desc' } as const;
const FILTERS = ['industry', 'province_code', 'city_code', 'budget_min', 'budget_max', 'keyword', 'msc'] as const;

/** The sort key of a row under a sort, as it goes into the next cursor. */
export const sortKeyOf = (row: DemandSummaryRow, sort: PublishedSort): string | number | null => row[SORT_COLUMN[sort]];

interface PublishedShape {
  sort: PublishedSort;
  after: boolean;
  /** Which filters are set. */
  filters: Record<(typeof FILTERS)[number], boolean>;
  /** Only the demands organisation `receiverOrgId` received. */
  received: boolean;
}
type PublishedParam = (typeof FILTERS)[number] | 'afterValue' | 'afterId' | 'limit' | 'receiverOrgId';

/**
 * Where the published list reads from: every demand, or (`received`) the institute's receipts
 * CROSS JOIN demands. SQLite keeps a CROSS JOIN's order, so the receipts drive (their org_id index)
 * and a page never walks the published index past demands the institute did not receive; PostgreSQL
 * orders it by its statistics. Typed as the plain base: the receipts are only filtered on here.
 */
function publishedBase(db: Db, received: boolean, param: Param<PublishedParam>): ReturnType<typeof summaryBase> {
  if (!received) return selectSummaries(db);
  return db
    .selectFrom('demand_receipts as mine')
    .crossJoin('demands')
    .select(SUMMARY_SELECTION)
    .whereRef('mine.demand_id', '=', 'demands.id')
    .where('mine.org_id', '=', param('receiverOrgId')) as unknown as ReturnType<typeof summaryBase>;
}

const publishedPages = preparedQueries(
  (shape: PublishedShape) =>
    `${shape.sort}|${shape.after ? 1 : 0}|${FILTERS.map((f) => (shape.filters[f] ? 1 : 0)).join('')}|${shape.received ? 1 : 0}`,
  (db, shape, param: Param<PublishedParam>) => {
    let query = publishedBase(db, shape.received, param)
      // Whether the viewing institute received the row (the market cards' flag): one primary-key
      // probe per row of the page, inside the page query, so the list costs no extra round trip.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('demand_receipts')
              .select('demand_receipts.demand_id')
              .whereRef('demand_receipts.demand_id', '=', 'demands.id')
              .where('demand_receipts.org_id', '=', param('receiverOrgId')),
          )
          .as('received'),
      )
      .where('demands.status', '=', 'published');
    if (shape.filters.industry) query = query.where('demands.industry', '=', param('industry'));
    if (shape.filters.province_code) query = query.where('demands.province_code', '=', param('province_code'));
    if (shape.filters.city_code) query = query.where('demands.city_code', '=', param('city_code'));
    if (shape.filters.budget_min) query = query.where('demands.budget_max', '>=', param('budget_min'));
    if (shape.filters.budget_max) query = query.where('demands.budget_min', '<=', param('budget_max'));
    if (shape.filters.keyword) {
      const pattern = param('keyword');
      query = query.where(
        sql<boolean>`(lower(demands.title) like ${pattern} escape '\\' or lower(demands.summary) like ${pattern} escape '\\')`,
      );
    }
    if (shape.filters.msc) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('demand_fields')
            .select('demand_fields.demand_id')
            .whereRef('demand_fields.demand_id', '=', 'demands.id')
            .where('demand_fields.code', '=', param('msc')),
        ),
      );
    }
    const column = SORT_COLUMN[shape.sort];
    const direction = SORT_DIRECTION[shape.sort];
    if (shape.after) {
      query = query.where((eb) =>
        eb(
          eb.refTuple(`demands.${column}`, 'demands.id'),
          direction === 'desc' ? '<' : '>',
          eb.tuple(param('afterValue'), param('afterId')),
        ),
      );
    }
    return query.orderBy(`demands.${column}`, direction).orderBy('demands.id', direction).limit(param('limit'));
  },
);

/**
 * A keyset page of published demands: `after` is the (sort key, id) of the previous page's last
 * row, so every page costs an index range scan whatever its depth, and no total is counted.
 * Compiled once per combination of filters, sort and cursor (preparedQueries). `received` says
 * whether organisation `receiverOrgId` received the row (0, which no organisation has: never).
 */
export function listPublished(
  db: Db,
  filters: PublishedFilters,
  sort: PublishedSort,
  after: [string | number, number] | null,
  limit: number,
  receiverOrgId = 0,
  receivedOnly = false,
): Promise<(DemandSummaryRow & { received: unknown })[]> {
  const set = (value: unknown) => value !== undefined && value !== '';
  const shape: PublishedShape = {
    sort,
    after: after !== null,
    received: receivedOnly,
    filters: {
      industry: set(filters.industry),
      province_code: set(filters.province_code),
      city_code: set(filters.city_code),
      budget_min: set(filters.budget_min),
      budget_max: set(filters.budget_max),
      keyword: set(filters.keyword),
      msc: set(filters.msc),
    },
  };
  return publishedPages(db, shape, {
    ...filters,
    keyword: filters.keyword ? likeContains(filters.keyword.toLowerCase()) : undefined,
    afterValue: after?.[0],
    afterId: after?.[1],
    limit,
    receiverOrgId,
  });
}

/**
 * Published demands sharing MSC codes with `codes`, ranked by how many they share, then by
 * recency. Reads the (code, status, published_at) index of demand_fields only.
 */
export async function listRecommended(
  db: Db,
  codes: readonly string[],
  limit: number,
  offset: number,
): Promise<{ demand_id: number; overlap: number }[]> {
  if (codes.length === 0) return []; // SQL "IN ()" is a syntax error
  const rows = await db
    .selectFrom('demand_fields')
    .select([
      'demand_id',
      (eb) => eb.fn.countAll<number>().as('overlap'),
      (eb) => eb.fn.max('published_at').as('published_at'),
    ])
    .where('code', 'in', [...codes])
    .where('status', '=', 'published')
    .groupBy('demand_id')
    .orderBy('overlap', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('demand_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ demand_id: row.demand_id, overlap: Number(row.overlap) }));
}

export async function findDemandsByIds(db: Db, ids: readonly number[]): Promise<DemandSummaryRow[]> {
  if (ids.length === 0) return [];
  return selectSummaries(db)
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes a demand only if it is still a draft (its field rows go with it); false if it was not. */
export async function deleteDraft(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('demands').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Which of these demands the organisation received (the recommended cards' flag); one primary-key range. */
export async function receivedAmong(db: Db, orgId: number, demandIds: readonly number[]): Promise<Set<number>> {
  if (demandIds.length === 0) return new Set(); // SQL "IN ()" is a syntax error
  const rows = await db
    .selectFrom('demand_receipts')
    .select('demand_id')
    .where('org_id', '=', orgId)
    .where('demand_id', 'in', [...demandIds])
    .execute();
  return new Set(rows.map((row) => row.demand_id));
}

export const findReceipt = (db: Db, demandId: number, orgId: number): Promise<DemandReceiptRow | undefined> =>
  db
    .selectFrom('demand_receipts')
    .selectAll()
    .where('demand_id', '=', demandId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();

/** Records a receipt unless the organisation already has one (then false and nothing changes). */
export async function insertReceipt(db: Db, row: DemandReceiptRow): Promise<boolean> {
  const result = await db
    .insertInto('demand_receipts')
    .values(row)
    .onConflict((oc) => oc.columns(['demand_id', 'org_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await db
    .updateTable('demands')
    .set({ receive_count: sql<number>`receive_count + 1` })
    .where('id', '=', row.demand_id)
    .execute();
  return true;
}

export const findCooperationOfDemand = (db: Db, demandId: number) =>
  db.selectFrom('cooperations').selectAll().where('demand_id', '=', demandId).executeTakeFirst();
