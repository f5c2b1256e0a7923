import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { researchEndpoints as calls } from '@mathbridge/contracts/endpoints/research';
import { api } from '../../../lib/api-client.ts';

/**
 * The research side of an accepted solution (DESIGN §9 demand → solution → subject): the calls the
 * cooperation card needs. Keys start with 'research' like the research feature's, so either side's
 * change refreshes the other.
 */
const ofSolutionKey = (solutionId: number) => ['research', 'subject', 'ofSolution', solutionId] as const;

/** GET subject/ofSolution: the subjects started from a solution (its institute, the demand's enterprise, admins). */
export function useSubjectsOfSolution(solutionId: number) {
  return useQuery({
    queryKey: ofSolutionKey(solutionId),
    queryFn: ({ signal }) => api.call(calls.ofSolution, { solution_id: solutionId }, { signal }),
  });
}

/** POST subject/fromSolution: a draft subject pre-filled from the solution (its institute only). */
export function useSubjectFromSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (solutionId: number) => api.call(calls.fromSolution, { solution_id: solutionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['research'] }),
  });
}
