import { jobEndpoints as calls } from '@mathbridge/contracts/endpoints/jobs';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a job to-do leads (issue 11), or null when the item is not about an application: the
 * employer's `jobApplication` opens the job's applicants, the applicant's steps (interview, offer,
 * rejection) open their applications.
 */
export async function jobTodoPath(item: TodoItem): Promise<string | null> {
  if (item.target_type !== 'job_application') return null;
  if (item.kind !== 'jobApplication') return '/manage/myJob';
  const application = await api.call(calls.application, { id: item.target_id });
  return `/manage/employment/detail/${application.job.id}`;
}
