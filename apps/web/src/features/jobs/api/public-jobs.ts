import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@mathbridge/contracts/constants';
import { jobEndpoints as calls } from '@mathbridge/contracts/endpoints/jobs';
import type { JobDetail, JobSummary, PublishedJobsPage, PublishedJobsQuery } from '@mathbridge/contracts/jobs';
import { api } from '../../../lib/api-client.ts';
import type { InfiniteList } from '../../../components/use-infinite-scroll.ts';

/*
 * The public job pages' reads, without the query library (DESIGN §8: a public page's first load
 * stays light, as the portal's do). Workspace pages keep using api/jobs.ts.
 */

export type PublishedJobsFilters = Omit<PublishedJobsQuery, 'cursor' | 'page_size'>;

/** GET job/detail/:id: a published job for anyone (drafts and closed jobs for their organisation). */
export const fetchJobDetail = (id: number, signal: AbortSignal): Promise<JobDetail> =>
  api.call(calls.detail, { id }, { signal });

export interface PublishedJobsList extends InfiniteList {
  /** The jobs loaded so far; undefined before the first page of these filters arrives. */
  jobs: JobSummary[] | undefined;
  /** The first page failed. */
  isError: boolean;
  /** Jobs on screen belong to earlier filters while the new first page loads. */
  isStale: boolean;
  retry: () => void;
}

interface Request {
  key: string;
  cursor?: string;
  /** Asking again (a retry) is a new request. */
  attempt: number;
}

interface ListState {
  /** The filters (as JSON) the pages belong to. */
  key: string;
  pages: PublishedJobsPage[];
  /** The request that settled last, and whether it failed. */
  tag: string;
  failed: boolean;
}

/**
 * GET job/publishedList (no sign-in): keyset pages for infinite scroll; `next_cursor` null at the
 * end. New filters start over (the old jobs stay on screen until the new first page arrives); a
 * newer request cancels the older one.
 */
export function usePublishedJobs(filters: PublishedJobsFilters): PublishedJobsList {
  const key = JSON.stringify(filters);
  const [asked, setAsked] = useState<Request>({ key, attempt: 0 });
  const request: Request = asked.key === key ? asked : { key, attempt: 0 };
  const tag = `${request.key}|${request.cursor ?? ''}|${request.attempt}`;
  const [state, setState] = useState<ListState>({ key: '', pages: [], tag: '', failed: false });

  useEffect(() => {
    const controller = new AbortController();
    const { key: forKey, cursor } = request;
    api
      .call(
        calls.publishedList,
        { ...(JSON.parse(forKey) as PublishedJobsFilters), cursor, page_size: DEFAULT_PAGE_SIZE },
        { signal: controller.signal },
      )
      .then(
        (page) =>
          setState((s) => ({
            key: forKey,
            pages: cursor === undefined || s.key !== forKey ? [page] : [...s.pages, page],
            tag,
            failed: false,
          })),
        () => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, tag, failed: true }));
        },
      );
    return () => controller.abort();
    // The tag names the request; `request` is a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tag]);

  const loading = state.tag !== tag;
  const current = state.key === key;
  const failed = state.failed && !loading;
  const nextCursor = current ? (state.pages.at(-1)?.next_cursor ?? undefined) : undefined;
  return {
    jobs: state.key === '' ? undefined : state.pages.flatMap((page) => page.items),
    isStale: !current && state.key !== '',
    isError: failed && (!current || state.pages.length === 0),
    hasNextPage: nextCursor !== undefined,
    isFetching: loading,
    isFetchNextPageError: failed && current && state.pages.length > 0,
    fetchNextPage: () => {
      if (nextCursor !== undefined) setAsked({ key, cursor: nextCursor, attempt: request.attempt + 1 });
    },
    retry: () => setAsked({ key, attempt: request.attempt + 1 }),
    data: current ? { pages: state.pages } : undefined,
  };
}
