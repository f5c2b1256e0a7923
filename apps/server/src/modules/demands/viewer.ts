import type { AppContext } from '../../context.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { orgOf } from '../identity/org-actor.service.ts';
import type { OrgViewer } from './demands.policy.ts';

/**
 * The caller as demands.policy.ts sees them: an admin (looked at as such, acting for no
 * organisation), or the certified enterprise or institute they act for. A caller owns one
 * organisation, so once it is an enterprise it is no institute (the lookup is cached per request).
 */
export async function orgViewer(ctx: AppContext, caller: Caller): Promise<OrgViewer> {
  if (isAdmin(caller)) return { admin: true, enterpriseId: null, instituteId: null };
  const enterprise = await orgOf(ctx, caller, 'Enterprise');
  const institute = enterprise ? null : await orgOf(ctx, caller, 'ResearchInstitute');
  return { admin: false, enterpriseId: enterprise?.org.id ?? null, instituteId: institute?.org.id ?? null };
}
