import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemandReview, DemandSave, DemandState, ReceiveDemand } from '@mathbridge/contracts/demands';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';
import { cooperationKeys, invalidateCooperation } from './query-keys.ts';

export interface DemandListParams {
  status?: DemandState;
  /** 1: only live demands with a cooperation under way. */
  cooperating?: 1;
  page: number;
  page_size: number;
}

/** GET demand/list: the enterprise's own demands (admins: everyone's) with counts by status. */
export function useDemands(params: DemandListParams) {
  return useQuery(
    queryOptions({
      queryKey: cooperationKeys.demands(params),
      queryFn: ({ signal }) => api.call(calls.list, params, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export const demandQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cooperationKeys.demand(id),
    // A missing or foreign demand is the page's own 'not found' state, not a toast.
    queryFn: ({ signal }) => api.call(calls.detail, { id }, { signal, reportErrors: false }),
    retry: false,
  });

/** GET demand/detail/:id: the summary, the full demand once visible, and what the caller may do. */
export function useDemand(id: number | undefined) {
  return useQuery({ ...demandQueryOptions(id ?? 0), enabled: id !== undefined });
}

/** The form's payload: DemandSave without the defaults the schema fills in. */
export type DemandSaveInput = Omit<DemandSave, 'commit' | 'nda_required' | 'attachments'> & {
  commit: 0 | 1;
  nda_required: 0 | 1;
  attachments: number[];
};

/** POST demand/save: create or edit; `commit` 1 also submits. Field errors come back to the form. */
export function useSaveDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DemandSaveInput) => api.call(calls.save, input, { reportErrors: false }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(cooperationKeys.demand(detail.demand.id), detail);
      await invalidateCooperation(queryClient);
    },
  });
}

export type DemandAction = 'submit' | 'withdraw' | 'toggle' | 'close' | 'complete';

/** POST demand/{submit|withdraw|toggle|close|complete}: one state transition (409 when it no longer applies). */
export function useDemandAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DemandAction }) => api.call(calls[action], { id }),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

/** POST demand/review (admins): publish, or reject with a reason. */
export function useReviewDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DemandReview) => api.call(calls.review, input),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

/** POST demand/receive (institutes): accepting the confidentiality agreement when it is required. */
export function useReceiveDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiveDemand) => api.call(calls.receive, input),
    onSettled: () => invalidateCooperation(queryClient),
  });
}

/** POST demand/download: a signed link to one zip of the attachments (and the accepted solution's). */
export function downloadDemand(id: number) {
  return api.call(calls.download, { id });
}
