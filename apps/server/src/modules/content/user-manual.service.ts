import type { ManualPage, ManualSave } from '@mathbridge/contracts/content';
import type { SelectableRole } from '@mathbridge/contracts/roles';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { presentManualPage } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/** The user manual (issue 11, DESIGN §11): help pages per role, managed by admins. */

/**
 * GET index/userManual: pages for `role` and for everyone; without `role`, for the caller's
 * selectable roles (every page for admins; visitors: the pages for everyone).
 */
export async function userManual(ctx: AppContext, caller: Caller | null, role?: SelectableRole): Promise<ManualPage[]> {
  if (role) return (await repo.listManualPages(ctx.db, ['all', role])).map(presentManualPage);
  // A handful of pages: read them all and keep those the policy shows this caller.
  const pages = await repo.listManualPages(ctx.db, null);
  return pages.filter((page) => contentPolicy.can(caller, 'showManual', page)).map(presentManualPage);
}

export async function listManualPages(ctx: AppContext, caller: Caller): Promise<ManualPage[]> {
  contentPolicy.authorize(caller, 'manage', 'manual');
  return (await repo.listManualPages(ctx.db, null)).map(presentManualPage);
}

export async function saveManualPage(
  ctx: AppContext,
  caller: Caller,
  input: ManualSave,
  ip: string,
): Promise<ManualPage> {
  contentPolicy.authorize(caller, 'manage', 'manual');
  const now = nowIso();
  const fields = { audience: input.audience, title: input.title, body: input.body, sort: input.sort, updated_at: now };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertManualPage(trx, { ...fields, created_at: now })
        : await repo.updateManualPage(trx, input.id, fields);
    if (!saved) throw notFound('errors.manualPageNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'content.manual.create' : 'content.manual.update',
      targetType: 'content_manual_page',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return presentManualPage(row);
}

export async function deleteManualPage(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  contentPolicy.authorize(caller, 'manage', 'manual');
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteManualPage(trx, id))) throw notFound('errors.manualPageNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.manual.delete',
      targetType: 'content_manual_page',
      targetId: id,
      ip,
    });
  });
  return null;
}
