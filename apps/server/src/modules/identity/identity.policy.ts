import type { OrganisationRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { ORG_STATUS } from './org.repository.ts';

/**
 * Who may do what with identities (DESIGN §19). Objects: organisations (their page, their members
 * and invitations), membership claims, certification requests with the ID numbers they hold, and
 * certificate images. Admins may do everything an owner or applicant may.
 */

type Who = Pick<Caller, 'id' | 'roles'>;
type Org = Pick<OrganisationRow, 'owner_id'>;

/** A caller with the organisation they own, as loaded: for calls that may name an organisation by id. */
export interface OrgOwnerActor {
  caller: Who;
  owned: Pick<OrganisationRow, 'id'> | undefined;
}

const selfOrAdmin = (caller: Who, ownerId: number | null) => caller.id === ownerId || isAdmin(caller);

export const identityPolicy = definePolicy({
  /** Read an organisation's page: a certified one anyone (signed in or not); another its owner and admins. */
  read: (caller: Who | null, org: Pick<OrganisationRow, 'owner_id' | 'status'>) =>
    org.status === ORG_STATUS.certified || (caller !== null && selfOrAdmin(caller, org.owner_id)),
  /** See an organisation's contact details: its owner, admins and verified users. */
  seeContact: (caller: Pick<Caller, 'id' | 'roles' | 'verifyState'> | null, org: Org) =>
    caller !== null && (selfOrAdmin(caller, org.owner_id) || caller.verifyState === 1),
  /** Manage an organisation's members and invitations (review claims, remove members, revoke links): its owner or an admin. */
  manageMembers: (caller: Who, org: Org) => selfOrAdmin(caller, org.owner_id),
  /**
   * Name an organisation in a members or invitations call, where naming none means one's own: one's
   * own organisation; admins any they name.
   */
  nameOrganisation: (actor: OrgOwnerActor, orgId: number | undefined) =>
    (orgId !== undefined && isAdmin(actor.caller)) ||
    (actor.owned !== undefined && (orgId === undefined || orgId === actor.owned.id)),
  /** Read a certification request and see its ID number in full: the applicant and admins. */
  readCertification: (caller: Who, certification: { user_id: number }) => selfOrAdmin(caller, certification.user_id),
  /** Read a certificate image: whoever uploaded it, and admins. */
  readCertificate: (caller: Who, file: { owner_id: number | null }) => selfOrAdmin(caller, file.owner_id),
  /** Name a certificate image in a certification form: only one's own upload. */
  attachCertificate: (user: { id: number }, file: { owner_id: number | null }) => file.owner_id === user.id,
});
