import { endpoint } from '../endpoint.ts';
import { TodoCountSchema, TodoListQuerySchema, TodoPageSchema } from '../workflow.ts';

/** To-dos (DESIGN §4): the /manage/todoList page (a workspace call) and the header's count. */
export const workflowEndpoints = {
  todoList: endpoint({
    method: 'GET',
    path: 'workflow/todoList',
    summary: "The caller's to-dos (their own and their roles'), newest first, by state",
    auth: 'user',
    section: 'todoList',
    verified: true,
    input: TodoListQuerySchema,
    output: TodoPageSchema,
  }),
  // The header asks on every page, also before certification: never 304 for a section, just a count.
  todoCount: endpoint({
    method: 'GET',
    path: 'workflow/todoCount',
    summary: 'How many open to-dos the caller must act on (the header badge)',
    auth: 'user',
    output: TodoCountSchema,
  }),
} as const;
