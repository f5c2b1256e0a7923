import {
  CERT_STATUS,
  isOrganisationRole,
  type CertificationDetail,
  type CertificationSummary,
} from '@mathbridge/contracts/identity';
import type { ReviewDecision } from '@mathbridge/contracts/org';
import { dayRange, type Page } from '@mathbridge/contracts/pagination';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import type { ApproveListQuery } from '@mathbridge/contracts/workflow';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { requireAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos } from '../workflow/todo.service.ts';
import { presentCertification } from './certification.presenter.ts';
import {
  countForReview,
  findCertification,
  findCertificationWithUser,
  listForReview,
  moveCertification,
} from './certification.repository.ts';
import { setTruename, setVerifyState } from '../user/user.service.ts';
import { certificationDetailOf, certificationTarget } from './certification.service.ts';
import { identityPolicy } from './identity.policy.ts';
import { ORG_STATUS, moveOrganisation } from './org.repository.ts';

/** Admin review of certification requests (`workflow/auth2ApproveList`, `authDetail`, `approveAuth`). */

/** `auth2ApproveList` / `V2`: requests filtered by status, identity, keyword and submission days. */
export async function listCertificationsForReview(
  ctx: AppContext,
  caller: Caller,
  query: ApproveListQuery,
): Promise<Page<CertificationSummary>> {
  requireAdmin(caller);
  const range = dayRange(query.date_from, query.date_to);
  const filters = {
    status: query.status,
    role: query.role,
    keyword: query.keyword,
    from: range.from,
    before: range.before,
  };
  const [total, rows] = await Promise.all([
    countForReview(ctx.db, filters),
    listForReview(ctx.db, filters, query.page_size, offsetOf(query)),
  ]);
  return pageOf(query, rows.map(presentCertification), total);
}

/**
 * `authDetail` / `V2`: one request with its images. The applicant reads their own; admins read any
 * (and the read is logged: the form holds an ID number); anyone else gets 304.
 */
export async function certificationDetail(
  ctx: AppContext,
  caller: Caller,
  id: number,
  ip: string,
): Promise<CertificationDetail> {
  const row = await findCertificationWithUser(ctx.db, id);
  if (!row) throw notFound('errors.certNotFound');
  identityPolicy.authorize(caller, 'readCertification', row);
  // An admin's read of someone else's request is logged: the form holds an ID number.
  if (row.user_id !== caller.id) {
    await writeAudit(ctx.db, {
      actorId: caller.id,
      action: 'certification.view',
      targetType: 'certification',
      targetId: id,
      ip,
    });
  }
  return certificationDetailOf(ctx, row, caller);
}

async function refuseReviewed(db: Db, id: number): Promise<never> {
  const current = await findCertification(db, id);
  if (!current) throw notFound('errors.certNotFound');
  throw conflict(current.status === CERT_STATUS.withdrawn ? 'errors.certWithdrawn' : 'errors.certReviewed');
}

/**
 * `approveAuth` / `V2`: an admin approves (verify_state → 1; an organisation becomes certified)
 * or rejects with a reason (→ 2). Only a pending request can be decided: a decided or withdrawn one
 * answers 409 and nothing changes.
 */
export async function reviewCertification(
  ctx: AppContext,
  caller: Caller,
  input: ReviewDecision,
  ip: string,
): Promise<CertificationSummary> {
  requireAdmin(caller);
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const certification = await findCertification(trx, input.id);
    if (!certification) throw notFound('errors.certNotFound');
    if (certification.status !== CERT_STATUS.pending) await refuseReviewed(trx, certification.id);
    const approve = input.approve === 1;
    const moved = await moveCertification(trx, certification.id, CERT_STATUS.pending, {
      status: approve ? CERT_STATUS.approved : CERT_STATUS.rejected,
      reason: input.reason ?? null,
      reviewer_id: caller.id,
      reviewed_at: now,
    });
    if (!moved) await refuseReviewed(trx, certification.id);

    await setVerifyState(trx, certification.user_id, approve ? VERIFY_STATE.verified : VERIFY_STATE.rejected, now);
    if (certification.org_id !== null) {
      await moveOrganisation(
        trx,
        certification.org_id,
        ORG_STATUS.pending,
        approve
          ? { status: ORG_STATUS.certified, verified_at: now, updated_at: now }
          : { status: ORG_STATUS.rejected, updated_at: now },
      );
    }
    // A person's approved real name replaces whatever the account showed.
    if (approve && !isOrganisationRole(certification.role)) {
      const data = JSON.parse(certification.data) as { truename?: string };
      if (data.truename) await setTruename(trx, certification.user_id, data.truename, now);
    }
    await closeTodos(trx, certificationTarget(certification.id), 'done', caller.id);
    await notify(trx, {
      userId: certification.user_id,
      actorId: caller.id,
      kind: approve ? 'certificationApproved' : 'certificationRejected',
      target: certificationTarget(certification.id),
      params: { role: certification.role },
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: approve ? 'certification.approve' : 'certification.reject',
      targetType: 'certification',
      targetId: certification.id,
      detail: {
        user_id: certification.user_id,
        role: certification.role,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      ip,
    });
    const row = await findCertificationWithUser(trx, certification.id);
    if (!row) throw notFound('errors.certNotFound');
    return presentCertification(row);
  });
}
