import { STATUS } from '@mathbridge/contracts/api';
import type {
  OutcomeReview,
  OutcomeSubmit,
  PhaseSave,
  PhaseState,
  ResearchKind,
  ResearchOutcome,
  ResearchPhase,
} from '@mathbridge/contracts/research';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { ResearchOutcomeRow, ResearchPhaseRow, ResearchProjectRow } from '../../db/types.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { codesOf, inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { snapshotSpaceFiles } from '../files/nodes.service.ts';
import * as phases from './phases.repository.ts';
import { attachmentsOf } from './research.presenter.ts';
import * as repo from './research.repository.ts';
import { ANY_SECTIONS, accessTo, audit, loadProject, projectFor, requireSection } from './research-access.service.ts';
import { researchPolicy } from './research.policy.ts';

/**
 * Phases of a research project (planOutcomeDetail, DESIGN §9): a plan (title, goal, due date,
 * assignees), then planned → submitted → accepted | revision_requested → submitted … Every
 * submission and review is kept as a research_outcomes row (the history). Permissions:
 * edit_plan plans, submit_outcome (and being an assignee, if any are named) submits,
 * review_outcome reviews; the owner may do all.
 */

const phaseWrongState = () => conflict('errors.phaseWrongState');
const PHASE_TARGET = (id: number) => ({ type: 'research_phase', id });
/** Plans change while the project has not ended; outcomes move while it is in progress. */
const PLANNING: readonly string[] = ['draft', 'published', 'paused', 'in_progress'];

function presentOutcome(row: ResearchOutcomeRow): ResearchOutcome {
  return {
    id: row.id,
    submitted_by: row.submitted_by,
    content: row.content,
    attachments: attachmentsOf(row.attachments),
    status: row.status as ResearchOutcome['status'],
    review_comment: row.review_comment,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
  };
}

function presentPhase(row: ResearchPhaseRow, outcomes: ResearchOutcomeRow[]): ResearchPhase {
  return {
    id: row.id,
    project_id: row.project_id,
    position: row.position,
    title: row.title,
    goal: row.goal,
    due_date: row.due_date,
    assignees: codesOf(row.assignees).map(Number),
    status: row.status as PhaseState,
    outcomes: outcomes.filter((o) => o.phase_id === row.id).map(presentOutcome),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function phaseFor(ctx: AppContext, caller: Caller, kind: ResearchKind, phaseId: number) {
  requireSection(caller, ANY_SECTIONS[kind]);
  const phase = await phases.findPhase(ctx.db, phaseId);
  if (!phase) throw notFound('errors.phaseNotFound');
  const project = await repo.findProject(ctx.db, phase.project_id);
  if (!project || project.kind !== kind) throw notFound('errors.phaseNotFound');
  return { phase, access: await accessTo(ctx, caller, project) };
}

/**
 * A phase (any kind) and what the caller is to its project, for other modules' checks on a phase
 * (notebook deliverables, issue 12): pair with requireReader / requirePermission. The section
 * check is phaseFor's: a member who lost the role (or its verification) is refused here too.
 */
export async function phaseAccess(ctx: AppContext, caller: Caller, phaseId: number) {
  const phase = await phases.findPhase(ctx.db, phaseId);
  const project = phase ? await repo.findProject(ctx.db, phase.project_id) : undefined;
  if (!phase || !project) throw notFound('errors.phaseNotFound');
  return phaseFor(ctx, caller, project.kind as ResearchKind, phaseId);
}

async function onePhase(ctx: AppContext, id: number): Promise<ResearchPhase> {
  const row = await phases.findPhase(ctx.db, id);
  if (!row) throw notFound('errors.phaseNotFound');
  return presentPhase(row, await phases.outcomesOf(ctx.db, [id]));
}

/** GET …/phases: the project's phases with their outcome history; the owner, members and admins. */
export async function listPhases(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  id: number,
): Promise<ResearchPhase[]> {
  requireSection(caller, ANY_SECTIONS[kind]);
  const { actor, project } = await accessTo(ctx, caller, await loadProject(ctx.db, kind, id));
  researchPolicy.authorize(actor, 'read', project);
  const rows = await phases.listPhases(ctx.db, id);
  const outcomes = await phases.outcomesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentPhase(row, outcomes));
}

/** GET …/phase/:id: one phase with its outcome history (a to-do's target); as …/phases allows. */
export async function phaseDetail(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  phaseId: number,
): Promise<ResearchPhase> {
  const { phase, access } = await phaseFor(ctx, caller, kind, phaseId);
  researchPolicy.authorize(access.actor, 'read', access.project);
  return onePhase(ctx, phase.id);
}

async function checkAssignees(ctx: AppContext, project: ResearchProjectRow, ids: readonly number[], locale: Locale) {
  const open = await repo.openMembershipsOf(ctx.db, project.id, ids);
  const members = new Set(open.filter((m) => m.status === 'member').map((m) => m.user_id));
  for (const userId of ids)
    if (!researchPolicy.can({ userId, member: members.has(userId) }, 'bePhaseAssignee', project))
      throw invalidField('assignees', 'invalid', translate(locale, 'validation.invalid'));
}

/** POST …/savePhase (edit_plan): plans a new phase, or edits a planned one. */
export async function savePhase(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: PhaseSave,
  ip: string,
  locale: Locale,
): Promise<ResearchPhase> {
  const { project } = await projectFor(ctx, caller, kind, input.id, 'editPlan');
  if (!PLANNING.includes(project.status)) throw conflict('errors.projectWrongState');
  await checkAssignees(ctx, project, input.assignees, locale);
  const fields = {
    title: input.title,
    goal: input.goal,
    due_date: input.due_date ?? null,
    assignees: input.assignees.join(','),
  };
  const id = await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    let phaseId: number;
    if (input.phase_id === undefined) {
      const row = await phases.insertPhase(trx, {
        ...fields,
        project_id: project.id,
        position: await phases.nextPosition(trx, project.id),
        status: 'planned',
        created_by: caller.id,
        created_at: now,
        updated_at: now,
      });
      phaseId = row.id;
    } else {
      const phase = await phases.findPhase(trx, input.phase_id);
      if (!phase || phase.project_id !== project.id) throw notFound('errors.phaseNotFound');
      if (!(await phases.movePhase(trx, phase.id, ['planned'], { ...fields, updated_at: now })))
        throw phaseWrongState();
      phaseId = phase.id;
    }
    await audit(trx, caller, input.phase_id === undefined ? 'phase.create' : 'phase.update', project, ip, {
      phase: phaseId,
    });
    return phaseId;
  });
  return onePhase(ctx, id);
}

/**
 * POST …/submitOutcome (submit_outcome; an assignee when the phase names any): planned |
 * revision_requested → submitted while the project is in progress; a review to-do for the owner.
 */
export async function submitOutcome(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: OutcomeSubmit,
  ip: string,
  locale: Locale,
): Promise<ResearchPhase> {
  const { phase, access } = await phaseFor(ctx, caller, kind, input.phase_id);
  researchPolicy.authorize(access.actor, 'submitOutcome', access.project);
  const assignees = codesOf(phase.assignees).map(Number);
  researchPolicy.authorize(
    access.actor,
    'submitForPhase',
    { project: access.project, assignees },
    () => new AppError(STATUS.forbidden, 'errors.phaseNotAssigned'),
  );
  if (access.project.status !== 'in_progress') throw conflict('errors.projectWrongState');
  if (phase.status !== 'planned' && phase.status !== 'revision_requested') throw phaseWrongState();
  const attachments = await snapshotSpaceFiles(ctx, caller, access.project.space_id, input.attachments, locale);
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (
      !(await phases.movePhase(trx, phase.id, ['planned', 'revision_requested'], {
        status: 'submitted',
        updated_at: now,
      }))
    )
      throw phaseWrongState();
    await phases.insertOutcome(trx, {
      phase_id: phase.id,
      submitted_by: caller.id,
      content: input.content,
      attachments: JSON.stringify(attachments),
      status: 'submitted',
      review_comment: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: now,
    });
    await closeTodos(trx, PHASE_TARGET(phase.id), 'done', caller.id);
    await openTodo(trx, {
      kind: 'researchOutcomeReview',
      assignee: { userId: access.project.owner_user_id },
      target: PHASE_TARGET(phase.id),
      params: { title: access.project.title, phase: phase.title },
    });
    await audit(trx, caller, 'outcome.submit', access.project, ip, { phase: phase.id });
  });
  return onePhase(ctx, phase.id);
}

/**
 * POST …/reviewOutcome (review_outcome): submitted → accepted, or → revision_requested with a
 * comment (a to-do for the submitter). The submission row keeps the review (history).
 */
export async function reviewOutcome(
  ctx: AppContext,
  caller: Caller,
  kind: ResearchKind,
  input: OutcomeReview,
  ip: string,
): Promise<ResearchPhase> {
  const { phase, access } = await phaseFor(ctx, caller, kind, input.phase_id);
  researchPolicy.authorize(access.actor, 'reviewOutcome', access.project);
  if (phase.status !== 'submitted') throw phaseWrongState();
  const to = input.accept === 1 ? 'accepted' : 'revision_requested';
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (!(await phases.movePhase(trx, phase.id, ['submitted'], { status: to, updated_at: now })))
      throw phaseWrongState();
    const submitter = (await phases.outcomesOf(trx, [phase.id])).filter((o) => o.status === 'submitted').pop();
    if (
      !(await phases.reviewPendingOutcome(trx, phase.id, {
        status: to,
        review_comment: input.comment ?? null,
        reviewed_by: caller.id,
        reviewed_at: now,
      }))
    )
      throw phaseWrongState();
    await closeTodos(trx, PHASE_TARGET(phase.id), 'done', caller.id);
    if (submitter)
      await notify(trx, {
        userId: submitter.submitted_by,
        actorId: caller.id,
        kind: 'phaseReviewed',
        target: PHASE_TARGET(phase.id),
        params: {
          title: access.project.title,
          phase: phase.title,
          state: to,
          kind,
          project: String(access.project.id),
        },
      });
    if (to === 'revision_requested' && submitter)
      await openTodo(trx, {
        kind: 'researchOutcomeRevision',
        assignee: { userId: submitter.submitted_by },
        target: PHASE_TARGET(phase.id),
        params: { title: access.project.title, phase: phase.title },
      });
    await audit(trx, caller, to === 'accepted' ? 'outcome.accept' : 'outcome.revise', access.project, ip, {
      phase: phase.id,
    });
  });
  return onePhase(ctx, phase.id);
}
