import { TodoListQuerySchema } from '@mathbridge/contracts/workflow';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { countOpenTodos, todoList } from './todo.service.ts';

/** To-dos: the /manage/todoList page (a workspace call) and the header's count (any signed-in user). */
export function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, {
    method: 'GET',
    path: 'workflow/todoList',
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: TodoListQuerySchema,
    handler: ({ caller, input, locale }) => todoList(ctx.db, caller, input, locale),
  });
  // The header asks on every page, also before certification: never 304 here, just a count.
  defineCall(app, {
    method: 'GET',
    path: 'workflow/todoCount',
    auth: 'user',
    handler: async ({ caller }) => ({ count: await countOpenTodos(ctx.db, caller) }),
  });
}
