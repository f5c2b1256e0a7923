/**
 * Data cached for the previous user must go when a session ends. The query cache registers here
 * when it loads, so session code can clear it without pulling TanStack Query into pages that
 * never query (the public pages' first load).
 */
const resets = new Set<() => void>();

export function registerCacheReset(reset: () => void): void {
  resets.add(reset);
}

export function resetCaches(): void {
  for (const reset of resets) reset();
}
