import type { ContributionState, NotebookDetail, NotebookReview } from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { NotebookRow } from '../../db/types.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { releaseFiles } from './notebook-images.service.ts';
import { notebookDetail, owned, type OwnerAction } from './notebook-reading.service.ts';
import { presentOwner } from './notebooks.presenter.ts';
import { notebookPolicy } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/**
 * The states of a notebook (issue 12, DESIGN §4, §12): draft → published → draft (unpublish);
 * contribution none → pending → accepted | rejected, moved only by the owner (contribute, publish
 * again, unpublish) and admins (review); and its deletion. Every move is one transaction: a guarded
 * UPDATE on the row's `rev` (or `contribution`) with its audit row and to-dos, so parallel
 * requests make one move and the others answer 409.
 */

const TARGET = (id: number) => ({ type: 'notebook', id });
const wrongState = () => conflict('errors.notebookWrongState');

/** Loads the owner's notebook and runs `move` in a transaction on what it reads there; 409 when a racer moved it first. */
async function transition(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: OwnerAction,
  move: (trx: Db, row: NotebookRow) => Promise<void>,
): Promise<NotebookDetail> {
  await inTransaction(ctx.db, async (trx) => move(trx, await owned(trx, caller, id, action)));
  return notebookDetail(ctx, caller, id);
}

async function openContributionTodo(trx: Db, row: NotebookRow, ownerName: string): Promise<void> {
  await openTodo(trx, {
    kind: 'notebookContribution',
    assignee: { role: 'Admin' },
    target: TARGET(row.id),
    params: { name: ownerName, title: row.title },
  });
}

/** The owner as the admins' to-do names them: the presenter's name (true name, else the masked phone). */
const ownerName = (row: repo.NotebookWithOwner) => presentOwner(row).name;

/**
 * POST notebook/publish: the current content becomes the published snapshot. A notebook in the
 * achievement area (accepted) or waiting there (pending) goes back to pending with a new to-do.
 */
export function publishNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, 'publish', async (trx, row) => {
    const repend = row.contribution === 'accepted' || row.contribution === 'pending';
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { rev: row.rev },
      {
        state: 'published',
        published: row.content,
        published_cells: row.cells,
        published_at: now,
        updated_at: now,
        ...(repend ? { contribution: 'pending', contributed_at: now, accepted_at: null } : {}),
      },
    );
    if (!moved) throw conflict('errors.concurrentChange');
    if (repend) {
      await closeTodos(trx, TARGET(row.id), 'cancelled', caller.id);
      const full = await repo.findNotebook(trx, row.id);
      if (full) await openContributionTodo(trx, full, ownerName(full));
    }
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.publish',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

/** POST notebook/unpublish: published → draft; a contribution is withdrawn (none) and its to-dos closed. */
export function unpublishNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, 'publish', async (trx, row) => {
    if (row.state !== 'published') throw wrongState();
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { rev: row.rev, state: 'published' },
      {
        state: 'draft',
        contribution: 'none',
        published: null,
        published_cells: null,
        published_at: null,
        accepted_at: null,
        contributed_at: null,
        updated_at: now,
      },
    );
    if (!moved) throw wrongState();
    await closeTodos(trx, TARGET(row.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.unpublish',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

const CONTRIBUTABLE: readonly ContributionState[] = ['none', 'rejected'];

/** POST notebook/contribute: a published notebook, contribution none|rejected → pending; a to-do for the admins. */
export function contributeNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, 'contribute', async (trx, row) => {
    if (row.state !== 'published' || !CONTRIBUTABLE.includes(row.contribution as ContributionState)) throw wrongState();
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { state: 'published', contribution: CONTRIBUTABLE },
      {
        contribution: 'pending',
        contributed_at: now,
        reject_reason: null,
        updated_at: now,
      },
    );
    if (!moved) throw wrongState();
    // A rejection's to-do for the owner is done: they contributed again.
    await closeTodos(trx, TARGET(row.id), 'done', caller.id);
    const full = await repo.findNotebook(trx, row.id);
    if (full) await openContributionTodo(trx, full, ownerName(full));
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.contribute',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

/** POST notebook/review (admin): pending → accepted, or rejected with a reason the owner sees. */
export async function reviewNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookReview,
  ip: string,
): Promise<NotebookDetail> {
  notebookPolicy.authorize(caller, 'review', 'contributions');
  await inTransaction(ctx.db, async (trx) => {
    const row = await repo.findNotebook(trx, input.id);
    if (!row) throw notFound('errors.notebookNotFound');
    if (row.contribution !== 'pending') throw wrongState();
    const now = nowIso();
    const accept = input.decision === 'accept';
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { contribution: ['pending'] },
      {
        contribution: accept ? 'accepted' : 'rejected',
        accepted_at: accept ? now : null,
        reject_reason: accept ? null : (input.reason ?? null),
      },
    );
    if (!moved) throw wrongState();
    await closeTodos(trx, TARGET(row.id), 'done', caller.id);
    await notify(trx, {
      userId: row.owner_id,
      actorId: caller.id,
      kind: accept ? 'notebookAccepted' : 'notebookRejected',
      target: TARGET(row.id),
      params: { title: row.title },
    });
    if (!accept)
      await openTodo(trx, {
        kind: 'notebookRejected',
        assignee: { userId: row.owner_id },
        target: TARGET(row.id),
        params: { title: row.title },
      });
    await writeAudit(trx, {
      actorId: caller.id,
      action: accept ? 'notebook.accept' : 'notebook.reject',
      targetType: 'notebook',
      targetId: row.id,
      detail: accept ? { title: row.title } : { title: row.title, reason: input.reason },
      ip,
    });
  });
  return notebookDetail(ctx, caller, input.id);
}

/** POST notebook/delete: the owner's notebook, whatever its state; its attachments and cover go too. */
export async function deleteNotebook(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  const files = await inTransaction(ctx.db, async (trx) => {
    const row = await owned(trx, caller, id, 'delete');
    const attachments = await repo.listAttachments(trx, id);
    if (!(await repo.deleteNotebook(trx, id))) throw forbidden();
    await closeTodos(trx, TARGET(id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.delete',
      targetType: 'notebook',
      targetId: id,
      detail: { title: row.title, state: row.state },
      ip,
    });
    return [...attachments.map((a) => a.file_id), ...(row.cover_file_id === null ? [] : [row.cover_file_id])];
  });
  await releaseFiles(ctx, files);
  return null;
}
