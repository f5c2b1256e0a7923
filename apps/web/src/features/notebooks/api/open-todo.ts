import type { TodoItem } from '@mathbridge/contracts/workflow';

/** Where a notebook owner's to-do leads (issue 12): a rejected contribution opens the notebook, with its reason. */
export function notebookTodoPath(item: TodoItem): Promise<string | null> {
  return Promise.resolve(item.kind === 'notebookRejected' ? `/notebooks/${item.target_id}` : null);
}
