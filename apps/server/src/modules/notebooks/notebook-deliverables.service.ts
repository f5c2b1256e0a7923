import type {
  DeliverableTarget,
  DeliverablesQuery,
  NotebookAttach,
  NotebookDeliverable,
  NotebookDeliverableDetail,
  NotebookDocument,
} from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { solutionDetail, solutionWithDemand } from '../demands/solutions.service.ts';
import { orgOf } from '../identity/org-actor.service.ts';
import { phaseAccess } from '../research/phases.service.ts';
import { requirePermission, requireReader } from '../research/research-access.service.ts';
import { owned } from './notebook-reading.service.ts';
import { presentDeliverable } from './notebooks.presenter.ts';
import { notebookPolicy } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/**
 * Deliverables (DESIGN §9, §12): a frozen copy of a notebook attached to a solution or a research
 * phase's outcome, for the receiver to re-run.
 */

/**
 * The caller's standing on a deliverable's target: `write` (may attach there: the solution's
 * institute; the phase's project owner or members who submit outcomes) or `read` (both sides of
 * the solution, the project's owner and members, admins). Refusals come from the modules that own
 * the target (their own checks), so the rules cannot drift.
 */
async function targetAccess(
  ctx: AppContext,
  caller: Caller,
  target: DeliverableTarget,
  targetId: number,
  need: 'read' | 'write',
): Promise<void> {
  if (target === 'solution') {
    if (need === 'read') {
      await solutionDetail(ctx, caller, targetId);
      return;
    }
    const found = await solutionWithDemand(ctx.db, targetId);
    if (!found) throw notFound('errors.solutionNotFound');
    const institute = await orgOf(ctx, caller, 'ResearchInstitute');
    notebookPolicy.authorize(institute, 'deliverTo', found.solution);
    return;
  }
  const { access } = await phaseAccess(ctx, caller, targetId);
  if (need === 'read') requireReader(access);
  else requirePermission(access, 'submit_outcome');
}

/** POST notebook/attach: freezes a copy of the caller's notebook onto a solution or a phase they may edit. */
export async function attachNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookAttach,
  ip: string,
): Promise<NotebookDeliverable> {
  const row = await owned(ctx.db, caller, input.notebook_id, 'attach');
  await targetAccess(ctx, caller, input.target, input.target_id, 'write');
  const id = await inTransaction(ctx.db, async (trx) => {
    const created = await repo.insertDeliverable(trx, {
      notebook_id: row.id,
      target: input.target,
      target_id: input.target_id,
      title: row.title,
      owner_id: caller.id,
      content: row.content,
      created_at: nowIso(),
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.attach',
      targetType: input.target,
      targetId: input.target_id,
      detail: { notebook: row.id, deliverable: created.id },
      ip,
    });
    return created.id;
  });
  const saved = await repo.findDeliverable(ctx.db, id);
  if (!saved) throw notFound('errors.deliverableNotFound');
  return presentDeliverable(saved);
}

/** GET notebook/deliverables: what was delivered to a solution or phase, for its readers. */
export async function listDeliverables(
  ctx: AppContext,
  caller: Caller,
  query: DeliverablesQuery,
): Promise<NotebookDeliverable[]> {
  await targetAccess(ctx, caller, query.target, query.target_id, 'read');
  return (await repo.listDeliverables(ctx.db, query.target, query.target_id)).map(presentDeliverable);
}

/** A deliverable the caller may read (as its target's readers); a missing one is 304 (404 for admins). */
export async function deliverableFor(ctx: AppContext, caller: Caller, id: number) {
  const row = await repo.findDeliverable(ctx.db, id);
  if (!row)
    throw notebookPolicy.can(caller, 'seeEvery', 'deliverable') ? notFound('errors.deliverableNotFound') : forbidden();
  await targetAccess(ctx, caller, row.target as DeliverableTarget, row.target_id, 'read');
  return row;
}

/** GET notebook/deliverable/:id: one delivered notebook with its frozen document, for the target's readers. */
export async function deliverableDetail(
  ctx: AppContext,
  caller: Caller,
  id: number,
): Promise<NotebookDeliverableDetail> {
  const row = await deliverableFor(ctx, caller, id);
  return { ...presentDeliverable(row), content: JSON.parse(row.content) as NotebookDocument };
}

/** POST notebook/detach: whoever attached a deliverable removes it. */
export async function detachNotebook(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  const row = await repo.findDeliverable(ctx.db, id);
  if (!row) throw forbidden();
  notebookPolicy.authorize(caller, 'detach', row);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteDeliverable(trx, id))) throw notFound('errors.deliverableNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.detach',
      targetType: row.target,
      targetId: row.target_id,
      detail: { deliverable: id },
      ip,
    });
  });
  return null;
}
