import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogsTable } from '../../db/types.ts';
import { likeContains, likePrefix } from '../../lib/sql.ts';

/** Kysely queries over the audit log: one insert per audited change, and the admins' filtered pages. */

export interface LogFilters {
  actorId?: number | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  before?: string | undefined;
}

function logQuery(db: Db, filters: LogFilters) {
  let query = db.selectFrom('audit_logs').leftJoin('users', 'users.id', 'audit_logs.actor_id');
  if (filters.actorId !== undefined) query = query.where('audit_logs.actor_id', '=', filters.actorId);
  if (filters.actor) {
    const text = filters.actor.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('users.phone')} like ${likePrefix(text)} escape '\\'`,
        sql<boolean>`lower(${eb.ref('users.account')}) like ${likeContains(text)} escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref('users.truename')}, '')) like ${likeContains(text)} escape '\\'`,
      ]),
    );
  }
  if (filters.action) {
    const action = filters.action;
    // A family ('certification') matches its actions ('certification.approve', …).
    query = action.includes('.')
      ? query.where('audit_logs.action', '=', action)
      : query.where((eb) =>
          eb.or([
            eb('audit_logs.action', '=', action),
            sql<boolean>`${eb.ref('audit_logs.action')} like ${likePrefix(`${action.toLowerCase()}.`)} escape '\\'`,
          ]),
        );
  }
  if (filters.from) query = query.where('audit_logs.created_at', '>=', filters.from);
  if (filters.before) query = query.where('audit_logs.created_at', '<', filters.before);
  return query;
}

export async function countLogs(db: Db, filters: LogFilters): Promise<number> {
  const row = await logQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const listLogs = (db: Db, filters: LogFilters, limit: number, offset: number) =>
  logQuery(db, filters)
    .selectAll('audit_logs')
    .select(['users.account as actor_account', 'users.truename as actor_truename'])
    .orderBy('audit_logs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function insertLog(db: Db, row: Insertable<AuditLogsTable>): Promise<void> {
  await db.insertInto('audit_logs').values(row).execute();
}
