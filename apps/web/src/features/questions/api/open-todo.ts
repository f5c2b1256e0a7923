import type { ResearchQuestion } from '@mathbridge/contracts/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a research-question to-do leads, or null when the item is not about one: the student's
 * new or returned question opens on /manage/researchQuestions; the owner's review of an answer
 * opens the direction's questions tab with that question (question/ofAnswer names it).
 */
export async function questionTodoPath(item: TodoItem): Promise<string | null> {
  if (item.target_type === 'research_question') return `/manage/researchQuestions?question=${item.target_id}`;
  if (item.target_type !== 'research_answer') return null;
  const question = await api.get<ResearchQuestion>(`question/ofAnswer/${item.target_id}`);
  return `/manage/directionManage/detail/${question.project_id}?tab=questions&question=${question.id}`;
}
