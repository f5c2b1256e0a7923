import {
  DEMAND_STATES,
  type DemandDetail,
  type DemandListQuery,
  type DemandPage,
  type DemandReview,
  type DemandSave,
  type DemandState,
  type DownloadLink,
  type PublishedListQuery,
  type PublishedPage,
  type ReceiveDemand,
  type AttachmentTray,
  type RecommendedPage,
  type RecommendedQuery,
} from '@mathbridge/contracts/demands';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { DemandReceiptRow, DemandRow } from '../../db/types.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { cursorAfter, keysetPage, offsetOf, pageOf } from '../../lib/paging.ts';
import { codesOf, inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { batchDownloadUrl } from '../files/download.service.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { deleteSpace } from '../files/trash.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { orgOf, requireEnterprise, requireInstitute, type OrgActor } from '../identity/org-actor.service.ts';
import {
  adoptAttachmentTray,
  ensureAttachmentTray,
  ensureItemSpace,
  readableIds,
  snapshotAttachments,
} from './attachments.ts';
import { PLATFORM, moveCount, readCount, readCounts } from './counts.service.ts';
import * as repo from './demands.repository.ts';
import { attachmentsOf, presentDemandDetail, presentDemandSummary } from './demands.presenter.ts';
import { EDITABLE, LIVE, demandPolicy, type DemandViewer } from './demands.policy.ts';
import { acceptedSolutionAttachments, declineOpenSolutions, notReceiving } from './solutions.service.ts';
import { findLatestSolution } from './solutions.repository.ts';
import { orgViewer } from './viewer.ts';

/**
 * Demands (DESIGN §4): draft → submitted → published | rejected (→ draft on edit); published ⇄
 * paused; published/paused → closed | completed. Every transition is one function here: check the
 * actor, check the state, write in one transaction with a guarded UPDATE (a racing transition
 * gets 409 and changes nothing), audit log, to-dos, maintained counters.
 */

export const demandTarget = (id: number) => ({ type: 'demand', id });
const wrongState = () => conflict('errors.demandWrongState');

async function loadDemand(db: Db, id: number): Promise<DemandRow> {
  const demand = await repo.findDemand(db, id);
  if (!demand) throw notFound('errors.demandNotFound');
  return demand;
}

/** The caller's enterprise and its demand, for an owner's `action`: another organisation's demand is 304. */
async function ownDemand(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: 'edit' | 'submit' | 'withdraw' | 'delete' | 'toggle' | 'close' | 'complete',
): Promise<{ actor: OrgActor; demand: DemandRow }> {
  const actor = await requireEnterprise(ctx, caller);
  const demand = await loadDemand(ctx.db, id);
  demandPolicy.authorize({ enterpriseId: actor.org.id }, action, demand);
  return { actor, demand };
}

/** Moves a demand from the state read to `to`, with its counters and field rows, or 409. */
async function transition(
  trx: Db,
  demand: DemandRow,
  to: DemandState,
  changes: Parameters<typeof repo.moveDemand>[3] = {},
): Promise<DemandRow> {
  const now = nowIso();
  const next = { ...changes, status: to, updated_at: now };
  if (!(await repo.moveDemand(trx, demand.id, demand.status, next))) throw wrongState();
  await moveCount(trx, 'demand', demand.org_id, demand.status, to);
  const publishedAt = next.published_at === undefined ? demand.published_at : (next.published_at ?? null);
  await repo.syncDemandFields(trx, demand.id, to, publishedAt);
  return { ...demand, ...next, published_at: publishedAt } as DemandRow;
}

async function submitInTrx(trx: Db, demand: DemandRow, caller: Caller, ip: string): Promise<DemandRow> {
  const moved = await transition(trx, demand, 'submitted', { submitted_at: nowIso(), reject_reason: null });
  await closeTodos(trx, demandTarget(demand.id), 'done', caller.id);
  await openTodo(trx, {
    kind: 'demandReview',
    assignee: { role: 'Admin' },
    target: demandTarget(demand.id),
    params: { org: demand.org_name, title: demand.title },
  });
  await writeAudit(trx, { actorId: caller.id, action: 'demand.submit', targetType: 'demand', targetId: demand.id, ip });
  return moved;
}

/** POST demand/save: creates a draft or edits a draft/rejected one; `commit` 1 also submits it. */
export async function saveDemand(
  ctx: AppContext,
  caller: Caller,
  input: DemandSave,
  ip: string,
  locale: Locale,
): Promise<DemandDetail> {
  const actor = await requireEnterprise(ctx, caller);
  const now = nowIso();
  const fields = {
    title: input.title,
    industry: input.industry,
    summary: input.summary,
    problem: input.problem,
    expected_outcome: input.expected_outcome,
    available_data: input.available_data ?? null,
    budget_min: input.budget_min,
    budget_max: input.budget_max,
    deadline: input.deadline,
    province_code: input.province_code,
    city_code: input.city_code ?? null,
    msc_fields: input.msc_fields.join(','),
    nda_required: input.nda_required,
    contact: input.contact,
    contact_phone: input.contact_phone,
  };
  let id: number;
  if (input.id === undefined) {
    // Attachments chosen while the demand was written wait in the author's tray; this save adopts it.
    const tray = input.attachments.length
      ? (await ensureAttachmentTray(ctx, 'demand', caller.id, actor.org.id)).space_id
      : null;
    const attachments = await snapshotAttachments(ctx, caller, tray, input.attachments, locale);
    const created = await inTransaction(ctx.db, async (trx) => {
      const row = await repo.insertDemand(trx, {
        ...fields,
        org_id: actor.org.id,
        org_name: actor.org.name,
        owner_id: caller.id,
        status: 'draft',
        attachments: JSON.stringify(attachments),
        space_id: tray,
        reject_reason: null,
        reviewer_id: null,
        created_at: now,
        updated_at: now,
        submitted_at: null,
        reviewed_at: null,
        published_at: null,
        ended_at: null,
      });
      if (tray !== null && !(await adoptAttachmentTray(trx, 'demand', tray, row.id, caller.id)))
        throw invalidField('attachments', 'attachmentNotInSpace', translate(locale, 'errors.attachmentNotInSpace'));
      await moveCount(trx, 'demand', actor.org.id, null, 'draft');
      await repo.setDemandFields(trx, row, input.msc_fields);
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'demand.create',
        targetType: 'demand',
        targetId: row.id,
        ip,
      });
      if (input.commit === 1) await submitInTrx(trx, row, caller, ip);
      return row;
    });
    id = created.id;
    if (tray === null) {
      const spaceId = await ensureItemSpace(ctx, 'demand', id, caller.id, actor.org.id);
      await repo.updateDemand(ctx.db, id, { space_id: spaceId });
    }
  } else {
    const { demand } = await ownDemand(ctx, caller, input.id, 'edit');
    if (!EDITABLE.includes(demand.status)) throw wrongState();
    const spaceId =
      demand.space_id ?? (await ensureItemSpace(ctx, 'demand', demand.id, demand.owner_id, demand.org_id));
    const attachments = await snapshotAttachments(ctx, caller, spaceId, input.attachments, locale);
    await inTransaction(ctx.db, async (trx) => {
      const current = await loadDemand(trx, demand.id);
      if (!EDITABLE.includes(current.status)) throw wrongState();
      const changes = { ...fields, attachments: JSON.stringify(attachments), space_id: spaceId, updated_at: nowIso() };
      // Editing a rejected demand takes it back to draft (DESIGN §4: rejected → draft).
      const edited =
        current.status === 'rejected' ? await transition(trx, current, 'draft', changes) : { ...current, ...changes };
      if (current.status !== 'rejected' && !(await repo.moveDemand(trx, current.id, current.status, changes)))
        throw wrongState();
      await repo.setDemandFields(trx, edited, input.msc_fields);
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'demand.update',
        targetType: 'demand',
        targetId: current.id,
        ip,
      });
      if (input.commit === 1) await submitInTrx(trx, edited, caller, ip);
    });
    id = demand.id;
  }
  return demandDetail(ctx, caller, id);
}

/**
 * POST demand/attachmentSpace: the space a demand being written uploads its attachments to before
 * its first save (the author's tray, adopted by that save), so a new demand takes attachments at once.
 */
export async function demandAttachmentTray(ctx: AppContext, caller: Caller): Promise<AttachmentTray> {
  const actor = await requireEnterprise(ctx, caller);
  return ensureAttachmentTray(ctx, 'demand', caller.id, actor.org.id);
}

/** POST demand/submit: draft or rejected → submitted; admins get a review to-do. */
export async function submitDemand(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<DemandDetail> {
  const { demand } = await ownDemand(ctx, caller, id, 'submit');
  if (!EDITABLE.includes(demand.status)) throw wrongState();
  await inTransaction(ctx.db, async (trx) => submitInTrx(trx, demand, caller, ip));
  return demandDetail(ctx, caller, id);
}

/** POST demand/withdraw: submitted → draft (taken back from review); the review to-do is cancelled. */
export async function withdrawDemand(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<DemandDetail> {
  const { demand } = await ownDemand(ctx, caller, id, 'withdraw');
  if (demand.status !== 'submitted') throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    await transition(trx, demand, 'draft', { submitted_at: null });
    await closeTodos(trx, demandTarget(demand.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'demand.withdraw',
      targetType: 'demand',
      targetId: demand.id,
      ip,
    });
  });
  return demandDetail(ctx, caller, id);
}

/**
 * POST demand/delete: the owner deletes a draft for good, with its file space (through the files
 * module). Any other state is 409: what was submitted has a review trail. The guarded DELETE makes
 * a delete racing a submit or an edit either win (they then find nothing: 409/404) or lose (409).
 */
export async function deleteDemand(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  const { demand } = await ownDemand(ctx, caller, id, 'delete');
  if (demand.status !== 'draft') throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteDraft(trx, demand.id))) throw wrongState();
    await moveCount(trx, 'demand', demand.org_id, 'draft', null);
    await closeTodos(trx, demandTarget(demand.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'demand.delete',
      targetType: 'demand',
      targetId: demand.id,
      detail: { title: demand.title },
      ip,
    });
  });
  await deleteSpace(ctx, `demand:${demand.id}`, caller.id, ip);
  return null;
}

/** POST demand/review (admins): submitted → published, or → rejected with a reason the enterprise sees. */
export async function reviewDemand(
  ctx: AppContext,
  caller: Caller,
  input: DemandReview,
  ip: string,
): Promise<DemandDetail> {
  demandPolicy.authorize({ admin: isAdmin(caller) }, 'review', { id: input.id });
  const demand = await loadDemand(ctx.db, input.id);
  if (demand.status !== 'submitted') throw wrongState();
  const approve = input.approve === 1;
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    await transition(trx, demand, approve ? 'published' : 'rejected', {
      reviewer_id: caller.id,
      reviewed_at: now,
      reject_reason: approve ? null : (input.reason ?? null),
      ...(approve ? { published_at: now } : {}),
    });
    await closeTodos(trx, demandTarget(demand.id), 'done', caller.id);
    await notify(trx, {
      userId: demand.owner_id,
      actorId: caller.id,
      kind: approve ? 'demandApproved' : 'demandRejected',
      target: demandTarget(demand.id),
      params: { title: demand.title },
    });
    if (!approve)
      await openTodo(trx, {
        kind: 'demandRejected',
        assignee: { userId: demand.owner_id },
        target: demandTarget(demand.id),
        params: { title: demand.title },
      });
    await writeAudit(trx, {
      actorId: caller.id,
      action: approve ? 'demand.approve' : 'demand.reject',
      targetType: 'demand',
      targetId: demand.id,
      detail: approve ? undefined : { reason: input.reason },
      ip,
    });
  });
  return demandDetail(ctx, caller, demand.id);
}

/** POST demand/toggle: published ⇄ paused (receiving solutions on / off). */
export async function toggleDemand(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<DemandDetail> {
  const { demand } = await ownDemand(ctx, caller, id, 'toggle');
  if (!LIVE.includes(demand.status)) throw wrongState();
  const to = demand.status === 'published' ? 'paused' : 'published';
  await inTransaction(ctx.db, async (trx) => {
    await transition(trx, demand, to);
    await writeAudit(trx, {
      actorId: caller.id,
      action: to === 'paused' ? 'demand.pause' : 'demand.resume',
      targetType: 'demand',
      targetId: demand.id,
      ip,
    });
  });
  return demandDetail(ctx, caller, id);
}

/**
 * POST demand/close and demand/complete: a live demand ends. Completing needs an accepted solution.
 * Solutions still waiting for an answer are declined with the reason, so no answer is silent.
 */
export async function endDemand(
  ctx: AppContext,
  caller: Caller,
  id: number,
  to: 'closed' | 'completed',
  ip: string,
): Promise<DemandDetail> {
  const { demand } = await ownDemand(ctx, caller, id, to === 'completed' ? 'complete' : 'close');
  if (!LIVE.includes(demand.status)) throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    // The demand is locked first, so an accept in flight has either committed (its cooperation is
    // seen here) or waits and then finds the demand ended.
    await transition(trx, demand, to, { ended_at: nowIso() });
    if (to === 'completed' && !(await repo.findCooperationOfDemand(trx, demand.id)))
      throw conflict('errors.demandNoAcceptedSolution');
    await declineOpenSolutions(trx, demand, to === 'completed' ? 'demandCompleted' : 'demandClosed', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: to === 'completed' ? 'demand.complete' : 'demand.close',
      targetType: 'demand',
      targetId: demand.id,
      ip,
    });
  });
  return demandDetail(ctx, caller, id);
}

/**
 * POST demand/receive (institutes): takes a published demand to answer it. When the demand asks
 * for a confidentiality agreement, `accept_nda` must be 1; who and when is recorded. The full
 * detail and the attachments open to the institute (attachments.ts canReadAttachment: the receipt
 * is the grant). Receiving again changes nothing.
 */
export async function receiveDemand(
  ctx: AppContext,
  caller: Caller,
  input: ReceiveDemand,
  ip: string,
  locale: Locale,
): Promise<DemandDetail> {
  const actor = await requireInstitute(ctx, caller);
  const demand = await loadDemand(ctx.db, input.id);
  const existing = await repo.findReceipt(ctx.db, demand.id, actor.org.id);
  if (!existing) {
    if (demand.status === 'paused') throw conflict('errors.demandNotReceiving');
    if (demand.status !== 'published') throw wrongState();
    if (demand.nda_required === 1 && input.accept_nda !== 1)
      throw invalidField('accept_nda', 'ndaRequired', translate(locale, 'errors.ndaRequired'));
    await inTransaction(ctx.db, async (trx) => {
      // Locked while published: a receipt never lands on a demand paused or closed meanwhile.
      if (!(await repo.lockDemand(trx, demand.id, ['published']))) throw await notReceiving(trx, demand.id);
      // A parallel receive by the same institute may have recorded it first: then nothing changes.
      const recorded = await repo.insertReceipt(trx, {
        demand_id: demand.id,
        org_id: actor.org.id,
        user_id: caller.id,
        nda_accepted: demand.nda_required === 1 ? 1 : 0,
        received_at: nowIso(),
      });
      if (!recorded) return;
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'demand.receive',
        targetType: 'demand',
        targetId: demand.id,
        detail: { org: actor.org.id, nda: demand.nda_required === 1 },
        ip,
      });
    });
  }
  return demandDetail(ctx, caller, demand.id);
}

/**
 * The demand as `caller` may see it (demandPolicy `see`, else 304), with who they are to it: their
 * organisation and, for an institute, its receipt.
 */
async function viewDemand(
  ctx: AppContext,
  caller: Caller,
  id: number,
): Promise<{ demand: DemandRow; viewer: DemandViewer; receipt: DemandReceiptRow | undefined }> {
  const demand = await loadDemand(ctx.db, id);
  const org = await orgViewer(ctx, caller);
  const receipt = org.instituteId === null ? undefined : await repo.findReceipt(ctx.db, demand.id, org.instituteId);
  const viewer = { ...org, received: receipt !== undefined };
  demandPolicy.authorize(viewer, 'see', demand);
  return { demand, viewer, receipt };
}

/** GET demand/detail/:id: the owner, admins and receivers see everything; other institutes the public summary. */
export async function demandDetail(ctx: AppContext, caller: Caller, id: number): Promise<DemandDetail> {
  const { demand, viewer, receipt } = await viewDemand(ctx, caller, id);
  const [cooperation, ownSolution] = await Promise.all([
    repo.findCooperationOfDemand(ctx.db, demand.id),
    viewer.instituteId === null ? undefined : findLatestSolution(ctx.db, demand.id, viewer.instituteId),
  ]);
  return presentDemandDetail(demand, viewer, { receipt, cooperation, ownSolution });
}

/** GET demand/list: the enterprise's own demands (admins: all), with maintained totals by status. */
export async function listDemands(ctx: AppContext, caller: Caller, query: DemandListQuery): Promise<DemandPage> {
  const orgId = isAdmin(caller) ? null : (await requireEnterprise(ctx, caller)).org.id;
  const cooperating = query.cooperating === 1;
  const [counts, rows, cooperatingTotal] = await Promise.all([
    readCounts(ctx.db, 'demand', orgId ?? PLATFORM, DEMAND_STATES),
    repo.listDemands(ctx.db, { orgId, status: query.status, cooperating }, query.page_size, offsetOf(query)),
    cooperating ? repo.countCooperating(ctx.db, orgId, query.status) : null,
  ]);
  const total =
    cooperatingTotal ?? (query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0));
  return { ...pageOf(query, rows.map(presentDemandSummary), total), counts };
}

const hasFilters = (q: PublishedListQuery): boolean =>
  [q.industry, q.province_code, q.city_code, q.budget_min, q.budget_max, q.keyword, q.msc, q.received].some(
    (v) => v !== undefined,
  );

/**
 * GET demand/publishedList (institutes): keyset pages of published demands. The total is the
 * maintained count when no filter is set, and null (unknown) with filters: counting matches would
 * cost a scan per request (DESIGN §8), and the list scrolls infinitely (spec §9).
 */
export async function listPublishedDemands(
  ctx: AppContext,
  caller: Caller,
  query: PublishedListQuery,
): Promise<PublishedPage> {
  const after = cursorAfter(query.cursor, query.sort === 'budget' ? 'integer' : 'text');
  // Looked up once per request and briefly cached (org-actor.service.ts), so a warm page is still one query.
  const institute = isAdmin(caller) ? null : await orgOf(ctx, caller, 'ResearchInstitute');
  const [rows, total] = await Promise.all([
    // `received` without an institute (an admin) names no receipts: receiver 0 has none.
    repo.listPublished(ctx.db, query, query.sort, after, query.page_size + 1, institute?.org.id, query.received === 1),
    hasFilters(query) ? Promise.resolve(null) : readCount(ctx.db, 'demand', PLATFORM, 'published'),
  ]);
  const { page, next_cursor } = keysetPage(rows, query.page_size, (row) => repo.sortKeyOf(row, query.sort));
  return {
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    items: page.map((row) => ({ ...presentDemandSummary(row), received: Boolean(Number(row.received)) })),
    next_cursor,
    total,
  };
}

/** GET demand/recommended (institutes): published demands sharing MSC fields with the institute, most shared first, then newest. */
export async function recommendedDemands(
  ctx: AppContext,
  caller: Caller,
  query: RecommendedQuery,
): Promise<RecommendedPage> {
  // Admins (spec §6: they see everything) have no research fields, so nothing is recommended to them.
  const institute = isAdmin(caller) ? null : await requireInstitute(ctx, caller);
  const codes = institute?.org.research_fields ?? [];
  const ranked = await repo.listRecommended(ctx.db, codes, query.page_size + 1, offsetOf(query));
  const pageRanks = ranked.slice(0, query.page_size);
  const pageIds = pageRanks.map((r) => r.demand_id);
  const rows = new Map((await repo.findDemandsByIds(ctx.db, pageIds)).map((row) => [row.id, row]));
  const received = institute ? await repo.receivedAmong(ctx.db, institute.org.id, pageIds) : new Set<number>();
  const items = pageRanks.flatMap(({ demand_id: demandId }) => {
    const row = rows.get(demandId);
    return row
      ? [
          {
            ...presentDemandSummary(row),
            received: received.has(row.id),
            matched_fields: codesOf(row.msc_fields).filter((code) => codes.includes(code)),
          },
        ]
      : [];
  });
  return { items, page: query.page, page_size: query.page_size, has_more: ranked.length > query.page_size };
}

/**
 * POST demand/download: one zip of the demand's attachments and, once a cooperation started, the
 * accepted solution's, through the files module's signed, streamed zip. For the owner, receivers
 * (demand files only) and the cooperating institute.
 */
export async function downloadDemand(ctx: AppContext, caller: Caller, id: number): Promise<DownloadLink> {
  const { demand, viewer } = await viewDemand(ctx, caller, id);
  const cooperation = (await repo.findCooperationOfDemand(ctx.db, demand.id)) ?? null;
  demandPolicy.authorize(viewer, 'download', { ...demand, cooperation });
  const ids = attachmentsOf(demand.attachments).map((a) => a.id);
  if (cooperation) ids.push(...(await acceptedSolutionAttachments(ctx.db, cooperation.solution_id)));
  const readable = await readableIds(ctx, caller, ids);
  if (readable.length === 0) throw notFound('errors.nodeNotFound');
  // The title becomes a file name: path separators and control characters cannot be part of one.
  const name = `${[...demand.title].map((ch) => (ch < ' ' || ch === '/' || ch === '\\' ? '_' : ch)).join('')}.zip`;
  return batchDownloadUrl(ctx, caller, { ids: readable, name });
}
