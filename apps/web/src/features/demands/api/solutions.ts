import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineSolution, Solution, SolutionPage, SolutionState } from '@mathbridge/contracts/solutions';
import { api } from '../../../lib/api-client.ts';
import { cooperationKeys, invalidateCooperation } from './query-keys.ts';

export interface SolutionListParams {
  status?: SolutionState;
  page: number;
  page_size: number;
}

/** GET demand/solutions: every solution submitted to one of the enterprise's demands. */
export function useDemandSolutions(demandId: number, params: SolutionListParams, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: cooperationKeys.demandSolutions(demandId, params),
      queryFn: ({ signal }) => api.get<SolutionPage>('demand/solutions', { id: demandId, ...params }, { signal }),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** GET solution/list: the institute's own solutions, by status. */
export function useOwnSolutions(params: SolutionListParams) {
  return useQuery(
    queryOptions({
      queryKey: cooperationKeys.solutions(params),
      queryFn: ({ signal }) => api.get<SolutionPage>('solution/list', { ...params }, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET solution/detail/:id. */
export function useSolution(id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: cooperationKeys.solution(id ?? 0),
      queryFn: ({ signal }) => api.get<Solution>(`solution/detail/${id}`, {}, { signal }),
      enabled: id !== undefined,
    }),
  );
}

export function getSolution(id: number): Promise<Solution> {
  return api.get<Solution>(`solution/detail/${id}`);
}

export interface SolutionSaveInput {
  id?: number;
  demand_id: number;
  commit: 0 | 1;
  approach: string;
  team: string;
  timeline: string;
  cost_estimate: number;
  attachments: number[];
}

/** POST solution/save: create (with demand_id) or edit a draft; `commit` 1 also submits. */
export function useSaveSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SolutionSaveInput) =>
      api.post<Solution>('solution/save', { ...input }, { reportErrors: false }),
    onSuccess: async (solution) => {
      queryClient.setQueryData(cooperationKeys.solution(solution.id), solution);
      await invalidateCooperation(queryClient);
    },
  });
}

/** POST solution/{submit|withdraw|accept}. */
export function useSolutionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'submit' | 'withdraw' | 'accept' }) =>
      api.post<Solution>(`solution/${action}`, { id }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

/** POST solution/decline: a reason from DECLINE_REASONS and a text (required for 'other'). */
export function useDeclineSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeclineSolution) =>
      api.post<Solution>('solution/decline', { ...input }, { reportErrors: false }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}
