import type { RoleName } from '@mathbridge/contracts/roles';
import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a research-question to-do leads, or null when the item is not about one: the student's
 * new or returned question opens on /manage/researchQuestions; the review of an answer opens the
 * direction's questions tab with that question (question/ofAnswer names it), in the reviewer's
 * face — the owner's (or a specialist member's) directionManage, a student member's
 * directionManageStu (a member holding review_outcome may pose questions too).
 */
export async function questionTodoPath(item: TodoItem, roles: readonly RoleName[]): Promise<string | null> {
  if (item.target_type === 'research_question') return `/manage/researchQuestions?question=${item.target_id}`;
  if (item.target_type !== 'research_answer') return null;
  const question = await api.call(calls.questionOfAnswer, { id: item.target_id });
  const tab = `tab=questions&question=${question.id}`;
  return roles.includes('Student')
    ? `/manage/directionManageStu/detail?id=${question.project_id}&${tab}`
    : `/manage/directionManage/detail/${question.project_id}?${tab}`;
}
