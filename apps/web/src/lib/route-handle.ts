import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setDefaultDescription } from './page-meta.ts';
import { useMatches } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Page name for the document title and page heading. */
  title?: (t: TFunction) => string;
  /** One-line description for pages that are not built yet. */
  intro?: (t: TFunction) => string;
  /** Portal pages show the footer; auth screens and the workspace do not. */
  footer?: boolean;
}

function handleOf(match: { handle: unknown }): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

/** The deepest matched route's handle merged over its parents'. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    // A child only overrides what it sets: `footer: undefined` must not undo a layout's `false`.
    for (const [key, value] of Object.entries(handleOf(match))) {
      if (value !== undefined) Object.assign(merged, { [key]: value });
    }
  }
  return merged;
}

/** Page title = `<page> - 数桥` / `- 數橋` / `- MathBridge` (spec §9: suffix is the platform name). */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const page = handle.title?.(t);
  const brand = t('brand.name');
  const title = page ? `${page} - ${brand}` : brand;
  const description = t('footer.description');
  useEffect(() => {
    document.title = title;
    setDefaultDescription(description);
  }, [title, description, i18n.language]);
}
