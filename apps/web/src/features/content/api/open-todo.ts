import type { TodoItem } from '@mathbridge/contracts/workflow';

/**
 * Where a content to-do leads: a new consultation opens the admins' inbox (issue 11), a notebook
 * contributed to the achievement area the contributions to review (issue 12).
 */
const PATHS: Partial<Record<string, string>> = {
  consultationNew: '/manage/content/consultations',
  // The kind the notebooks API adds to TODO_KINDS (issue 12); compared as text so this compiles before it lands.
  notebookContribution: '/manage/content/contributions',
};

export function contentTodoPath(item: TodoItem): Promise<string | null> {
  const kind: string = item.kind;
  return Promise.resolve(PATHS[kind] ?? null);
}
