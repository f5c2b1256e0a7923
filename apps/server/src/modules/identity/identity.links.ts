import { isOrganisationRole } from '@mathbridge/contracts/identity';
import { routePath } from '@mathbridge/contracts/routes';
import type { ModuleLinks } from '../../lib/links.ts';

/**
 * Where identity's to-dos and notifications lead (DESIGN §19). A certification review opens in the
 * review drawer of the admins' to-do page; a membership claim in its members tab; the applicant's
 * or claimant's notice on their certification page (an organisation's or a person's).
 */

const certificationPage = (role: string | undefined) =>
  routePath(
    role && isOrganisationRole(role) ? '/account/institute-authentication' : '/account/individual-authentication',
  );

export const identityLinks: ModuleLinks = {
  certification: (_db, { kind, target, params }) =>
    kind === 'certificationReview'
      ? routePath('/manage/todoList', {}, { tab: 'reviews', review: target.id })
      : certificationPage(params.role),
  // The owner reviews a claim (and hears of a new member) among the members; the claimant reads the outcome.
  member_claim: (_db, { kind, params }) =>
    kind === 'memberClaimApproved' || kind === 'memberClaimRejected'
      ? certificationPage(params.role)
      : routePath('/manage/todoList', {}, { tab: 'members' }),
};
