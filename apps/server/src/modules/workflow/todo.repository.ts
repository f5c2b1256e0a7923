import type { Db } from '../../db/database.ts';
import type { TodoRow } from '../../db/types.ts';

/** Kysely queries over to-do items; services pass their transaction. */

export const TODO_STATUS = { open: 0, done: 1, cancelled: 2 } as const;

export interface TodoAssignee {
  userId: number;
  roles: readonly string[];
}

export async function insertTodo(db: Db, row: Omit<TodoRow, 'id' | 'closed_at' | 'closed_by'>): Promise<void> {
  await db
    .insertInto('todos')
    .values({ ...row, closed_at: null, closed_by: null })
    .execute();
}

/** Closes the open items about one object; returns how many were open. */
export async function closeTodosFor(
  db: Db,
  targetType: string,
  targetId: number,
  status: number,
  closedBy: number | null,
  closedAt: string,
  assigneeUserId?: number,
): Promise<number> {
  let query = db
    .updateTable('todos')
    .set({ status, closed_by: closedBy, closed_at: closedAt })
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .where('status', '=', TODO_STATUS.open);
  if (assigneeUserId !== undefined) query = query.where('assignee_user_id', '=', assigneeUserId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** closeTodosFor over many objects of one type at once (one update). */
export async function closeTodosForTargets(
  db: Db,
  targetType: string,
  targetIds: readonly number[],
  status: number,
  closedBy: number | null,
  closedAt: string,
): Promise<number> {
  if (!targetIds.length) return 0;
  const result = await db
    .updateTable('todos')
    .set({ status, closed_by: closedBy, closed_at: closedAt })
    .where('target_type', '=', targetType)
    .where('target_id', 'in', [...targetIds])
    .where('status', '=', TODO_STATUS.open)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Items of `who` in `status` (and of `kind`: read from the same rows of their index, the reader's own). */
function visibleTo(db: Db, who: TodoAssignee, status: number, kind?: string) {
  const query = db
    .selectFrom('todos')
    .where('status', '=', status)
    .where((eb) => {
      const mine = eb('assignee_user_id', '=', who.userId);
      return who.roles.length ? eb.or([mine, eb('assignee_role', 'in', [...who.roles])]) : mine;
    });
  return kind ? query.where('kind', '=', kind) : query;
}

export async function countTodos(db: Db, who: TodoAssignee, status: number, kind?: string): Promise<number> {
  const row = await visibleTo(db, who, status, kind)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listTodos(
  db: Db,
  who: TodoAssignee,
  status: number,
  limit: number,
  offset: number,
  kind?: string,
): Promise<TodoRow[]> {
  return visibleTo(db, who, status, kind).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
