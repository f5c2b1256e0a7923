import type { Db } from '../db/database.ts';

/**
 * Where a to-do or a notification leads in the web app (DESIGN §19: they carry their web path). The
 * module that owns a kind of object knows its pages: its `<module>.links.ts` names a resolver per
 * target type and registers it when the module is registered; `openTodo` and `notify` ask here when
 * they store an item. The registry inverts the dependency: workflow and notifications, which every
 * module calls, never import the modules whose objects they point at.
 */

/** Who the item is for: one user, or every holder of a role (the page may differ by their side). */
export type LinkReader = { userId: number } | { role: string };

export interface LinkRequest {
  /** The to-do's or the notification's kind. */
  kind: string;
  target: { type: string; id: number };
  /** The item's title parameters (some name what the target alone does not). */
  params: Readonly<Record<string, string>>;
  reader: LinkReader;
}

/** Answers a web path (a route of contracts' routes.ts, built with `routePath`). */
export type LinkResolver = (db: Db, request: LinkRequest) => Promise<string> | string;

/** A module's resolvers, by the target types it owns. */
export type ModuleLinks = Readonly<Record<string, LinkResolver>>;

const resolvers = new Map<string, LinkResolver>();

/** Registers a module's target types (again on every app built: the same functions). */
export function registerLinks(links: ModuleLinks): void {
  for (const [type, resolve] of Object.entries(links)) resolvers.set(type, resolve);
}

/**
 * The web path of an item about to be stored. A target type nobody registered is a programming
 * error (a module opened items about its objects without saying where they lead): it throws, and
 * the transition rolls back with it.
 */
export async function linkOf(db: Db, request: LinkRequest): Promise<string> {
  const resolve = resolvers.get(request.target.type);
  if (!resolve) throw new Error(`no web path for target type '${request.target.type}': register the module's links`);
  return resolve(db, request);
}

/** The reader's user id, or null for a role (every holder of it). */
export const readerId = (reader: LinkReader): number | null => ('userId' in reader ? reader.userId : null);
