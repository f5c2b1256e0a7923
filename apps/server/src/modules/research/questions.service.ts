import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import {
  LIVE_PROJECT_STATES,
  QUESTION_ASSIGNEE_STATES,
  type AnswerReview,
  type AnswerSubmit,
  type QuestionAssigneeState,
  type QuestionSave,
  type ResearchAnswer,
  type ResearchQuestion,
  type StudentProgress,
} from '@mathbridge/contracts/research';
import type { AppContext } from '../../context.ts';
import type { ResearchAnswerRow, ResearchProjectRow, ResearchQuestionRow } from '../../db/types.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { snapshotSpaceFiles } from '../files/nodes.service.ts';
import { certifiedPeopleOf, certifiedPersonOf } from '../identity/person-actor.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import * as q from './questions.repository.ts';
import { attachmentsOf } from './research.presenter.ts';
import * as repo from './research.repository.ts';
import { ANY_SECTIONS, accessTo, audit, requireSection, type ProjectAccess } from './research-access.service.ts';
import { researchPolicy } from './research.policy.ts';

/**
 * Research questions (issue 10 point 4, DESIGN §9, `question/*`): a direction's owner — or a
 * member holding review_outcome (the engine's "reviews work" permission) — poses questions to
 * student members; each assignee answers (every submission a research_answers row: the history),
 * the poser accepts or returns it with a comment. Per assignee: assigned → answered → accepted |
 * returned → answered … All writes need the direction live (published, paused, in_progress).
 */

const SECTIONS = [...ANY_SECTIONS.direction, 'researchQuestions'];
const LIVE: readonly string[] = LIVE_PROJECT_STATES;
const wrongState = () => conflict('errors.questionWrongState');
const QUESTION_TARGET = (id: number) => ({ type: 'research_question', id });
const ANSWER_TARGET = (id: number) => ({ type: 'research_answer', id });

async function nameOf(ctx: AppContext, userId: number): Promise<string> {
  return (await certifiedPersonOf(ctx.db, userId))?.name ?? '';
}

/** Certified names of many users in one query ('' for someone no longer certified). */
async function namesOf(ctx: AppContext, userIds: readonly number[]): Promise<Map<number, string>> {
  const people = await certifiedPeopleOf(ctx.db, userIds);
  return new Map(userIds.map((id) => [id, people.get(id)?.name ?? '']));
}

async function directionOf(ctx: AppContext, caller: Caller, projectId: number): Promise<ProjectAccess> {
  requireSection(caller, SECTIONS);
  const project = await repo.findProject(ctx.db, projectId);
  if (!project || project.kind !== 'direction') throw notFound('errors.projectNotFound');
  return accessTo(ctx, caller, project);
}

async function questionOf(ctx: AppContext, caller: Caller, questionId: number) {
  requireSection(caller, SECTIONS);
  const question = await q.findQuestion(ctx.db, questionId);
  if (!question) throw notFound('errors.questionNotFound');
  const project = await repo.findProject(ctx.db, question.project_id);
  if (!project || project.kind !== 'direction') throw notFound('errors.questionNotFound');
  return { question, access: await accessTo(ctx, caller, project) };
}

function presentAnswer(row: ResearchAnswerRow): ResearchAnswer {
  return {
    id: row.id,
    question_id: row.question_id,
    user_id: row.user_id,
    content: row.content,
    attachments: attachmentsOf(row.attachments),
    status: row.status as ResearchAnswer['status'],
    review_comment: row.review_comment,
    reviewed_by: row.reviewed_by,
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
  };
}

/** Questions with their assignees; `onlyUser` limits assignees and answers to one student's. */
async function present(
  ctx: AppContext,
  rows: ResearchQuestionRow[],
  project: (id: number) => Promise<ResearchProjectRow | undefined>,
  options: { onlyUser?: number; answers: boolean },
): Promise<ResearchQuestion[]> {
  const ids = rows.map((r) => r.id);
  const shown = (a: { user_id: number }) => options.onlyUser === undefined || a.user_id === options.onlyUser;
  const assignees = (await q.assigneesOf(ctx.db, ids)).filter(shown);
  const names = await namesOf(ctx, [...new Set(assignees.map((a) => a.user_id))]);
  const allAnswers = options.answers ? (await q.answersOf(ctx.db, ids)).filter(shown) : [];
  const out: ResearchQuestion[] = [];
  for (const row of rows) {
    const mine = assignees.filter((a) => a.question_id === row.id);
    const answers = allAnswers.filter((a) => a.question_id === row.id);
    out.push({
      id: row.id,
      project_id: row.project_id,
      project_title: (await project(row.project_id))?.title ?? '',
      title: row.title,
      statement: row.statement,
      due_date: row.due_date,
      attachments: attachmentsOf(row.attachments),
      assignees: mine.map((a) => ({
        user_id: a.user_id,
        name: names.get(a.user_id) ?? '',
        status: a.status as QuestionAssigneeState,
      })),
      answers: answers.map(presentAnswer),
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  }
  return out;
}

async function oneQuestion(ctx: AppContext, id: number, onlyUser?: number): Promise<ResearchQuestion> {
  const row = await q.findQuestion(ctx.db, id);
  if (!row) throw notFound('errors.questionNotFound');
  const [question] = await present(ctx, [row], (pid) => repo.findProject(ctx.db, pid), { onlyUser, answers: true });
  return question as ResearchQuestion;
}

/** Assignees must be members (status member) of the direction holding a certified Student identity. */
async function checkAssignees(ctx: AppContext, project: ResearchProjectRow, ids: readonly number[], locale: Locale) {
  const open = await repo.openMembershipsOf(ctx.db, project.id, ids);
  const members = open.filter((m) => m.status === 'member').map((m) => m.user_id);
  const people = await certifiedPeopleOf(ctx.db, members);
  const memberIds = new Set(members);
  for (const userId of ids) {
    const candidate = { userId, member: memberIds.has(userId), role: people.get(userId)?.role };
    if (!researchPolicy.can(candidate, 'beQuestionAssignee', project))
      throw invalidField('assignees', 'questionNotAssignee', translate(locale, 'errors.questionNotAssignee'));
  }
}

/** POST question/save: poses a question (no question_id) or edits one; assignees added get a to-do. */
export async function saveQuestion(
  ctx: AppContext,
  caller: Caller,
  input: QuestionSave,
  ip: string,
  locale: Locale,
): Promise<ResearchQuestion> {
  const access = await directionOf(ctx, caller, input.project_id);
  researchPolicy.authorize(access.actor, 'poseQuestion', access.project);
  const project = access.project;
  if (!LIVE.includes(project.status)) throw conflict('errors.projectWrongState');
  let existing: ResearchQuestionRow | undefined;
  if (input.question_id !== undefined) {
    existing = await q.findQuestion(ctx.db, input.question_id);
    if (!existing || existing.project_id !== project.id) throw notFound('errors.questionNotFound');
  }
  await checkAssignees(ctx, project, input.assignees, locale);
  const attachments = await snapshotSpaceFiles(ctx, caller, project.space_id, input.attachments, locale);
  const fields = {
    title: input.title,
    statement: input.statement,
    due_date: input.due_date ?? null,
    attachments: JSON.stringify(attachments),
  };
  const id = await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    let questionId: number;
    let before: number[] = [];
    if (existing === undefined) {
      const row = await q.insertQuestion(trx, {
        ...fields,
        project_id: project.id,
        status: 'open',
        created_by: caller.id,
        created_at: now,
        updated_at: now,
      });
      questionId = row.id;
    } else {
      questionId = existing.id;
      await q.updateQuestion(trx, questionId, { ...fields, updated_at: now });
      before = (await q.assigneesOf(trx, [questionId])).map((a) => a.user_id);
    }
    for (const userId of before.filter((u) => !input.assignees.includes(u))) {
      // Someone who answered stays: their history belongs to the question.
      if (!(await q.removeUnansweredAssignee(trx, questionId, userId))) throw wrongState();
      await closeTodos(trx, QUESTION_TARGET(questionId), 'cancelled', caller.id, userId);
    }
    for (const userId of input.assignees.filter((u) => !before.includes(u))) {
      await q.insertAssignee(trx, questionId, userId);
      await openTodo(trx, {
        kind: 'researchQuestion',
        assignee: { userId },
        target: QUESTION_TARGET(questionId),
        params: { title: project.title, question: input.title },
      });
    }
    await audit(trx, caller, existing ? 'question.update' : 'question.create', project, ip, {
      question: questionId,
      assignees: input.assignees,
    });
    return questionId;
  });
  return oneQuestion(ctx, id);
}

/** GET question/list?project_id: a direction's questions (poser side and admins). */
export async function listQuestions(ctx: AppContext, caller: Caller, projectId: number): Promise<ResearchQuestion[]> {
  const access = await directionOf(ctx, caller, projectId);
  researchPolicy.authorize(access.actor, 'seeQuestions', access.project);
  const rows = await q.questionsOfProject(ctx.db, projectId);
  return present(ctx, rows, async () => access.project, { answers: false });
}

/** GET question/mine: the caller's assigned questions, with their own state (researchQuestions). */
export async function myQuestions(ctx: AppContext, caller: Caller): Promise<ResearchQuestion[]> {
  requireSection(caller, SECTIONS);
  const rows = await q.questionsOfUser(ctx.db, caller.id);
  const projects = await repo.findProjects(ctx.db, [...new Set(rows.map((r) => r.project_id))]);
  const byId = new Map(projects.map((p) => [p.id, p]));
  return present(ctx, rows, async (pid) => byId.get(pid), { onlyUser: caller.id, answers: false });
}

/** GET question/detail/:id: poser side and admins see everything; an assignee their own part. */
export async function questionDetail(ctx: AppContext, caller: Caller, id: number): Promise<ResearchQuestion> {
  const { question, access } = await questionOf(ctx, caller, id);
  if (researchPolicy.can(access.actor, 'seeQuestions', access.project)) return oneQuestion(ctx, question.id);
  const assignees = await q.assigneesOf(ctx.db, [question.id]);
  researchPolicy.authorize(access.actor, 'seeOwnQuestion', { assignees });
  return oneQuestion(ctx, question.id, caller.id);
}

/** GET question/ofAnswer/:id: the question an answer belongs to, seen as question/detail shows it (a review to-do names the answer). */
export async function questionOfAnswer(ctx: AppContext, caller: Caller, answerId: number): Promise<ResearchQuestion> {
  requireSection(caller, SECTIONS);
  const answer = await q.findAnswer(ctx.db, answerId);
  if (!answer) throw notFound('errors.answerNotFound');
  return questionDetail(ctx, caller, answer.question_id);
}

/** POST question/answer (an assignee, still a member): assigned | returned → answered; review to-dos for the owner and the poser. */
export async function answerQuestion(
  ctx: AppContext,
  caller: Caller,
  input: AnswerSubmit,
  ip: string,
  locale: Locale,
): Promise<ResearchQuestion> {
  const { question, access } = await questionOf(ctx, caller, input.question_id);
  const assignees = await q.assigneesOf(ctx.db, [question.id]);
  researchPolicy.authorize(access.actor, 'answer', { assignees });
  // The rule passes only one of the assignees.
  const assignee = assignees.find((a) => a.user_id === caller.id) as (typeof assignees)[number];
  if (!LIVE.includes(access.project.status)) throw conflict('errors.projectWrongState');
  if (assignee.status !== 'assigned' && assignee.status !== 'returned') throw wrongState();
  const attachments = await snapshotSpaceFiles(ctx, caller, access.project.space_id, input.attachments, locale);
  const name = await nameOf(ctx, caller.id);
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (!(await q.moveAssignee(trx, question.id, caller.id, ['assigned', 'returned'], 'answered'))) throw wrongState();
    const answer = await q.insertAnswer(trx, {
      question_id: question.id,
      user_id: caller.id,
      content: input.content,
      attachments: JSON.stringify(attachments),
      status: 'submitted',
      review_comment: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: now,
    });
    await closeTodos(trx, QUESTION_TARGET(question.id), 'done', caller.id, caller.id);
    // The owner, and the member who posed it if someone else; the first review closes both.
    for (const userId of new Set([access.project.owner_user_id, question.created_by]))
      await openTodo(trx, {
        kind: 'researchAnswerReview',
        assignee: { userId },
        target: ANSWER_TARGET(answer.id),
        params: { title: access.project.title, question: question.title, name },
      });
    await audit(trx, caller, 'answer.submit', access.project, ip, { question: question.id, answer: answer.id });
  });
  return oneQuestion(ctx, question.id, caller.id);
}

/** POST question/review (poser side): a submitted answer → accepted, or returned with a comment (a to-do for the student). */
export async function reviewAnswer(
  ctx: AppContext,
  caller: Caller,
  input: AnswerReview,
  ip: string,
): Promise<ResearchQuestion> {
  requireSection(caller, SECTIONS);
  const answer = await q.findAnswer(ctx.db, input.answer_id);
  if (!answer) throw notFound('errors.answerNotFound');
  const { question, access } = await questionOf(ctx, caller, answer.question_id);
  researchPolicy.authorize(access.actor, 'reviewAnswer', access.project);
  if (!LIVE.includes(access.project.status)) throw conflict('errors.projectWrongState');
  if (answer.status !== 'submitted') throw wrongState();
  const to = input.accept === 1 ? 'accepted' : 'returned';
  await inTransaction(ctx.db, async (trx) => {
    const now = nowIso();
    if (
      !(await q.reviewAnswer(trx, answer.id, {
        status: to,
        review_comment: input.comment ?? null,
        reviewed_by: caller.id,
        reviewed_at: now,
      }))
    )
      throw wrongState();
    if (!(await q.moveAssignee(trx, question.id, answer.user_id, ['answered'], to))) throw wrongState();
    await closeTodos(trx, ANSWER_TARGET(answer.id), 'done', caller.id);
    if (to === 'returned')
      await openTodo(trx, {
        kind: 'researchAnswerReturned',
        assignee: { userId: answer.user_id },
        target: QUESTION_TARGET(question.id),
        params: { title: access.project.title, question: question.title },
      });
    await audit(trx, caller, to === 'accepted' ? 'answer.accept' : 'answer.return', access.project, ip, {
      question: question.id,
      answer: answer.id,
    });
  });
  return oneQuestion(ctx, question.id);
}

/** GET question/progress?project_id (poser side, admins): per assignee, counts by state and each question's state. */
export async function questionProgress(ctx: AppContext, caller: Caller, projectId: number): Promise<StudentProgress[]> {
  const access = await directionOf(ctx, caller, projectId);
  researchPolicy.authorize(access.actor, 'seeQuestions', access.project);
  const rows = await q.questionsOfProject(ctx.db, projectId);
  const assignees = await q.assigneesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const names = await namesOf(ctx, [...new Set(assignees.map((a) => a.user_id))]);
  const byUser = new Map<number, StudentProgress>();
  for (const a of assignees) {
    let entry = byUser.get(a.user_id);
    if (!entry) {
      const counts = Object.fromEntries(QUESTION_ASSIGNEE_STATES.map((s) => [s, 0])) as StudentProgress['counts'];
      entry = { user_id: a.user_id, name: names.get(a.user_id) ?? '', counts, questions: [] };
      byUser.set(a.user_id, entry);
    }
    const status = a.status as QuestionAssigneeState;
    entry.counts[status] += 1;
    entry.questions.push({
      question_id: a.question_id,
      title: rows.find((r) => r.id === a.question_id)?.title ?? '',
      status,
    });
  }
  return [...byUser.values()].sort((x, y) => x.user_id - y.user_id);
}
