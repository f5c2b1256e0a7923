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

type CertifiedOrg = Awaited<ReturnType<typeof certifiedOrganisationOf>>;

/**
 * The caller's certified organisation, looked up once per request (a Caller object is made per
 * request by the session resolver, so this map lives as long as the request does), and kept for
 * a moment across requests (db/short-cache.ts; any write to organisations drops it).
 */
const orgLookups = new WeakMap<Caller, Promise<CertifiedOrg>>();
const orgCache = new ShortCache<number, CertifiedOrg>(['organisations']);

/**
 * A user's certified organisation (either type) or null, behind the same short cache: also for
 * checks that know only a user id, such as the file grants asked for every file a link names.
 */
export const certifiedOrganisationOfUser = (ctx: AppContext, userId: number): Promise<CertifiedOrg> =>
  orgCache.get(ctx.db, userId, () => certifiedOrganisationOf(ctx.db, userId));

function organisationOf(ctx: AppContext, caller: Caller): Promise<CertifiedOrg> {
  let lookup = orgLookups.get(caller);
  if (!lookup) {
    lookup = certifiedOrganisationOfUser(ctx, caller.id);
    orgLookups.set(caller, lookup);
  }
  return lookup;
}

async function orgActor(ctx: AppContext, caller: Caller, role: 'Enterprise' | 'ResearchInstitute'): Promise<OrgActor> {
  const actor = await orgOf(ctx, caller, role);
  if (!actor) throw forbidden();
  return actor;
}

/** A verified enterprise acting for its certified organisation; anyone else 304. */
export const requireEnterprise = (ctx: AppContext, caller: Caller) => orgActor(ctx, caller, 'Enterprise');
/** A verified research institute acting for its certified organisation; anyone else 304. */
export const requireInstitute = (ctx: AppContext, caller: Caller) => orgActor(ctx, caller, 'ResearchInstitute');

/**
 * The caller's organisation when they act for one of this role (verified, owning a certified
 * organisation of that type), else null. A failure to read it (the database) is not 'none': it throws.
 */
export async function orgOf(
  ctx: AppContext,
  caller: Caller,
  role: 'Enterprise' | 'ResearchInstitute',
): Promise<OrgActor | null> {
  if (!caller.roles.includes(role) || caller.verifyState !== 1) return null;
  const org = await organisationOf(ctx, caller);
  return org && org.type === role ? { caller, org } : null;
}
