import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the cooperation feature; every key starts with 'cooperation' so one invalidation refreshes it all. */
export const cooperationKeys = {
  all: ['cooperation'] as const,
  demands: (params: object) => ['cooperation', 'demands', params] as const,
  demand: (id: number) => ['cooperation', 'demand', id] as const,
  demandSolutions: (id: number, params: object) => ['cooperation', 'demand', id, 'solutions', params] as const,
  published: (params: object) => ['cooperation', 'published', params] as const,
  recommended: (params: object) => ['cooperation', 'recommended', params] as const,
  solutions: (params: object) => ['cooperation', 'solutions', params] as const,
  solution: (id: number) => ['cooperation', 'solution', id] as const,
};

/**
 * After any transition: a step changes the item, its lists, the counts and the other side's view
 * together, and only what is on screen refetches. The to-do bell and list change too.
 */
export async function invalidateCooperation(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cooperationKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['workflow'] }),
  ]);
}
