import type { AppContext } from '../../context.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/call.ts';
import { certifiedOrganisationOf } from './org.service.ts';

/** Who is acting in the cooperation workflow: the owner of a certified organisation, or an admin. */

export interface OrgActor {
  caller: Caller;
  org: { id: number; name: string; research_fields: string[] };
}

export const isAdmin = (caller: Caller): boolean => caller.roles.includes('Admin');

type CertifiedOrg = Awaited<ReturnType<typeof certifiedOrganisationOf>>;

/**
 * The caller's certified organisation, looked up once per request (a Caller object is made per
 * request by the session resolver, so this map lives as long as the request does), and kept for
 * a moment across requests (db/short-cache.ts; any write to organisations drops it).
 */
const orgLookups = new WeakMap<Caller, Promise<CertifiedOrg>>();
const orgCache = new ShortCache<number, CertifiedOrg>(['organisations']);

function organisationOf(ctx: AppContext, caller: Caller): Promise<CertifiedOrg> {
  let lookup = orgLookups.get(caller);
  if (!lookup) {
    lookup = orgCache.get(ctx.db, caller.id, () => certifiedOrganisationOf(ctx.db, caller.id));
    orgLookups.set(caller, lookup);
  }
  return lookup;
}

async function orgActor(ctx: AppContext, caller: Caller, role: 'Enterprise' | 'ResearchInstitute'): Promise<OrgActor> {
  if (!caller.roles.includes(role) || caller.verifyState !== 1) throw forbidden();
  const org = await organisationOf(ctx, caller);
  if (!org || org.type !== role) throw forbidden();
  return { caller, org };
}

/** A verified enterprise acting for its certified organisation; anyone else 304. */
export const requireEnterprise = (ctx: AppContext, caller: Caller) => orgActor(ctx, caller, 'Enterprise');
/** A verified research institute acting for its certified organisation; anyone else 304. */
export const requireInstitute = (ctx: AppContext, caller: Caller) => orgActor(ctx, caller, 'ResearchInstitute');

/** The caller's organisation when they act for one of this role, else null (no error). */
export async function orgOf(
  ctx: AppContext,
  caller: Caller,
  role: 'Enterprise' | 'ResearchInstitute',
): Promise<OrgActor | null> {
  return orgActor(ctx, caller, role).catch(() => null);
}

/** Escapes LIKE wildcards in user text. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Keyset cursors: opaque base64url of [sort key, id]. */
export function encodeCursor(value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [string | number, number] | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed as unknown[];
    if ((typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'number' || !Number.isInteger(id))
      return null;
    return [value, id];
  } catch {
    return null;
  }
}

/** SQLite and PostgreSQL both name the violated constraint 'unique'/'duplicate' in the message. */
export const isUniqueViolation = (error: unknown): boolean =>
  /unique|duplicate/i.test(String((error as Error | undefined)?.message ?? ''));
