import { useQuery } from '@tanstack/react-query';
import type { SitePage, SitePageSlug } from '@mathbridge/contracts/content';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';

export const micrositeKeys = {
  page: (slug: SitePageSlug) => ['microsite', 'page', slug] as const,
};

/**
 * GET index/getSitePage?slug= (public). A page the admins have not written yet is shown as such,
 * whether the server answers it with an empty page or with "not found".
 */
export function useSitePage(slug: SitePageSlug) {
  return useQuery({
    queryKey: micrositeKeys.page(slug),
    queryFn: async ({ signal }): Promise<SitePage | null> => {
      try {
        return await api.get<SitePage>('index/getSitePage', { slug }, { signal, reportErrors: false });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}
