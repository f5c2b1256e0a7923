import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import type {
  Apply,
  Invite,
  OutcomeReview,
  OutcomeSubmit,
  PermissionPreset,
  PhaseSave,
  PoolQuery,
  ProjectListQuery,
  ProjectSave,
  RefuseJoin,
  ResearchKind,
  ResearchPermission,
} from '@mathbridge/contracts/research';
import { api } from '../../../lib/api-client.ts';

/**
 * Calls of research projects (issue 10, DESIGN §9). One engine, two faces: every hook takes the
 * kind and calls that kind's endpoint of the action (`calls.list[kind]`), so each screen serves both.
 */

/** Query keys; every key starts with 'research' so one invalidation refreshes all of them. */
export const researchKeys = {
  all: ['research'] as const,
  list: (kind: ResearchKind, params: object) => ['research', kind, 'list', params] as const,
  pool: (kind: ResearchKind, params: object) => ['research', kind, 'pool', params] as const,
  detail: (kind: ResearchKind, id: number) => ['research', kind, 'detail', id] as const,
  phases: (kind: ResearchKind, id: number) => ['research', kind, 'phases', id] as const,
  users: (kind: ResearchKind, keyword: string) => ['research', kind, 'users', keyword] as const,
};

/**
 * After any change: the project, its lists, pools and phases move together, and the to-dos; and a
 * direction's research questions (features/questions), whose assignees and progress follow its
 * members and whose actions follow its state.
 */
export async function invalidateResearch(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: researchKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['workflow'] }),
    queryClient.invalidateQueries({ queryKey: ['questions'] }),
  ]);
}

/** One mutation hook per POST call: it invalidates research (and to-dos) on success. */
function useResearchMutation<Input, Output>(
  run: (input: Input) => Promise<Output>,
  options: { formErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: options.formErrors ? { formErrors: true } : undefined,
    onSuccess: () => invalidateResearch(queryClient),
  });
}

/* ---- lists, pools and details ---- */

/** GET …/list: the caller's own projects (`scope` own) or those they belong to (`joined`); admins: all. */
export const projectsQueryOptions = (kind: ResearchKind, params: ProjectListQuery) =>
  queryOptions({
    queryKey: researchKeys.list(kind, params),
    queryFn: ({ signal }) => api.call(calls.list[kind], params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useProjects(kind: ResearchKind, params: ProjectListQuery) {
  return useQuery(projectsQueryOptions(kind, params));
}

export type PoolFilters = Omit<PoolQuery, 'cursor' | 'page_size'>;

/** GET …/pool: keyset pages of what the viewer may join (infinite scroll); `next_cursor` null at the end. */
export function usePool(kind: ResearchKind, filters: PoolFilters) {
  return useInfiniteQuery({
    queryKey: researchKeys.pool(kind, filters),
    queryFn: ({ pageParam, signal }) =>
      api.call(calls.pool[kind], { ...filters, cursor: pageParam, page_size: DEFAULT_PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET …/detail/:id: what the viewer may see of a project (304 for those who may not). */
export const projectQueryOptions = (kind: ResearchKind, id: number) =>
  queryOptions({
    queryKey: researchKeys.detail(kind, id),
    queryFn: ({ signal }) => api.call(calls.detail[kind], { id }, { signal }),
  });

/** A project; nothing is asked while there is none yet (`undefined`: the new-project form). */
export function useProject(kind: ResearchKind, id: number | undefined) {
  return useQuery({ ...projectQueryOptions(kind, id ?? 0), enabled: id !== undefined });
}

/** GET …/searchUsers: certified specialists (subjects) or students (directions) by name or phone start. */
export function useUserSearch(kind: ResearchKind, keyword: string) {
  return useQuery({
    queryKey: researchKeys.users(kind, keyword),
    queryFn: ({ signal }) => api.call(calls.searchUsers[kind], { keyword }, { signal }),
    enabled: keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/* ---- the owner's steps ---- */

/** POST …/save (a new project or a draft; `commit` 1 publishes it) or …/edit (a running project). */
export function useSaveProject(kind: ResearchKind) {
  return useResearchMutation(
    ({ input, running }: { input: ProjectSave; running: boolean }) =>
      api.call(calls[running ? 'edit' : 'save'][kind], input),
    { formErrors: true },
  );
}

/** The state moves of DESIGN §4; `toggle` pauses a recruiting project or resumes a paused one. */
export type ProjectMove = 'commit' | 'toggle' | 'start' | 'close' | 'conclude';

export function useMoveProject(kind: ResearchKind) {
  return useResearchMutation(({ id, move }: { id: number; move: ProjectMove }) => api.call(calls[move][kind], { id }));
}

/* ---- membership ---- */

/** POST …/apply: a note for the owner; `accept_nda` 1 for a confidential project. */
export function useApplyToProject(kind: ResearchKind) {
  return useResearchMutation((input: Apply) => api.call(calls.apply[kind], input), {
    formErrors: true,
  });
}

export function useApproveJoin(kind: ResearchKind) {
  return useResearchMutation((memberId: number) => api.call(calls.approveJoin[kind], { member_id: memberId }));
}

export function useRefuseJoin(kind: ResearchKind) {
  return useResearchMutation((input: RefuseJoin) => api.call(calls.refuseJoin[kind], input), {
    formErrors: true,
  });
}

export function useInvite(kind: ResearchKind) {
  return useResearchMutation((input: Invite) => api.call(calls.invite[kind], input), {
    formErrors: true,
  });
}

/** The invitee's or member's own steps on a project: accept or decline an invitation, leave. */
export type MemberResponse = 'acceptInvite' | 'declineInvite' | 'leave';

export function useRespond(kind: ResearchKind) {
  return useResearchMutation(
    ({ id, response, acceptNda = false }: { id: number; response: MemberResponse; acceptNda?: boolean }) =>
      api.call(calls[response][kind], { id, accept_nda: acceptNda ? 1 : 0 }),
  );
}

export function useRemoveMember(kind: ResearchKind) {
  return useResearchMutation((memberId: number) => api.call(calls.remove[kind], { member_id: memberId }));
}

/** POST …/permissions: a preset, or an explicit set (the set wins). */
export function useSetPermissions(kind: ResearchKind) {
  return useResearchMutation(
    (input: { member_id: number; preset?: PermissionPreset; permissions?: ResearchPermission[] }) =>
      api.call(calls.permissions[kind], input),
  );
}

/* ---- phases and outcomes ---- */

/** GET …/phases: the plan, each phase with its outcomes (the history), oldest first. */
export const phasesQueryOptions = (kind: ResearchKind, id: number) =>
  queryOptions({
    queryKey: researchKeys.phases(kind, id),
    queryFn: ({ signal }) => api.call(calls.phases[kind], { id }, { signal }),
  });

export function usePhases(kind: ResearchKind, id: number, enabled = true) {
  return useQuery({ ...phasesQueryOptions(kind, id), enabled });
}

export function useSavePhase(kind: ResearchKind) {
  return useResearchMutation((input: PhaseSave) => api.call(calls.savePhase[kind], input), {
    formErrors: true,
  });
}

export function useSubmitOutcome(kind: ResearchKind) {
  return useResearchMutation((input: OutcomeSubmit) => api.call(calls.submitOutcome[kind], input), {
    formErrors: true,
  });
}

export function useReviewOutcome(kind: ResearchKind) {
  return useResearchMutation((input: OutcomeReview) => api.call(calls.reviewOutcome[kind], input), {
    formErrors: true,
  });
}

/* ---- deliverables ---- */

/** POST …/download: a zip of the project's deliverables (owner and members) as a signed link. */
export function useDownloadDeliverables(kind: ResearchKind) {
  return useMutation({
    mutationFn: (id: number) => api.call(calls.download[kind], { id }),
  });
}
