import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { Page } from '@mathbridge/contracts/pagination';
import type { TodoItem, TodoKind, TodoListQuery, TodoState } from '@mathbridge/contracts/workflow';
import type { Db } from '../../db/database.ts';
import type { TodoRow } from '../../db/types.ts';
import { linkOf } from '../../lib/links.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import {
  TODO_STATUS,
  closeTodosFor,
  closeTodosForTargets,
  countTodos,
  insertTodo,
  listTodos,
  type TodoAssignee,
} from './todo.repository.ts';

/**
 * To-do items (DESIGN §4): every transition that leaves someone an action opens one, and the
 * transition that takes the action closes it. An item goes to one user, or to every holder of a
 * role (certification reviews go to all admins; the first to act closes it for everyone).
 */

export interface NewTodo {
  kind: TodoKind;
  assignee: { userId: number } | { role: string };
  target: { type: string; id: number };
  /** Title parameters; a `role` parameter is a role name, shown in the reader's language. */
  params: Record<string, string>;
}

/** Opens an item; its web path comes from the target's module (lib/links.ts), for its assignee. */
export async function openTodo(db: Db, todo: NewTodo): Promise<void> {
  const path = await linkOf(db, { kind: todo.kind, target: todo.target, params: todo.params, reader: todo.assignee });
  await insertTodo(db, {
    kind: todo.kind,
    assignee_user_id: 'userId' in todo.assignee ? todo.assignee.userId : null,
    assignee_role: 'role' in todo.assignee ? todo.assignee.role : null,
    target_type: todo.target.type,
    target_id: todo.target.id,
    params: JSON.stringify(todo.params),
    path,
    status: TODO_STATUS.open,
    created_at: nowIso(),
  });
}

/** Marks the open items about an object done (someone acted) or cancelled (the object went away). */
export async function closeTodos(
  db: Db,
  target: { type: string; id: number },
  outcome: 'done' | 'cancelled',
  by: number | null,
  /** Only this user's items about the object (a target shared by several assignees). */
  assigneeUserId?: number,
): Promise<void> {
  await closeTodosFor(
    db,
    target.type,
    target.id,
    outcome === 'done' ? TODO_STATUS.done : TODO_STATUS.cancelled,
    by,
    nowIso(),
    assigneeUserId,
  );
}

/** closeTodos for many objects of one type (e.g. every open request of an ended project), in one update. */
export async function closeTodosOfTargets(
  db: Db,
  targetType: string,
  targetIds: readonly number[],
  outcome: 'done' | 'cancelled',
  by: number | null,
): Promise<void> {
  await closeTodosForTargets(
    db,
    targetType,
    targetIds,
    outcome === 'done' ? TODO_STATUS.done : TODO_STATUS.cancelled,
    by,
    nowIso(),
  );
}

/** Whoever reads to-dos: a user and the roles they hold. */
export interface TodoReader {
  id: number;
  roles: readonly string[];
}

const assigneeOf = (reader: TodoReader): TodoAssignee => ({ userId: reader.id, roles: reader.roles });

/** How many open items the caller must act on (the header badge; cheap, indexed). */
export function countOpenTodos(db: Db, reader: TodoReader): Promise<number> {
  return countTodos(db, assigneeOf(reader), TODO_STATUS.open);
}

const STATE_BY_STATUS: Record<number, TodoState> = { 0: 'open', 1: 'done', 2: 'cancelled' };

function presentTodo(row: TodoRow, locale: Locale): TodoItem {
  const params = JSON.parse(row.params) as Record<string, string>;
  if (params.role) params.role = translate(locale, `roles.${params.role}`);
  return {
    id: row.id,
    kind: row.kind as TodoKind,
    title: translate(locale, `todos.${row.kind}`, params),
    state: STATE_BY_STATUS[row.status] ?? 'open',
    target_type: row.target_type,
    target_id: row.target_id,
    // Empty only for an item an instance of the previous version opened during an upgrade (0022).
    path: row.path || '/manage/todoList',
    created_at: row.created_at,
    closed_at: row.closed_at,
  };
}

export async function todoList(
  db: Db,
  caller: TodoReader,
  query: TodoListQuery,
  locale: Locale,
): Promise<Page<TodoItem>> {
  const status = TODO_STATUS[query.status];
  const who = assigneeOf(caller);
  const [total, rows] = await Promise.all([
    countTodos(db, who, status, query.kind),
    listTodos(db, who, status, query.page_size, offsetOf(query), query.kind),
  ]);
  return pageOf(
    query,
    rows.map((row) => presentTodo(row, locale)),
    total,
  );
}
