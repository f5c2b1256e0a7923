import { useCallback, useEffect, useState } from 'react';
import type { SitePage, SitePageSlug } from '@mathbridge/contracts/content';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

type Settled =
  | { status: 'error' }
  /** `page` null: the admins have not written it (an empty page or "not found" from the server). */
  | { status: 'ready'; page: SitePage | null };
export type SitePageState = { status: 'loading' } | Settled;

/**
 * GET index/getSitePage?slug= (public). A one-off call without the query library, as on
 * /certification: a public page keeps its download small (DESIGN §8), and the micro-site reads one
 * page per visit with nothing to share or invalidate.
 */
export function useSitePage(slug: SitePageSlug): { state: SitePageState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = `${slug}#${attempt}`;
  // The answer is kept with the request it answers; any other request is still loading.
  const [settled, setSettled] = useState<{ request: string; state: Settled } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.call(calls.sitePage, { slug }, { signal: controller.signal, reportErrors: false }).then(
      (page) => setSettled({ request, state: { status: 'ready', page: page.body.trim() ? page : null } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notWritten = isApiError(error) && error.status === 404;
        setSettled({ request, state: notWritten ? { status: 'ready', page: null } : { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [slug, request]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: settled?.request === request ? settled.state : { status: 'loading' }, retry };
}
