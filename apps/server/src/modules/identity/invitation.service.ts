import { randomBytes } from 'node:crypto';
import { CERT_STATUS, type IdentityRole } from '@mathbridge/contracts/identity';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import {
  INVITATION_TTL_DAYS,
  type AcceptInvitationResult,
  type Invitation,
  type InvitationInfo,
  type InvitationListQuery,
  type OrganisationType,
} from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { maskMobile } from '@mathbridge/contracts/validation';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { InvitationRow, OrganisationRow } from '../../db/types.ts';
import { type AppError, conflict, forbidden, notFound, notLoggedIn, rateLimited } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { findUserById, replaceIdentityRole, setVerifyState } from '../user/user.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos } from '../workflow/todo.service.ts';
import { identityRoleOf } from './access.ts';
import { identityPolicy } from './identity.policy.ts';
import { insertCertification } from './certification.repository.ts';
import {
  INVITATION_STATUS,
  countInvitations,
  countInvitationsSince,
  findInvitation,
  insertInvitation,
  listInvitations,
  moveOpenInvitation,
} from './invitation.repository.ts';
import { MEMBER_STATUS, insertMember, membershipOf, moveMember } from './member.repository.ts';
import { memberTarget, withdrawPendingClaims } from './member.service.ts';
import { invitationState, logoUrl, presentInvitation } from './org.presenter.ts';
import { ORG_STATUS, findOrganisation, findOrganisationByOwner } from './org.repository.ts';

/**
 * Invitations (`sys/invite`): the owner of a certified organisation makes a link `/invitation/{id}`
 * that works once, for 7 days, until revoked. The invitee signs in or up and accepts: they become a
 * member at once. One who has no certified identity yet also takes the organisation's identity,
 * certified by the invitation (source 'invitation'); one already certified keeps theirs.
 */

/** Links an organisation may make a day. */
const INVITATIONS_PER_DAY = 50;

const newInvitationId = () => randomBytes(16).toString('base64url');

/** The organisation a caller may invite to: their own, or (admins) the one they name. */
async function invitingOrganisation(db: Db, caller: Caller, orgId: number | undefined): Promise<OrganisationRow> {
  const owned = await findOrganisationByOwner(db, caller.id);
  identityPolicy.authorize({ caller, owned }, 'nameOrganisation', orgId);
  if (owned && (orgId === undefined || orgId === owned.id)) return owned;
  // An admin naming another organisation: it must exist.
  const org = orgId === undefined ? undefined : await findOrganisation(db, orgId);
  if (!org) throw notFound('errors.orgNotFound');
  return org;
}

/**
 * The inviter as the link's readers see them: anyone holding the link, signed in or not. An inviter
 * without a real name is known by their account, which is their mobile number: masked, never whole.
 */
async function inviterName(db: Db, inviterId: number): Promise<string> {
  const inviter = await findUserById(db, inviterId);
  return maskMobile(inviter?.truename || inviter?.account || '');
}

/** A day as the platform's users read it (China Standard Time, UTC+8, no daylight saving). */
const businessDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

/** The 409 explaining why an invitation no longer works; null while it does. */
function invitationProblem(row: InvitationRow, inviter: string, now: string): AppError | null {
  const state = invitationState(row, now);
  if (state === 'revoked') return conflict('errors.invitationRevoked', { inviter });
  if (state === 'accepted') return conflict('errors.invitationUsed');
  if (state === 'expired') return conflict('errors.invitationExpired', { date: businessDay(row.expires_at), inviter });
  return null;
}

/** `sys/invite`: a new link for a certified organisation. */
export async function createInvitation(
  ctx: AppContext,
  caller: Caller,
  orgId: number | undefined,
  ip: string,
): Promise<Invitation> {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const org = await invitingOrganisation(trx, caller, orgId);
    if (org.status !== ORG_STATUS.certified) throw conflict('errors.orgNotVerified');
    if ((await countInvitationsSince(trx, org.id, isoBefore(86_400))) >= INVITATIONS_PER_DAY) throw rateLimited(3600);
    const row = await insertInvitation(trx, {
      id: newInvitationId(),
      org_id: org.id,
      inviter_id: caller.id,
      status: INVITATION_STATUS.open,
      accepted_by: null,
      accepted_at: null,
      revoked_at: null,
      expires_at: isoAfter(INVITATION_TTL_DAYS * 86_400),
      created_at: now,
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: row.id,
      detail: { org_id: org.id },
      ip,
    });
    return presentInvitation(row, { id: org.id, name: org.name }, now);
  });
}

/** `sys/revokeInvite`: the organisation's owner (or an admin) ends a link that was not used. */
export async function revokeInvitation(ctx: AppContext, caller: Caller, id: string, ip: string): Promise<Invitation> {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findInvitation(trx, id);
    if (!row) throw notFound('errors.invitationNotFound');
    const org = await findOrganisation(trx, row.org_id);
    // An invitation without its organisation has always answered 304, not 404.
    if (!org) throw forbidden();
    identityPolicy.authorize(caller, 'manageMembers', org);
    if (row.status === INVITATION_STATUS.accepted) throw conflict('errors.invitationUsed');
    if (row.status === INVITATION_STATUS.revoked)
      throw conflict('errors.invitationRevoked', { inviter: await inviterName(trx, row.inviter_id) });
    // An expired link is revoked too: the owner's list then says what they meant.
    const result = await trx
      .updateTable('invitations')
      .set({ status: INVITATION_STATUS.revoked, revoked_at: now })
      .where('id', '=', id)
      .where('status', '=', INVITATION_STATUS.open)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('errors.invitationUsed');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: id,
      detail: { org_id: org.id },
      ip,
    });
    return presentInvitation(
      { ...row, status: INVITATION_STATUS.revoked, revoked_at: now },
      { id: org.id, name: org.name },
      now,
    );
  });
}

/** `sys/invitationList`: the links of the caller's organisation (admins name one). */
export async function invitationList(
  ctx: AppContext,
  caller: Caller,
  query: InvitationListQuery,
): Promise<Page<Invitation>> {
  const org = await invitingOrganisation(ctx.db, caller, query.org_id);
  const now = nowIso();
  const [total, rows] = await Promise.all([
    countInvitations(ctx.db, org.id, query.status, now),
    listInvitations(ctx.db, org.id, query.status, now, query.page_size, offsetOf(query)),
  ]);
  const items = rows.map((row) => presentInvitation(row, { id: org.id, name: org.name }, now));
  return pageOf(query, items, total);
}

/** `sys/invitationInfo` (public): who invites to what; a dead link says why, in the reader's language. */
export async function invitationInfo(ctx: AppContext, id: string, locale: Locale): Promise<InvitationInfo> {
  const row = await findInvitation(ctx.db, id);
  if (!row) throw notFound('errors.invitationNotFound');
  const org = await findOrganisation(ctx.db, row.org_id);
  if (!org) throw notFound('errors.invitationNotFound');
  const now = nowIso();
  const inviter = await inviterName(ctx.db, row.inviter_id);
  const problem = invitationProblem(row, inviter, now);
  return {
    id: row.id,
    org: { id: org.id, name: org.name, type: org.type as OrganisationType, logo: logoUrl(org) },
    inviter: { name: inviter },
    state: invitationState(row, now),
    expires_at: row.expires_at,
    message: problem ? translate(locale, problem.key, problem.params) : null,
  };
}

/**
 * `sys/acceptInvite`: the signed-in invitee joins. Refused (409, nothing changes) when the link is
 * expired, revoked or used, the organisation is not certified, the caller owns it or is already a
 * member, or their own certification is under review.
 */
export async function acceptInvitation(
  ctx: AppContext,
  caller: Caller,
  id: string,
  ip: string,
): Promise<AcceptInvitationResult> {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findInvitation(trx, id);
    if (!row) throw notFound('errors.invitationNotFound');
    const problem = invitationProblem(row, await inviterName(trx, row.inviter_id), now);
    if (problem) throw problem;
    const org = await findOrganisation(trx, row.org_id);
    if (!org) throw notFound('errors.invitationNotFound');
    if (org.status !== ORG_STATUS.certified) throw conflict('errors.orgNotVerified');
    if (org.owner_id === caller.id) throw conflict('errors.invitationOwnOrg');
    if (await membershipOf(trx, org.id, caller.id, [MEMBER_STATUS.member])) throw conflict('errors.alreadyMember');
    const user = await findUserById(trx, caller.id);
    if (!user) throw notLoggedIn();
    if (user.verify_state === VERIFY_STATE.pending) throw conflict('errors.certPending');

    if (
      !(await moveOpenInvitation(trx, row.id, now, {
        status: INVITATION_STATUS.accepted,
        accepted_by: caller.id,
        accepted_at: now,
      }))
    ) {
      throw conflict('errors.invitationUsed');
    }

    // Without a certified identity the invitee takes the organisation's, vouched for by its owner.
    let role: IdentityRole | null = null;
    if (user.verify_state !== VERIFY_STATE.verified) {
      role = org.type as IdentityRole;
      await replaceIdentityRole(trx, caller.id, role, now);
      await setVerifyState(trx, caller.id, VERIFY_STATE.verified, now);
      await insertCertification(trx, {
        user_id: caller.id,
        role,
        source: 'invitation',
        status: CERT_STATUS.approved,
        title: org.name,
        org_id: null,
        data: JSON.stringify({ org_id: org.id, invitation_id: row.id }),
        reason: null,
        reviewer_id: row.inviter_id,
        submitted_at: now,
        reviewed_at: now,
      });
    }

    // A pending claim on this organisation is settled by the invitation; otherwise a new membership.
    const pending = await membershipOf(trx, org.id, caller.id, [MEMBER_STATUS.pending]);
    let membershipId: number;
    if (
      pending &&
      (await moveMember(trx, pending.id, MEMBER_STATUS.pending, {
        status: MEMBER_STATUS.member,
        invitation_id: row.id,
        reviewer_id: row.inviter_id,
        reviewed_at: now,
      }))
    ) {
      membershipId = pending.id;
      await closeTodos(trx, memberTarget(pending.id), 'done', row.inviter_id);
    } else {
      const member = await insertMember(trx, {
        org_id: org.id,
        user_id: caller.id,
        role: role ?? identityRoleOf(caller.roles),
        source: 'invitation',
        status: MEMBER_STATUS.member,
        certification_id: null,
        invitation_id: row.id,
        details: JSON.stringify(user.truename ? { truename: user.truename } : {}),
        reason: null,
        reviewer_id: row.inviter_id,
        created_at: now,
        reviewed_at: now,
      });
      membershipId = member.id;
    }
    // A new identity replaces the old one, and with it any other claims stated for the old one.
    if (role) await withdrawPendingClaims(trx, caller.id, now);
    await notify(trx, {
      userId: org.owner_id,
      actorId: caller.id,
      kind: 'memberJoined',
      target: memberTarget(membershipId),
      params: { name: maskMobile(user.truename || user.account), org: org.name },
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'invitation.accept',
      targetType: 'invitation',
      targetId: row.id,
      detail: { org_id: org.id, membership_id: membershipId, ...(role ? { granted_role: role } : {}) },
      ip,
    });
    return {
      org: { id: org.id, name: org.name },
      membership_id: membershipId,
      role: role ?? identityRoleOf(caller.roles),
      verify_state: role ? VERIFY_STATE.verified : user.verify_state,
    };
  });
}
