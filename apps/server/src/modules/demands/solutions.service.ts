import type { AttachmentTray, CooperationDetail } from '@mathbridge/contracts/demands';
import {
  SOLUTION_STATES,
  type DeclineReason,
  type DeclineSolution,
  type Solution,
  type SolutionListQuery,
  type SolutionPage,
  type SolutionSave,
} from '@mathbridge/contracts/solutions';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { DemandRow, SolutionRow } from '../../db/types.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { inTransaction, isUniqueViolation } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { orgOf, requireEnterprise, requireInstitute } from '../identity/org-actor.service.ts';
import { adoptAttachmentTray, ensureAttachmentTray, ensureItemSpace, snapshotAttachments } from './attachments.ts';
import { PLATFORM, moveCount, readCounts } from './counts.service.ts';
import { addSolutionCount, findDemand, findDemandsByIds, findReceipt, lockDemand } from './demands.repository.ts';
import { attachmentsOf } from './demands.presenter.ts';
import * as repo from './solutions.repository.ts';
import { presentSolution } from './solutions.presenter.ts';
import { ANSWERED, cooperationPolicy, demandPolicy, solutionPolicy } from './demands.policy.ts';
import { orgViewer } from './viewer.ts';

/**
 * Solutions (DESIGN §4): draft → submitted → accepted | declined; submitted → withdrawn. An
 * institute answers a demand it received while the demand is published; the enterprise accepts
 * one (a cooperation starts, to-dos on both sides) or declines with a reason the institute sees.
 */

export const solutionTarget = (id: number) => ({ type: 'solution', id });
export const cooperationTarget = (id: number) => ({ type: 'cooperation', id });
const wrongState = () => conflict('errors.solutionWrongState');

async function loadSolution(db: Db, id: number): Promise<SolutionRow> {
  const solution = await repo.findSolution(db, id);
  if (!solution) throw notFound('errors.solutionNotFound');
  return solution;
}

async function loadDemand(db: Db, id: number): Promise<DemandRow> {
  const demand = await findDemand(db, id);
  if (!demand) throw notFound('errors.demandNotFound');
  return demand;
}

async function moveTo(
  trx: Db,
  solution: SolutionRow,
  to: string,
  changes: Parameters<typeof repo.moveSolution>[3] = {},
): Promise<SolutionRow> {
  const next = { ...changes, status: to, updated_at: nowIso() };
  if (!(await repo.moveSolution(trx, solution.id, solution.status, next))) throw wrongState();
  await moveCount(trx, 'solution', solution.org_id, solution.status, to);
  return { ...solution, ...next };
}

/** Why a demand that is not published takes no answers or receipts: paused ('not receiving'), or any other state. */
export async function notReceiving(db: Db, demandId: number) {
  const demand = await loadDemand(db, demandId);
  return demand.status === 'paused' ? conflict('errors.demandNotReceiving') : conflict('errors.demandWrongState');
}

/**
 * Draft → submitted (with `changes`, for a save that also submits). The demand's answer count is
 * raised only while it is published, which locks it first: a `demand/close` racing this either
 * ran before (409 here) or waits for this commit and then declines the new answer.
 */
async function submitInTrx(
  trx: Db,
  solution: SolutionRow,
  caller: Caller,
  ip: string,
  changes: Parameters<typeof repo.moveSolution>[3] = {},
): Promise<void> {
  if (!(await addSolutionCount(trx, solution.demand_id, 1, ['published'])))
    throw await notReceiving(trx, solution.demand_id);
  const demand = await loadDemand(trx, solution.demand_id);
  await moveTo(trx, { ...solution, status: 'draft' }, 'submitted', { ...changes, submitted_at: nowIso() });
  await openTodo(trx, {
    kind: 'solutionReview',
    assignee: { userId: demand.owner_id },
    target: solutionTarget(solution.id),
    params: { institute: solution.org_name, title: demand.title },
  });
  await notify(trx, {
    userId: demand.owner_id,
    actorId: caller.id,
    kind: 'solutionReceived',
    target: solutionTarget(solution.id),
    params: { institute: solution.org_name, title: demand.title, demand: String(demand.id) },
  });
  await writeAudit(trx, {
    actorId: caller.id,
    action: 'solution.submit',
    targetType: 'solution',
    targetId: solution.id,
    detail: { demand: demand.id },
    ip,
  });
}

/**
 * POST solution/attachmentSpace: where an answer being written uploads its attachments before its
 * first save (the author's tray, adopted by that save), as demand/attachmentSpace does for demands.
 */
export async function solutionAttachmentTray(ctx: AppContext, caller: Caller): Promise<AttachmentTray> {
  const actor = await requireInstitute(ctx, caller);
  return ensureAttachmentTray(ctx, 'solution', caller.id, actor.org.id);
}

/** POST solution/save: an institute creates (for a demand it received) or edits a draft; `commit` 1 also submits it. */
export async function saveSolution(
  ctx: AppContext,
  caller: Caller,
  input: SolutionSave,
  ip: string,
  locale: Locale,
): Promise<Solution> {
  const actor = await requireInstitute(ctx, caller);
  const demand = await loadDemand(ctx.db, input.demand_id);
  const received = (await findReceipt(ctx.db, demand.id, actor.org.id)) !== undefined;
  demandPolicy.authorize({ instituteId: actor.org.id, received }, 'solve', demand, () =>
    conflict('errors.demandNotReceived'),
  );
  const fields = {
    approach: input.approach,
    team: input.team,
    timeline: input.timeline,
    cost_estimate: input.cost_estimate,
  };
  let id: number;
  if (input.id === undefined) {
    if (demand.status === 'paused') throw conflict('errors.demandNotReceiving');
    if (demand.status !== 'published') throw conflict('errors.demandWrongState');
    // Attachments chosen while the answer was written wait in the author's tray; this save adopts it.
    const tray = input.attachments.length
      ? (await ensureAttachmentTray(ctx, 'solution', caller.id, actor.org.id)).space_id
      : null;
    const attachments = await snapshotAttachments(ctx, caller, tray, input.attachments, locale);
    const now = nowIso();
    // The partial unique index solutions_one_open holds 'one open answer per institute' when
    // parallel saves both find none (migration 0009); the read before it only spares a failed insert.
    const created = await inTransaction(ctx.db, async (trx) => {
      if (!(await lockDemand(trx, demand.id, ['published']))) throw await notReceiving(trx, demand.id);
      if (await repo.findOpenSolution(trx, demand.id, actor.org.id)) throw conflict('errors.solutionExists');
      const row = await repo.insertSolution(trx, {
        ...fields,
        demand_id: demand.id,
        org_id: actor.org.id,
        org_name: actor.org.name,
        owner_id: caller.id,
        status: 'draft',
        attachments: JSON.stringify(attachments),
        space_id: tray,
        decline_reason: null,
        decline_text: null,
        decided_by: null,
        created_at: now,
        updated_at: now,
        submitted_at: null,
        decided_at: null,
      });
      if (tray !== null && !(await adoptAttachmentTray(trx, 'solution', tray, row.id, caller.id)))
        throw invalidField('attachments', 'attachmentNotInSpace', translate(locale, 'errors.attachmentNotInSpace'));
      await moveCount(trx, 'solution', actor.org.id, null, 'draft');
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'solution.create',
        targetType: 'solution',
        targetId: row.id,
        detail: { demand: demand.id },
        ip,
      });
      if (input.commit === 1) await submitInTrx(trx, row, caller, ip);
      return row;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('errors.solutionExists');
      throw error;
    });
    id = created.id;
    if (tray === null) {
      const spaceId = await ensureItemSpace(ctx, 'solution', id, caller.id, actor.org.id);
      await repo.updateSolution(ctx.db, id, { space_id: spaceId });
    }
  } else {
    const solution = await loadSolution(ctx.db, input.id);
    solutionPolicy.authorize({ instituteId: actor.org.id }, 'edit', { solution, demand });
    if (solution.status !== 'draft') throw wrongState();
    const spaceId =
      solution.space_id ?? (await ensureItemSpace(ctx, 'solution', solution.id, solution.owner_id, solution.org_id));
    const attachments = await snapshotAttachments(ctx, caller, spaceId, input.attachments, locale);
    await inTransaction(ctx.db, async (trx) => {
      const changes = { ...fields, attachments: JSON.stringify(attachments), space_id: spaceId, updated_at: nowIso() };
      // Saving and submitting is one guarded move, made after the demand is locked (submitInTrx).
      if (input.commit === 1) await submitInTrx(trx, solution, caller, ip, changes);
      else if (!(await repo.moveSolution(trx, solution.id, 'draft', changes))) throw wrongState();
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'solution.update',
        targetType: 'solution',
        targetId: solution.id,
        ip,
      });
    });
    id = solution.id;
  }
  return solutionDetail(ctx, caller, id);
}

/** The caller's institute's solution, for its `action`: another's is 304. */
async function ownSolution(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: 'submit' | 'withdraw' | 'acknowledge',
): Promise<SolutionRow> {
  const actor = await requireInstitute(ctx, caller);
  const solution = await loadSolution(ctx.db, id);
  solutionPolicy.authorize({ instituteId: actor.org.id }, action, { solution });
  return solution;
}

/** POST solution/submit: draft → submitted while the demand is published; the enterprise gets a to-do. */
export async function submitSolution(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Solution> {
  const solution = await ownSolution(ctx, caller, id, 'submit');
  if (solution.status !== 'draft') throw wrongState();
  await inTransaction(ctx.db, (trx) => submitInTrx(trx, solution, caller, ip));
  return solutionDetail(ctx, caller, id);
}

/** POST solution/withdraw: submitted → withdrawn; the enterprise's to-do is cancelled. */
export async function withdrawSolution(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Solution> {
  const solution = await ownSolution(ctx, caller, id, 'withdraw');
  if (solution.status !== 'submitted') throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    // The demand first, as every transaction does (a close declining this answer waits, or won).
    await addSolutionCount(trx, solution.demand_id, -1);
    await moveTo(trx, solution, 'withdrawn');
    await closeTodos(trx, solutionTarget(solution.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'solution.withdraw',
      targetType: 'solution',
      targetId: solution.id,
      ip,
    });
  });
  return solutionDetail(ctx, caller, id);
}

/** A solution to one of the caller's demands (enterprises), for their `action`; another's, or one not answered, is 304. */
async function solutionForEnterprise(ctx: AppContext, caller: Caller, id: number, action: 'accept' | 'decline') {
  const actor = await requireEnterprise(ctx, caller);
  const solution = await loadSolution(ctx.db, id);
  const demand = await loadDemand(ctx.db, solution.demand_id);
  solutionPolicy.authorize({ enterpriseId: actor.org.id }, action, { solution, demand });
  return { actor, solution, demand };
}

/**
 * POST solution/accept: submitted → accepted on a live demand; starts the cooperation (one per
 * demand) with a to-do for each side. Other answers stay open until the demand is completed or
 * closed, when they are declined with that reason.
 */
export async function acceptSolution(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<Solution> {
  const { actor, solution, demand } = await solutionForEnterprise(ctx, caller, id, 'accept');
  if (solution.status !== 'submitted') throw wrongState();
  if (demand.status !== 'published' && demand.status !== 'paused') throw conflict('errors.demandWrongState');
  try {
    await inTransaction(ctx.db, async (trx) => {
      // Live until commit: a close or complete waits for this accept, or wins and this is 409.
      if (!(await lockDemand(trx, demand.id, ['published', 'paused']))) throw conflict('errors.demandWrongState');
      const now = nowIso();
      const cooperation = await repo.insertCooperation(trx, {
        demand_id: demand.id,
        solution_id: solution.id,
        enterprise_org_id: actor.org.id,
        institute_org_id: solution.org_id,
        enterprise_name: actor.org.name,
        institute_name: solution.org_name,
        enterprise_user_id: demand.owner_id,
        institute_user_id: solution.owner_id,
        created_at: now,
      });
      await moveTo(trx, solution, 'accepted', { decided_at: now, decided_by: caller.id });
      await closeTodos(trx, solutionTarget(solution.id), 'done', caller.id);
      await notify(trx, {
        userId: solution.owner_id,
        actorId: caller.id,
        kind: 'solutionAccepted',
        target: solutionTarget(solution.id),
        params: { title: demand.title },
      });
      const target = cooperationTarget(cooperation.id);
      await openTodo(trx, {
        kind: 'cooperationStarted',
        assignee: { userId: demand.owner_id },
        target,
        params: { title: demand.title, partner: solution.org_name },
      });
      await openTodo(trx, {
        kind: 'cooperationStarted',
        assignee: { userId: solution.owner_id },
        target,
        params: { title: demand.title, partner: actor.org.name },
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'solution.accept',
        targetType: 'solution',
        targetId: solution.id,
        detail: { demand: demand.id, cooperation: cooperation.id },
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.solutionAlreadyAccepted');
    throw error;
  }
  return solutionDetail(ctx, caller, id);
}

async function declineInTrx(
  trx: Db,
  solution: SolutionRow,
  demand: Pick<DemandRow, 'id' | 'title'>,
  reason: DeclineReason,
  text: string | null,
  actorId: number,
  ip?: string,
): Promise<void> {
  await moveTo(trx, solution, 'declined', {
    decline_reason: reason,
    decline_text: text,
    decided_at: nowIso(),
    decided_by: actorId,
  });
  await closeTodos(trx, solutionTarget(solution.id), 'done', actorId);
  await notify(trx, {
    userId: solution.owner_id,
    actorId,
    kind: 'solutionDeclined',
    target: solutionTarget(solution.id),
    params: { title: demand.title, reason, ...(text ? { reason_text: text } : {}) },
  });
  await openTodo(trx, {
    kind: 'solutionDeclined',
    assignee: { userId: solution.owner_id },
    target: solutionTarget(solution.id),
    params: { title: demand.title },
  });
  await writeAudit(trx, {
    actorId,
    action: 'solution.decline',
    targetType: 'solution',
    targetId: solution.id,
    detail: { demand: demand.id, reason },
    ip,
  });
}

/** POST solution/decline: submitted → declined with a reason from the list (and text) the institute sees. */
export async function declineSolution(
  ctx: AppContext,
  caller: Caller,
  input: DeclineSolution,
  ip: string,
): Promise<Solution> {
  const { solution, demand } = await solutionForEnterprise(ctx, caller, input.id, 'decline');
  if (solution.status !== 'submitted') throw wrongState();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await lockDemand(trx, demand.id, ['published', 'paused']))) throw conflict('errors.demandWrongState');
    await declineInTrx(trx, solution, demand, input.reason, input.reason_text ?? null, caller.id, ip);
  });
  return solutionDetail(ctx, caller, input.id);
}

/** Inside a demand's closing/completing transaction: every answer still waiting is declined with that reason. */
export async function declineOpenSolutions(
  trx: Db,
  demand: Pick<DemandRow, 'id' | 'title'>,
  reason: 'demandCompleted' | 'demandClosed',
  actorId: number,
): Promise<void> {
  for (const solution of await repo.solutionsInState(trx, demand.id, 'submitted')) {
    await declineInTrx(trx, solution, demand, reason, null, actorId);
  }
}

/** The attachment ids of an accepted solution (for the demand's zip). */
export async function acceptedSolutionAttachments(db: Db, solutionId: number): Promise<number[]> {
  const solution = await repo.findSolution(db, solutionId);
  return solution?.status === 'accepted' ? attachmentsOf(solution.attachments).map((a) => a.id) : [];
}

/** GET solution/detail/:id: the institute sees its own; the enterprise the answers to its demands; admins all. */
export async function solutionDetail(ctx: AppContext, caller: Caller, id: number): Promise<Solution> {
  const solution = await loadSolution(ctx.db, id);
  const demand = await loadDemand(ctx.db, solution.demand_id);
  const admin = isAdmin(caller);
  // Unlike orgViewer, an admin who owns an institute still reads its answers as their author.
  const institute = await orgOf(ctx, caller, 'ResearchInstitute');
  const enterprise = admin || institute ? null : await orgOf(ctx, caller, 'Enterprise');
  const viewer = { admin, enterpriseId: enterprise?.org.id ?? null, instituteId: institute?.org.id ?? null };
  const item = { solution, demand };
  solutionPolicy.authorize(viewer, 'see', item);
  return presentSolution(solution, demand, viewer);
}

/**
 * POST solution/markSeen: the institute opened its solution. A declined one's answer is read, so its
 * to-do is done (before, reading the detail did it: reads never write, DESIGN §19). Another's is 304.
 */
export async function markSolutionSeen(ctx: AppContext, caller: Caller, id: number): Promise<null> {
  const solution = await ownSolution(ctx, caller, id, 'acknowledge');
  if (solution.status === 'declined') await closeTodos(ctx.db, solutionTarget(solution.id), 'done', caller.id);
  return null;
}

/**
 * GET demand/cooperation/:id: the cooperation a `cooperationStarted` to-do points at, for the two
 * organisations and admins (anyone else 304); the web opens the demand's detail from it.
 */
export async function cooperationDetail(ctx: AppContext, caller: Caller, id: number): Promise<CooperationDetail> {
  const cooperation = await repo.findCooperation(ctx.db, id);
  if (!cooperation) throw notFound('errors.notFound');
  const viewer = await orgViewer(ctx, caller);
  cooperationPolicy.authorize(viewer, 'see', cooperation);
  const side: CooperationDetail['viewer'] = viewer.admin
    ? 'admin'
    : cooperationPolicy.can(viewer, 'seeAsEnterprise', cooperation)
      ? 'enterprise'
      : 'institute';
  return {
    id: cooperation.id,
    demand_id: cooperation.demand_id,
    solution_id: cooperation.solution_id,
    enterprise: { id: cooperation.enterprise_org_id, name: cooperation.enterprise_name },
    institute: { id: cooperation.institute_org_id, name: cooperation.institute_name },
    created_at: cooperation.created_at,
    viewer: side,
  };
}

/** GET solution/list (institutes): their own solutions, with maintained totals by status; admins read every institute's. */
export async function listOwnSolutions(
  ctx: AppContext,
  caller: Caller,
  query: SolutionListQuery,
): Promise<SolutionPage> {
  const admin = isAdmin(caller);
  const orgId = admin ? null : (await requireInstitute(ctx, caller)).org.id;
  const viewer = { admin, enterpriseId: null, instituteId: orgId };
  const [counts, rows] = await Promise.all([
    readCounts(ctx.db, 'solution', orgId ?? PLATFORM, SOLUTION_STATES),
    repo.listOwnSolutions(ctx.db, orgId, query.status, query.page_size, offsetOf(query)),
  ]);
  const demands = new Map(
    (await findDemandsByIds(ctx.db, [...new Set(rows.map((r) => r.demand_id))])).map((d) => [d.id, d]),
  );
  const items = rows.flatMap((row) => {
    const demand = demands.get(row.demand_id);
    return demand ? [presentSolution(row, demand, viewer)] : [];
  });
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { ...pageOf(query, items, total), counts };
}

/** GET demand/solutions (enterprises): the answers to one of their demands, side by side. */
export async function listDemandSolutions(
  ctx: AppContext,
  caller: Caller,
  query: SolutionListQuery & { id: number },
): Promise<SolutionPage> {
  const demand = await loadDemand(ctx.db, query.id);
  const admin = isAdmin(caller);
  const enterpriseId = admin ? null : (await requireEnterprise(ctx, caller)).org.id;
  const viewer = { admin, enterpriseId, instituteId: null };
  demandPolicy.authorize(viewer, 'readSolutions', demand);
  const statuses = query.status ? (ANSWERED as readonly string[]).filter((s) => s === query.status) : ANSWERED;
  if (statuses.length === 0) return { ...pageOf(query, [], 0), counts: null };
  const [rows, total] = await Promise.all([
    repo.listDemandSolutions(ctx.db, demand.id, statuses, query.page_size, offsetOf(query)),
    repo.countDemandSolutions(ctx.db, demand.id, statuses),
  ]);
  return {
    ...pageOf(
      query,
      rows.map((row) => presentSolution(row, demand, viewer)),
      total,
    ),
    counts: null,
  };
}

/**
 * For research subjects started from a cooperation (issue 10): a solution with the demand it
 * answers, or null when there is none. The caller checks state and ownership.
 */
export async function solutionWithDemand(db: Db, id: number) {
  const solution = await repo.findSolution(db, id);
  if (!solution) return null;
  const demand = await findDemand(db, solution.demand_id);
  if (!demand) return null;
  return {
    solution: { id: solution.id, status: solution.status, org_id: solution.org_id, demand_id: solution.demand_id },
    demand: {
      id: demand.id,
      org_id: demand.org_id,
      title: demand.title,
      summary: demand.summary,
      problem: demand.problem,
      msc_fields: demand.msc_fields,
      nda_required: demand.nda_required,
    },
  };
}
