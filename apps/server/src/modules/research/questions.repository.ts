import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ResearchAnswersTable, ResearchQuestionsTable } from '../../db/types.ts';

/** Kysely queries over research questions, their assignees and the answers (no rules here). */

export const insertQuestion = (db: Db, row: Insertable<ResearchQuestionsTable>) =>
  db.insertInto('research_questions').values(row).returningAll().executeTakeFirstOrThrow();

export const updateQuestion = (db: Db, id: number, changes: Updateable<ResearchQuestionsTable>) =>
  db.updateTable('research_questions').set(changes).where('id', '=', id).executeTakeFirst();

export const findQuestion = (db: Db, id: number) =>
  db.selectFrom('research_questions').selectAll().where('id', '=', id).executeTakeFirst();

export const questionsOfProject = (db: Db, projectId: number) =>
  db.selectFrom('research_questions').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').execute();

export const questionsOfUser = (db: Db, userId: number) =>
  db
    .selectFrom('research_questions as q')
    .innerJoin('research_question_assignees as a', 'a.question_id', 'q.id')
    .selectAll('q')
    .where('a.user_id', '=', userId)
    .orderBy('q.id', 'desc')
    .execute();

export const assigneesOf = (db: Db, questionIds: readonly number[]) =>
  questionIds.length
    ? db
        .selectFrom('research_question_assignees')
        .selectAll()
        .where('question_id', 'in', [...questionIds])
        .orderBy('question_id')
        .orderBy('user_id')
        .execute()
    : Promise.resolve([]);

export const insertAssignee = (db: Db, questionId: number, userId: number) =>
  db
    .insertInto('research_question_assignees')
    .values({ question_id: questionId, user_id: userId, status: 'assigned' })
    .execute();

/** Removes an assignee who has not answered yet (guarded); false if they have. */
export async function removeUnansweredAssignee(db: Db, questionId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('research_question_assignees')
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', '=', 'assigned')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Guarded move of one assignee's state: only while it is one of `from`. */
export async function moveAssignee(
  db: Db,
  questionId: number,
  userId: number,
  from: readonly string[],
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('research_question_assignees')
    .set({ status: to })
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export const insertAnswer = (db: Db, row: Insertable<ResearchAnswersTable>) =>
  db.insertInto('research_answers').values(row).returningAll().executeTakeFirstOrThrow();

export const findAnswer = (db: Db, id: number) =>
  db.selectFrom('research_answers').selectAll().where('id', '=', id).executeTakeFirst();

/** Reviews a submitted answer (guarded: only while it is still 'submitted'). */
export async function reviewAnswer(db: Db, id: number, changes: Updateable<ResearchAnswersTable>): Promise<boolean> {
  const result = await db
    .updateTable('research_answers')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The answers to these questions, oldest first (one query for a whole list). */
export const answersOf = (db: Db, questionIds: readonly number[]) =>
  questionIds.length
    ? db
        .selectFrom('research_answers')
        .selectAll()
        .where('question_id', 'in', [...questionIds])
        .orderBy('id')
        .execute()
    : Promise.resolve([]);
