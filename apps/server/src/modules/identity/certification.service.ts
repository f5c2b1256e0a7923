import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import {
  AUTH_PATHS,
  CERT_STATUS,
  HIDDEN_ROLES,
  IDENTITY_ROLES,
  isOrganisationRole,
  type AuthInfo,
  type CertStatus,
  type CertificateFile,
  type CertificationData,
  type CertificationDetail,
  type IdentityRole,
  type RoleList,
  type RoleSelectResult,
  type SubmitCertificationResult,
  type Survey,
} from '@mathbridge/contracts/identity';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { OrganisationRow } from '../../db/types.ts';
import { conflict, forbidden, invalidField, notFound, notLoggedIn, rateLimited } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { findUserById, moveVerifyState, replaceIdentityRole, rolesOf, setVerifyState } from '../user/user.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import { identityRoleOf } from './access.ts';
import { identityPolicy } from './identity.policy.ts';
import { sealForm, shownIdNumber } from './id-numbers.service.ts';
import {
  presentCertificateFile,
  presentCertification,
  presentCertificationDetail,
  statusName,
} from './certification.presenter.ts';
import {
  CERTIFICATE_PURPOSE,
  findCertificationWithUser,
  findSurvey,
  insertCertification,
  latestCertificationOf,
  moveCertification,
  pendingCertificationOf,
  saveSurvey,
  type CertificationWithUser,
} from './certification.repository.ts';
import { claimOfCertification, MEMBER_STATUS, moveMember } from './member.repository.ts';
import { claimMembership, memberTarget, withdrawPendingClaims } from './member.service.ts';
import { ORG_STATUS, findOrganisation, moveOrganisation } from './org.repository.ts';
import { prepareOrganisation } from './org.service.ts';

/**
 * Choosing and certifying an identity (spec §1, §4). verify_state lives on the user and follows
 * their newest certification request: null/negative unverified → 0 pending → 1 verified |
 * 2 rejected → resubmit → 0. A pending request may be withdrawn (→ -1, unverified).
 */

export interface RequestMeta {
  ip: string;
  locale: Locale;
}

export const certificationTarget = (id: number) => ({ type: 'certification', id });

/** Certificate uploads per user per hour. */
const CERTIFICATE_UPLOADS_PER_HOUR = 60;

/* ---- identities ---- */

/** `user/listRoles`: the identities, which are offered, and what the caller may do now. */
export async function listRoles(ctx: AppContext, caller: Caller | null): Promise<RoleList> {
  const items = IDENTITY_ROLES.map((role) => ({
    roleName: role,
    hidden: HIDDEN_ROLES.includes(role),
    organisation: isOrganisationRole(role),
    auth_path: AUTH_PATHS[role],
  }));
  if (!caller) return { items, current_role: null, verify_state: null, can_change: false };
  const user = await findUserById(ctx.db, caller.id);
  const verifyState = user?.verify_state ?? null;
  return {
    items,
    current_role: identityRoleOf(caller.roles),
    verify_state: verifyState,
    can_change: verifyState !== 0 && verifyState !== 1,
  };
}

/**
 * `user/roleSelect`: chooses an identity. Allowed while unverified or rejected; a pending or
 * approved certification fixes the identity (409). A rejection belonged to the old identity, so a
 * new identity starts unverified. Choosing the identity one holds changes nothing.
 */
export async function selectRole(
  ctx: AppContext,
  caller: Caller,
  role: IdentityRole,
  ip: string,
): Promise<RoleSelectResult> {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, caller.id);
    if (!user) throw notLoggedIn();
    const current = identityRoleOf((await rolesOf(trx, caller.id)).map((r) => r.role));
    if (current === role) return { role, verify_state: user.verify_state, incomplete: false };
    if (user.verify_state === VERIFY_STATE.pending || user.verify_state === VERIFY_STATE.verified)
      throw conflict('errors.identityLocked');
    await replaceIdentityRole(trx, caller.id, role, now);
    // Claims stated for the old identity end with it.
    await withdrawPendingClaims(trx, caller.id, now);
    const verifyState = user.verify_state === VERIFY_STATE.rejected ? null : user.verify_state;
    if (verifyState !== user.verify_state) await setVerifyState(trx, caller.id, verifyState, now);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'role.select',
      targetType: 'user',
      targetId: caller.id,
      detail: { from: current, to: role },
      ip,
    });
    return { role, verify_state: verifyState, incomplete: false };
  });
}

/* ---- certificate images ---- */

/** `user/uploadCertificate` (also `org/upload`): jpg/jpeg/png/bmp up to 5 MB, content sniffed. */
export async function uploadCertificate(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<CertificateFile> {
  const upload = await ctx.limiter.consume(`certificate-upload:${caller.id}`, CERTIFICATE_UPLOADS_PER_HOUR, 3600);
  if (!upload.allowed) {
    file.stream.resume();
    throw rateLimited(upload.retryAfterS);
  }
  const stored = await storeAttachedBytes(ctx, 'certificates', UPLOAD_PROFILES.certificate, file);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await recordAttachedFile(trx, stored, { ownerId: caller.id, purpose: CERTIFICATE_PURPOSE });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'certificate.upload',
      targetType: 'file',
      targetId: inserted.id,
      ip,
    });
    return inserted;
  });
  return presentCertificateFile(row);
}

/** The bytes of a certificate image: its uploader and admins only (304 for anyone else). */
export async function readCertificateFile(ctx: AppContext, caller: Caller, id: number) {
  const [file] = await findAttachedFiles(ctx.db, [id]);
  if (!file || file.purpose !== CERTIFICATE_PURPOSE) throw notFound();
  identityPolicy.authorize(caller, 'readCertificate', file);
  const bytes = await openAttachedFile(ctx, file.storage_key);
  if (!bytes) throw notFound();
  return bytes;
}

/** The images a form names, and the field that names them. */
function fileIdsOf(data: CertificationData | Record<string, never>): { field: string; ids: number[] } {
  if ('licence_file_id' in data) return { field: 'licence_file_id', ids: [data.licence_file_id] };
  return { field: 'certificate_ids', ids: 'certificate_ids' in data ? (data.certificate_ids ?? []) : [] };
}

/** Every image a form names must be a certificate the caller uploaded. */
async function checkCertificateFiles(db: Db, userId: number, data: CertificationData, locale: Locale): Promise<void> {
  const { field, ids } = fileIdsOf(data);
  const found = await findAttachedFiles(db, ids);
  const ok = ids.every((id) =>
    found.some(
      (file) =>
        file.id === id &&
        file.purpose === CERTIFICATE_PURPOSE &&
        identityPolicy.can({ id: userId }, 'attachCertificate', file),
    ),
  );
  if (!ok) throw invalidField(field, 'fileInvalid', translate(locale, 'validation.fileInvalid'));
}

/* ---- certification ---- */

function titleOf(data: CertificationData): string {
  return 'name' in data ? data.name : data.truename;
}

/** What a member claim tells the organisation's owner about the person. */
function claimDetails(data: CertificationData): Record<string, string> {
  const details: Record<string, string> = {};
  for (const field of ['truename', 'degree', 'position', 'employeeNumber', 'studentNumber', 'supervisor'] as const) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value === 'string') details[field] = value;
  }
  return details;
}

/**
 * `user/{role}Auth`, `org/register`: submits a certification. The caller must be unverified or
 * rejected (pending → 409 certPending, verified → 409 alreadyVerified); submitting also chooses
 * the identity. Organisations are written with the request; a named platform institution gets a
 * membership claim its owner reviews; admins get a to-do.
 */
export async function submitCertification(
  ctx: AppContext,
  caller: Caller,
  role: IdentityRole,
  data: CertificationData,
  meta: RequestMeta,
): Promise<SubmitCertificationResult> {
  const now = nowIso();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // The guarded write comes first: of two submissions racing for one user, one waits and then fails.
      if (!(await moveVerifyState(trx, caller.id, ['unverified', VERIFY_STATE.rejected], VERIFY_STATE.pending, now))) {
        const user = await findUserById(trx, caller.id);
        throw conflict(user?.verify_state === VERIFY_STATE.pending ? 'errors.certPending' : 'errors.alreadyVerified');
      }
      await checkCertificateFiles(trx, caller.id, data, meta.locale);

      let org: OrganisationRow | undefined;
      let claimOrg: OrganisationRow | undefined;
      if (isOrganisationRole(role)) {
        org = await prepareOrganisation(trx, caller.id, role, data as Parameters<typeof prepareOrganisation>[3], now);
      } else if ('institution_org_id' in data && data.institution_org_id !== undefined) {
        claimOrg = await findOrganisation(trx, data.institution_org_id);
        if (!claimOrg || claimOrg.status !== ORG_STATUS.certified) {
          throw invalidField(
            'institution_org_id',
            'institutionInvalid',
            translate(meta.locale, 'validation.institutionInvalid'),
          );
        }
      }

      const title = titleOf(data);
      const certification = await insertCertification(trx, {
        user_id: caller.id,
        role,
        source: 'form',
        status: CERT_STATUS.pending,
        title,
        org_id: org?.id ?? null,
        // The ID number is sealed apart from the rest of the form (id-numbers.service.ts).
        ...sealForm(ctx, caller.id, data),
        reason: null,
        reviewer_id: null,
        submitted_at: now,
        reviewed_at: null,
      });
      await replaceIdentityRole(trx, caller.id, role, now);
      // A new request states the institution anew: earlier open claims end.
      await withdrawPendingClaims(trx, caller.id, now);
      if (claimOrg) {
        await claimMembership(
          trx,
          {
            userId: caller.id,
            name: title,
            org: claimOrg,
            role,
            certificationId: certification.id,
            details: claimDetails(data),
            ip: meta.ip,
          },
          now,
        );
      }
      if ('survey' in data) await saveSurvey(trx, caller.id, data.survey, now);

      await openTodo(trx, {
        kind: 'certificationReview',
        assignee: { role: 'Admin' },
        target: certificationTarget(certification.id),
        params: { name: title, role },
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'certification.submit',
        targetType: 'certification',
        targetId: certification.id,
        detail: { role, ...(org ? { org_id: org.id } : {}), ...(claimOrg ? { institution_org_id: claimOrg.id } : {}) },
        ip: meta.ip,
      });
      const row = await findCertificationWithUser(trx, certification.id);
      if (!row) throw notFound('errors.certNotFound');
      return { certification: presentCertification(row), verify_state: VERIFY_STATE.pending };
    });
  } catch (error) {
    // Two organisations racing for one credit code: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict('errors.orgCodeTaken');
    throw error;
  }
}

/** `user/withdrawAuth`: the applicant takes back a pending request; verify_state → -1 (unverified). */
export async function withdrawCertification(ctx: AppContext, caller: Caller, ip: string) {
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const pending = await pendingCertificationOf(trx, caller.id);
    if (
      !pending ||
      !(await moveCertification(trx, pending.id, CERT_STATUS.pending, { status: CERT_STATUS.withdrawn }))
    ) {
      throw conflict('errors.noPendingCert');
    }
    await setVerifyState(trx, caller.id, -1, now);
    if (pending.org_id !== null)
      await moveOrganisation(trx, pending.org_id, ORG_STATUS.pending, {
        status: ORG_STATUS.withdrawn,
        updated_at: now,
      });
    const claim = await claimOfCertification(trx, pending.id);
    if (
      claim &&
      (await moveMember(trx, claim.id, MEMBER_STATUS.pending, { status: MEMBER_STATUS.withdrawn, reviewed_at: now }))
    ) {
      await closeTodos(trx, memberTarget(claim.id), 'cancelled', caller.id);
    }
    await closeTodos(trx, certificationTarget(pending.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'certification.withdraw',
      targetType: 'certification',
      targetId: pending.id,
      ip,
    });
    const row = await findCertificationWithUser(trx, pending.id);
    if (!row) throw notFound('errors.certNotFound');
    return { certification: presentCertification(row), verify_state: -1 };
  });
}

/**
 * A request with its images, reviewer and membership claim resolved, and its ID number as the
 * viewer may see it (in full for the applicant and admins, masked for anyone else).
 */
export async function certificationDetailOf(
  ctx: AppContext,
  row: CertificationWithUser,
  viewer: Pick<Caller, 'id' | 'roles'>,
): Promise<CertificationDetail> {
  const db = ctx.db;
  const { ids } = fileIdsOf(JSON.parse(row.data) as CertificationData | Record<string, never>);
  const files = (await findAttachedFiles(db, ids))
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .map(presentCertificateFile);
  const reviewer = row.reviewer_id !== null ? await findUserById(db, row.reviewer_id) : undefined;
  const claim = await claimOfCertification(db, row.id);
  const claimOrg = claim ? await findOrganisation(db, claim.org_id) : undefined;
  return presentCertificationDetail(row, {
    idNumber: shownIdNumber(ctx, row, viewer),
    files,
    reviewer: reviewer ? { id: reviewer.id, account: reviewer.account } : null,
    memberClaim:
      claim && claimOrg
        ? {
            id: claim.id,
            org_id: claim.org_id,
            org_name: claimOrg.name,
            status: claim.status as CertStatus,
            status_name: statusName(claim.status),
          }
        : null,
  });
}

/** `user/authInfo`: the caller's identity, state, newest request and survey (certification pages). */
export async function getAuthInfo(ctx: AppContext, caller: Caller): Promise<AuthInfo> {
  const user = await findUserById(ctx.db, caller.id);
  if (!user) throw notLoggedIn();
  const latest = await latestCertificationOf(ctx.db, caller.id);
  const row = latest ? await findCertificationWithUser(ctx.db, latest.id) : undefined;
  const survey = await findSurvey(ctx.db, caller.id);
  return {
    role: identityRoleOf(caller.roles),
    roles: caller.roles,
    verify_state: user.verify_state,
    certification: row ? await certificationDetailOf(ctx, row, caller) : null,
    survey: (survey as Survey | undefined) ?? null,
  };
}

/* ---- survey ---- */

export async function getSurvey(ctx: AppContext, caller: Caller): Promise<Survey | null> {
  return ((await findSurvey(ctx.db, caller.id)) as Survey | undefined) ?? null;
}

/** `POST user/survey`: students keep their survey current without a new certification. */
export async function updateSurvey(ctx: AppContext, caller: Caller, survey: Survey, ip: string): Promise<Survey> {
  if (!caller.roles.includes('Student')) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    await saveSurvey(trx, caller.id, survey, nowIso());
    await writeAudit(trx, { actorId: caller.id, action: 'survey.save', targetType: 'user', targetId: caller.id, ip });
  });
  return survey;
}
