import { dayRange, type Page } from '@mathbridge/contracts/pagination';
import type { AuditLogEntry, LogsQuery } from '@mathbridge/contracts/workflow';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { requireAdmin, type Caller } from '../../plugins/call.ts';
import { countLogs, insertLog, listLogs } from './audit-log.repository.ts';

/** The audit log: every module writes its rows here (`writeAudit`), admins read them (`sys/getLogs`). */

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Appends one row to the audit log; pass the transaction so the row commits with the change. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertLog(db, {
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    ip: entry.ip ?? null,
    created_at: nowIso(),
  });
}

type LogRow = Awaited<ReturnType<typeof listLogs>>[number];

function presentLog(row: LogRow): AuditLogEntry {
  let detail: unknown = null;
  try {
    detail = row.detail ? JSON.parse(row.detail) : null;
  } catch {
    detail = row.detail;
  }
  return {
    id: row.id,
    actor:
      row.actor_id !== null
        ? { id: row.actor_id, account: row.actor_account ?? '', truename: row.actor_truename ?? null }
        : null,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    detail,
    ip: row.ip,
    created_at: row.created_at,
  };
}

/** `sys/getLogs` (admins): the audit log, newest first, filtered by actor, action and days. */
export async function getLogs(ctx: AppContext, caller: Caller, query: LogsQuery): Promise<Page<AuditLogEntry>> {
  requireAdmin(caller);
  const range = dayRange(query.date_from, query.date_to);
  const filters = {
    actorId: query.actor_id,
    actor: query.actor,
    action: query.action,
    from: range.from,
    before: range.before,
  };
  const [total, rows] = await Promise.all([
    countLogs(ctx.db, filters),
    listLogs(ctx.db, filters, query.page_size, offsetOf(query)),
  ]);
  return pageOf(query, rows.map(presentLog), total);
}
