import type { IdentityRole } from '@mathbridge/contracts/identity';
import {
  MEMBERSHIP_ENDED,
  type MemberClaim,
  type MemberClaimQuery,
  type ReviewDecision,
} from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { OrganisationRow } from '../../db/types.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { identityPolicy } from './identity.policy.ts';
import {
  MEMBER_STATUS,
  countMemberRows,
  findMember,
  findMemberWithNames,
  insertMember,
  listMemberRows,
  membershipOf,
  moveMember,
  pendingClaimsOf,
} from './member.repository.ts';
import { presentMemberClaim } from './org.presenter.ts';
import { findOrganisation, findOrganisationByOwner } from './org.repository.ts';

/**
 * Memberships. A specialist, teacher or student who names a certified organisation as their
 * institution claims membership; the organisation's owner confirms or rejects it (`org/userAuth`).
 * Joining by invitation makes a member at once: the owner's invitation is the consent.
 */

export const memberTarget = (id: number) => ({ type: 'member_claim', id });

/** Ends a person's earlier pending claims: a new certification states a new institution. */
export async function withdrawPendingClaims(db: Db, userId: number, now: string): Promise<void> {
  for (const claim of await pendingClaimsOf(db, userId)) {
    if (await moveMember(db, claim.id, MEMBER_STATUS.pending, { status: MEMBER_STATUS.withdrawn, reviewed_at: now })) {
      await closeTodos(db, memberTarget(claim.id), 'cancelled', userId);
    }
  }
}

/**
 * Files a membership claim for a certification (inside its transaction) and leaves the owner a
 * to-do. Nothing is filed if the person is already a member.
 */
export async function claimMembership(
  db: Db,
  claim: {
    userId: number;
    name: string;
    org: OrganisationRow;
    role: IdentityRole;
    certificationId: number;
    details: Record<string, string>;
    ip: string;
  },
  now: string,
): Promise<number | null> {
  if (await membershipOf(db, claim.org.id, claim.userId, [MEMBER_STATUS.member])) return null;
  const row = await insertMember(db, {
    org_id: claim.org.id,
    user_id: claim.userId,
    role: claim.role,
    source: 'claim',
    status: MEMBER_STATUS.pending,
    certification_id: claim.certificationId,
    invitation_id: null,
    details: JSON.stringify(claim.details),
    reason: null,
    reviewer_id: null,
    created_at: now,
    reviewed_at: null,
  });
  await openTodo(db, {
    kind: 'memberReview',
    assignee: { userId: claim.org.owner_id },
    target: memberTarget(row.id),
    params: { name: claim.name, org: claim.org.name, role: claim.role },
  });
  await writeAudit(db, {
    actorId: claim.userId,
    action: 'member.claim',
    targetType: 'member_claim',
    targetId: row.id,
    detail: { org_id: claim.org.id },
    ip: claim.ip,
  });
  return row.id;
}

/** `org/userAuth`: the owner (or an admin) approves or rejects a pending membership claim. */
export async function reviewMemberClaim(
  ctx: AppContext,
  caller: Caller,
  input: ReviewDecision,
  ip: string,
): Promise<MemberClaim> {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await findMember(trx, input.id);
    if (!claim) throw notFound('errors.memberClaimNotFound');
    const org = await findOrganisation(trx, claim.org_id);
    // A claim without its organisation has always answered 304, not 404.
    if (!org) throw forbidden();
    identityPolicy.authorize(caller, 'manageMembers', org);
    if (claim.status !== MEMBER_STATUS.pending) throw conflict('errors.memberClaimReviewed');
    const approve = input.approve === 1;
    const moved = await moveMember(trx, claim.id, MEMBER_STATUS.pending, {
      status: approve ? MEMBER_STATUS.member : MEMBER_STATUS.rejected,
      reason: input.reason ?? null,
      reviewer_id: caller.id,
      reviewed_at: now,
    });
    if (!moved) throw conflict('errors.memberClaimReviewed');
    await closeTodos(trx, memberTarget(claim.id), 'done', caller.id);
    await notify(trx, {
      userId: claim.user_id,
      actorId: caller.id,
      kind: approve ? 'memberClaimApproved' : 'memberClaimRejected',
      target: memberTarget(claim.id),
      params: { org: org.name },
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: approve ? 'member.approve' : 'member.reject',
      targetType: 'member_claim',
      targetId: claim.id,
      detail: { org_id: org.id, user_id: claim.user_id, ...(input.reason ? { reason: input.reason } : {}) },
      ip,
    });
    const row = await findMemberWithNames(trx, claim.id);
    if (!row) throw notFound('errors.memberClaimNotFound');
    return presentMemberClaim(row);
  });
}

/**
 * `org/getUserAuth`: the membership requests (and members) of the caller's organisation.
 * Admins see every organisation's, or the one they name; anyone else without an organisation, or
 * naming another's, gets 304.
 */
export async function listMemberClaims(
  ctx: AppContext,
  caller: Caller,
  query: MemberClaimQuery,
): Promise<Page<MemberClaim>> {
  let orgId: number | undefined;
  if (isAdmin(caller) && query.org_id === undefined) {
    // The scope of an admin's list, not a decision about one organisation: every organisation's.
    orgId = undefined;
  } else {
    const owned = await findOrganisationByOwner(ctx.db, caller.id);
    identityPolicy.authorize({ caller, owned }, 'nameOrganisation', query.org_id);
    orgId = query.org_id ?? owned?.id;
  }
  const filters = { orgId, status: query.status };
  const [total, rows] = await Promise.all([
    countMemberRows(ctx.db, filters),
    listMemberRows(ctx.db, filters, query.page_size, offsetOf(query)),
  ]);
  return pageOf(query, rows.map(presentMemberClaim), total);
}

/** The person's membership row in the organisation that is live, or 409 (had one once) / 404 (never). */
async function liveMembership(db: Db, orgId: number, userId: number) {
  const live = await membershipOf(db, orgId, userId, [MEMBER_STATUS.member]);
  if (live) return live;
  const any = await membershipOf(db, orgId, userId, [
    MEMBER_STATUS.pending,
    MEMBER_STATUS.rejected,
    MEMBER_STATUS.withdrawn,
    MEMBERSHIP_ENDED.left,
    MEMBERSHIP_ENDED.removed,
  ]);
  throw any ? conflict('errors.notAMember') : notFound('errors.memberClaimNotFound');
}

/**
 * `org/leave`: a member leaves an organisation (member → left). The guarded UPDATE makes repeated
 * or racing leaves (and a removal at the same moment) end the membership once: the others get 409.
 */
export async function leaveOrganisation(ctx: AppContext, caller: Caller, orgId: number, ip: string): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const org = await findOrganisation(trx, orgId);
    if (!org) throw notFound('errors.orgNotFound');
    const membership = await liveMembership(trx, org.id, caller.id);
    const now = nowIso();
    if (
      !(await moveMember(trx, membership.id, MEMBER_STATUS.member, { status: MEMBERSHIP_ENDED.left, reviewed_at: now }))
    )
      throw conflict('errors.notAMember');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'member.leave',
      targetType: 'member_claim',
      targetId: membership.id,
      detail: { org_id: org.id, user_id: caller.id },
      ip,
    });
    return null;
  });
}

/**
 * `org/removeMember`: the organisation's owner (or an admin) removes a member (member → removed).
 * Anyone else 304; a row that is no live membership 409.
 */
export async function removeMember(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<MemberClaim> {
  return ctx.db.transaction().execute(async (trx) => {
    const membership = await findMember(trx, id);
    if (!membership) throw notFound('errors.memberClaimNotFound');
    const org = await findOrganisation(trx, membership.org_id);
    // A membership without its organisation has always answered 304, not 404.
    if (!org) throw forbidden();
    identityPolicy.authorize(caller, 'manageMembers', org);
    const moved = await moveMember(trx, membership.id, MEMBER_STATUS.member, {
      status: MEMBERSHIP_ENDED.removed,
      reviewer_id: caller.id,
      reviewed_at: nowIso(),
    });
    if (!moved) throw conflict('errors.notAMember');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'member.remove',
      targetType: 'member_claim',
      targetId: membership.id,
      detail: { org_id: org.id, user_id: membership.user_id },
      ip,
    });
    const row = await findMemberWithNames(trx, membership.id);
    if (!row) throw notFound('errors.memberClaimNotFound');
    return presentMemberClaim(row);
  });
}
