import type { TodoItem } from '@mathbridge/contracts/workflow';

/**
 * Where a content to-do leads: a new consultation opens the admins' inbox (issue 11); a notebook
 * contribution, the contributions to review (issue 12).
 */
export function contentTodoPath(item: TodoItem): Promise<string | null> {
  if (item.kind === 'consultationNew') return Promise.resolve('/manage/content/consultations');
  if (item.kind === 'notebookContribution') return Promise.resolve('/manage/content/contributions');
  return Promise.resolve(null);
}
