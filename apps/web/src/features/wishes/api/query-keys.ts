import type { QueryClient } from '@tanstack/react-query';

/** Query keys of cooperation wishes; all start with 'wishes' so one invalidation refreshes them. */
export const wishKeys = {
  all: ['wishes'] as const,
  own: (params: object) => ['wishes', 'own', params] as const,
  open: (params: object) => ['wishes', 'open', params] as const,
  wish: (id: number) => ['wishes', 'wish', id] as const,
  responses: (id: number, params: object) => ['wishes', 'wish', id, 'responses', params] as const,
};

/** After a step: the wish, its lists, and the to-dos and dashboard counters (keys under 'workflow'). */
export async function invalidateWishes(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: wishKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['workflow'] }),
  ]);
}
