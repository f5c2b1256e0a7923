import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a research membership to-do leads (issue 10), or null when the item is not one: the owner's
 * `researchApply` opens the project's detail in the owner's face (where the application is approved
 * or refused), the invitee's `researchInvite` the pool's detail (accept or decline there).
 */
export async function researchMemberTodoPath(item: TodoItem): Promise<string | null> {
  if (item.target_type !== 'research_member') return null;
  if (item.kind !== 'researchApply' && item.kind !== 'researchInvite') return null;
  const { kind, project_id: id } = await api.call(calls.memberProject, { member_id: item.target_id });
  if (item.kind === 'researchInvite')
    return `/manage/${kind === 'subject' ? 'subjectsPool' : 'directionsPool'}/detail/${id}`;
  if (kind === 'direction') return `/manage/directionManage/detail/${id}`;
  // A subject is an institute's (subjectManage) or a specialist's own custom subject (subjectManageS).
  const project = await api.call(calls.detail.subject, { id });
  return project.owner.org_id !== null
    ? `/manage/subjectManage/detail/${id}`
    : `/manage/subjectManageS/customSubjectDetail?id=${id}`;
}
