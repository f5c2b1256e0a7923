import type { TodoItem } from '@mathbridge/contracts/workflow';

/** Where a content to-do leads (issue 11): a new consultation opens the admins' inbox. */
export function contentTodoPath(item: TodoItem): Promise<string | null> {
  return Promise.resolve(item.kind === 'consultationNew' ? '/manage/content/consultations' : null);
}
