import type { TFunction } from 'i18next';
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
