import { workflowEndpoints as calls } from '@mathbridge/contracts/endpoints/workflow';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import { countOpenTodos, todoList } from './todo.service.ts';

/** To-dos: the calls of contracts' endpoints/workflow.ts (the list page and the header's count). */
export function workflowRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.todoList, ({ caller, input, locale }) => todoList(ctx.db, caller, input, locale));
  defineCall(app, calls.todoCount, async ({ caller }) => ({ count: await countOpenTodos(ctx.db, caller) }));
}
