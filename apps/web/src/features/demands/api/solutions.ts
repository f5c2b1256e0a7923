import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import type { DeclineSolution, SolutionState } from '@mathbridge/contracts/solutions';
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
      queryFn: ({ signal }) => api.call(calls.solutions, { id: demandId, ...params }, { signal }),
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
      queryFn: ({ signal }) => api.call(calls.solutionList, params, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET solution/detail/:id. */
export function useSolution(id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: cooperationKeys.solution(id ?? 0),
      queryFn: ({ signal }) => api.call(calls.solutionDetail, { id: id ?? 0 }, { signal }),
      enabled: id !== undefined,
    }),
  );
}

export function getSolution(id: number) {
  return api.call(calls.solutionDetail, { id });
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
    mutationFn: (input: SolutionSaveInput) => api.call(calls.solutionSave, input, { reportErrors: false }),
    onSuccess: async (solution) => {
      queryClient.setQueryData(cooperationKeys.solution(solution.id), solution);
      await invalidateCooperation(queryClient);
    },
  });
}

const solutionActions = {
  submit: calls.solutionSubmit,
  withdraw: calls.solutionWithdraw,
  accept: calls.solutionAccept,
} as const;
type SolutionAction = keyof typeof solutionActions;

/** POST solution/{submit|withdraw|accept}. */
export function useSolutionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: SolutionAction }) => api.call(solutionActions[action], { id }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

/**
 * POST solution/markSeen: the institute opened its declined solution, so the decline is read and
 * its to-do done (reads never write: the detail leaves it). The to-do list and the header's count
 * belong to the workspace feature: refreshed by their key prefix, which features may not import.
 */
export function useMarkSolutionSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(calls.solutionMarkSeen, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workflow'] }),
  });
}

/** POST solution/decline: a reason from DECLINE_REASONS and a text (required for 'other'). */
export function useDeclineSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeclineSolution) => api.call(calls.solutionDecline, input, { reportErrors: false }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}
