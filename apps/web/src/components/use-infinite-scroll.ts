import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_DEBOUNCE_MS, INFINITE_SCROLL_DISTANCE_PX } from '@mathbridge/contracts/constants';

/** What the hook needs of a TanStack `useInfiniteQuery` result. */
export interface InfiniteList {
  hasNextPage: boolean;
  /** Any fetch (next page or a refetch after invalidation): no next page is asked for meanwhile. */
  isFetching: boolean;
  /** A failed next page stops the automatic loading until the user retries (no retry loop). */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  /** The loaded pages: their count changes when one arrives. */
  data?: { pages: readonly unknown[] } | undefined;
}

/** How far the scroll container's bottom edge is from the end of its content, in px. */
function distanceToBottom(container: HTMLElement | null): number {
  if (container) return container.scrollHeight - container.scrollTop - container.clientHeight;
  const page = document.scrollingElement ?? document.documentElement;
  return page.scrollHeight - window.scrollY - window.innerHeight;
}

/**
 * Infinite scroll (spec §9): the next page loads when the scroll container — the window unless
 * one is given (the workspace scrolls with the page) — is within INFINITE_SCROLL_DISTANCE_PX of
 * its end, checked INFINITE_SCROLL_DEBOUNCE_MS after scrolling or resizing stops. The check also
 * runs after each page arrives, since a list shorter than the viewport never scrolls.
 */
export function useInfiniteScroll(list: InfiniteList, container: HTMLElement | null = null): void {
  const latest = useRef(list);
  useEffect(() => {
    latest.current = list;
  });
  const pageCount = list.data?.pages.length ?? 0;
  const idle = list.hasNextPage && !list.isFetching && !list.isFetchNextPageError;

  useEffect(() => {
    if (!idle) return;
    let timer: number | undefined;
    const check = () => {
      const current = latest.current;
      if (!current.hasNextPage || current.isFetching || current.isFetchNextPageError) return;
      if (distanceToBottom(container) <= INFINITE_SCROLL_DISTANCE_PX) void current.fetchNextPage();
    };
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, INFINITE_SCROLL_DEBOUNCE_MS);
    };
    const target: HTMLElement | Window = container ?? window;
    target.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      window.clearTimeout(timer);
      target.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [container, idle, pageCount]);
}
