import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { jobEndpoints as calls } from '@mathbridge/contracts/endpoints/jobs';
import type {
  ApplicantsQuery,
  Apply,
  JobListQuery,
  JobSave,
  MyApplicationsQuery,
  PlainApplicationAction,
  RejectApplication,
} from '@mathbridge/contracts/jobs';
import { api } from '../../../lib/api-client.ts';
import { fetchJobDetail } from './public-jobs.ts';

/** Query keys of jobs; every key starts with 'jobs' so one invalidation refreshes them all. */
export const jobsKeys = {
  all: ['jobs'] as const,
  list: (params: object) => ['jobs', 'list', params] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  applicants: (params: object) => ['jobs', 'applicants', params] as const,
  mine: (params: object) => ['jobs', 'mine', params] as const,
  application: (id: number) => ['jobs', 'application', id] as const,
};

/** After any transition: the job, its lists and both sides' views change together, and the to-dos. */
export async function invalidateJobs(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['workflow'] }),
  ]);
}

/* ---- jobs (the public /employ pages read through public-jobs.ts, without the query library) ---- */

/** GET job/detail/:id: a published job for anyone; drafts and closed jobs for their organisation. */
export const jobDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobsKeys.detail(id),
    queryFn: ({ signal }) => fetchJobDetail(id, signal),
  });

/** A job; nothing is asked while there is none yet (`undefined`: the new-job form), as useDemand does. */
export function useJobDetail(id: number | undefined) {
  return useQuery({ ...jobDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}

/* ---- employer (/manage/employment) ---- */

/** GET job/list: the organisation's jobs, one page, with counts per state. */
export const jobsQueryOptions = (params: JobListQuery) =>
  queryOptions({
    queryKey: jobsKeys.list(params),
    queryFn: ({ signal }) => api.call(calls.list, params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useJobs(params: JobListQuery) {
  return useQuery(jobsQueryOptions(params));
}

/** POST job/save: a new draft, or an edit of the organisation's job. */
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JobSave) => api.call(calls.save, input),
    meta: { formErrors: true },
    onSuccess: () => invalidateJobs(queryClient),
  });
}

export type JobMove = 'publish' | 'close' | 'reopen';

const MOVE_CALLS = { publish: calls.publish, close: calls.close, reopen: calls.reopen } as const;

/** POST job/publish | job/close | job/reopen. */
export function useMoveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: JobMove }) => api.call(MOVE_CALLS[move], { id }),
    onSuccess: () => invalidateJobs(queryClient),
  });
}

/** GET job/applicants: one job's applications. */
export const applicantsQueryOptions = (params: ApplicantsQuery) =>
  queryOptions({
    queryKey: jobsKeys.applicants(params),
    queryFn: ({ signal }) => api.call(calls.applicants, params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useApplicants(params: ApplicantsQuery) {
  return useQuery(applicantsQueryOptions(params));
}

const ACTION_CALLS = {
  view: calls.viewApplication,
  interview: calls.inviteInterview,
  offer: calls.makeOffer,
} as const satisfies Record<PlainApplicationAction, unknown>;

/** The employer's step on an application: view → interview → offer. */
export function useActOnApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PlainApplicationAction }) =>
      api.call(ACTION_CALLS[action], { id }),
    onSuccess: () => invalidateJobs(queryClient),
  });
}

/** POST job/rejectApplication: with a reason (and text); the dialog shows a refusal on its form. */
export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RejectApplication) => api.call(calls.rejectApplication, input, { reportErrors: false }),
    onSettled: () => invalidateJobs(queryClient),
  });
}

/* ---- applicant (/manage/myJob) ---- */

/** POST job/resumeSpace: where resumes are uploaded (`upload/upload?space_id=…&profile=docs`). */
export const getResumeSpace = () => api.call(calls.resumeSpace, {});

/** POST job/apply. */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Apply) => api.call(calls.apply, input),
    meta: { formErrors: true },
    onSuccess: () => invalidateJobs(queryClient),
  });
}

/** POST job/withdraw. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.withdraw, { id }),
    onSuccess: () => invalidateJobs(queryClient),
  });
}

/** GET job/myApplications: the caller's applications, one page. */
export const myApplicationsQueryOptions = (params: MyApplicationsQuery) =>
  queryOptions({
    queryKey: jobsKeys.mine(params),
    queryFn: ({ signal }) => api.call(calls.myApplications, params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMyApplications(params: MyApplicationsQuery) {
  return useQuery(myApplicationsQueryOptions(params));
}

/** GET job/application/:id: one application (its applicant, the job's organisation, admins); where its to-dos lead. */
export const applicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobsKeys.application(id),
    queryFn: ({ signal }) => api.call(calls.application, { id }, { signal }),
  });

export function useApplication(id: number) {
  return useQuery(applicationQueryOptions(id));
}
