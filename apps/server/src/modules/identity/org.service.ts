import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { EnterpriseAuth, ResearchInstituteAuth } from '@mathbridge/contracts/identity';
import type {
  AuthOrgEditInfo,
  OrgInfoCompleted,
  Organisation,
  OrganisationListQuery,
  OrganisationCard,
  OrganisationProfile,
  OrganisationUpdate,
} from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Updateable } from 'kysely';
import type { OrganisationRow, OrganisationsTable } from '../../db/types.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  replaceAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { presentCertificateFile, presentCertification } from './certification.presenter.ts';
import { findCertificationWithUser, latestCertificationOfOrg } from './certification.repository.ts';
import { countMembers } from './member.repository.ts';
import { identityPolicy } from './identity.policy.ts';
import { presentOrganisation, presentOrganisationCard, presentOrganisationProfile } from './org.presenter.ts';
import {
  ORG_STATUS,
  countCertified,
  findOrganisation,
  findOrganisationByOwner,
  insertOrganisation,
  listCertified,
  liveOrganisationWithCode,
  swapLogoKey,
  updateOrganisation,
} from './org.repository.ts';

/**
 * Organisations. One per owner: the user who certified it as an enterprise or research institute.
 * Its certification is the owner's (`org/register` = `user/enterpriseAuth` / `researchInstituteAuth`);
 * an admin's approval certifies both. Afterwards the owner edits the profile but not the reviewed
 * name, credit code and licence.
 */

/**
 * Writes the organisation a certification describes (inside the certification's transaction):
 * the owner's existing row is reused after a rejection or withdrawal, otherwise a new one is made.
 * A credit code another live organisation holds answers 409.
 */
export async function prepareOrganisation(
  db: Db,
  ownerId: number,
  type: 'Enterprise' | 'ResearchInstitute',
  data: EnterpriseAuth | ResearchInstituteAuth,
  now: string,
): Promise<OrganisationRow> {
  const existing = await findOrganisationByOwner(db, ownerId);
  if (existing?.status === ORG_STATUS.certified) throw conflict('errors.alreadyVerified');
  if (await liveOrganisationWithCode(db, data.credit_code, existing?.id ?? null)) throw conflict('errors.orgCodeTaken');
  const fields = {
    type,
    name: data.name,
    credit_code: data.credit_code,
    licence_file_id: data.licence_file_id,
    address: data.address,
    province_code: data.province_code,
    city_code: data.city_code ?? null,
    website: data.website ?? null,
    business_scope: data.business_scope,
    industry: 'industry' in data ? data.industry : null,
    research_fields: 'research_fields' in data ? data.research_fields.join(',') : '',
    application_description: data.application_description,
    contact: data.contact,
    contact_phone: data.contact_phone,
    status: ORG_STATUS.pending,
    updated_at: now,
  };
  if (existing) {
    await updateOrganisation(db, existing.id, fields);
    return { ...existing, ...fields };
  }
  return insertOrganisation(db, {
    ...fields,
    owner_id: ownerId,
    logo_key: null,
    introduction: null,
    created_at: now,
    verified_at: null,
  });
}

async function licenceOf(db: Db, org: OrganisationRow) {
  if (org.licence_file_id === null) return null;
  const [file] = await findAttachedFiles(db, [org.licence_file_id]);
  return file ? presentCertificateFile(file) : null;
}

async function ownedOrganisation(db: Db, caller: Caller): Promise<OrganisationRow> {
  const org = await findOrganisationByOwner(db, caller.id);
  if (!org) throw notFound('errors.noOrganisation');
  return org;
}

/** `org/getAuthOrgEditInfo`: the caller's organisation and its newest certification request. */
export async function getAuthOrgEditInfo(ctx: AppContext, caller: Caller): Promise<AuthOrgEditInfo> {
  const org = await findOrganisationByOwner(ctx.db, caller.id);
  if (!org) return { organisation: null, certification: null };
  const latest = await latestCertificationOfOrg(ctx.db, org.id);
  const certification = latest ? await findCertificationWithUser(ctx.db, latest.id) : undefined;
  return {
    organisation: presentOrganisation(org, await licenceOf(ctx.db, org)),
    certification: certification ? presentCertification(certification) : null,
  };
}

/** Profile fields a public organisation page needs beyond the certification. */
const PROFILE_FIELDS = ['logo', 'introduction', 'website', 'address', 'contact', 'contact_phone'] as const;

/** `org/orgInfoIsCompleted`: whether the caller's organisation profile is complete, and what is missing. */
export async function orgInfoIsCompleted(ctx: AppContext, caller: Caller): Promise<OrgInfoCompleted> {
  const org = await findOrganisationByOwner(ctx.db, caller.id);
  if (!org) return { has_org: false, completed: false, missing: [...PROFILE_FIELDS] };
  const present: Record<(typeof PROFILE_FIELDS)[number], unknown> = {
    logo: org.logo_key,
    introduction: org.introduction,
    website: org.website,
    address: org.address,
    contact: org.contact,
    contact_phone: org.contact_phone,
  };
  const missing = PROFILE_FIELDS.filter((field) => !present[field]);
  return { has_org: true, completed: missing.length === 0, missing };
}

/** `org/update`: the owner edits a certified organisation's profile. */
export async function updateOrganisationProfile(
  ctx: AppContext,
  caller: Caller,
  input: OrganisationUpdate,
  ip: string,
): Promise<Organisation> {
  const now = nowIso();
  const org = await ctx.db.transaction().execute(async (trx) => {
    const owned = await ownedOrganisation(trx, caller);
    if (owned.status === ORG_STATUS.pending) throw conflict('errors.certPending');
    if (owned.status !== ORG_STATUS.certified) throw conflict('errors.orgNotVerified');
    const { research_fields: fields, industry, ...rest } = input;
    const changes: Record<string, unknown> = Object.fromEntries(
      Object.entries(rest).filter(([, v]) => v !== undefined),
    );
    // Each type keeps its own classification: industry for enterprises, fields for institutes.
    if (industry !== undefined && owned.type === 'Enterprise') changes.industry = industry;
    if (fields !== undefined && owned.type === 'ResearchInstitute') changes.research_fields = fields.join(',');
    // A municipality sent without a city clears the old one.
    if (input.province_code !== undefined && input.city_code === undefined) changes.city_code = null;
    await updateOrganisation(trx, owned.id, { ...(changes as Updateable<OrganisationsTable>), updated_at: now });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'org.update',
      targetType: 'organisation',
      targetId: owned.id,
      detail: { fields: Object.keys(changes) },
      ip,
    });
    return { ...owned, ...changes, updated_at: now } as OrganisationRow;
  });
  return presentOrganisation(org, await licenceOf(ctx.db, org));
}

/** `org/upload_logo`: jpg/png up to 2 MB, content sniffed; the old logo is removed. */
export async function uploadLogo(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
) {
  const org = await findOrganisationByOwner(ctx.db, caller.id);
  if (!org) {
    file.stream.resume();
    throw notFound('errors.noOrganisation');
  }
  const stored = await storeAttachedBytes(ctx, 'org-logos', UPLOAD_PROFILES.image, file);
  const now = nowIso();
  await replaceAttachedFile(ctx, stored, { ownerId: caller.id, purpose: 'org_logo' }, async (trx) => {
    const replaced = await swapLogoKey(trx, org.id, stored.key, now);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'org.logo_upload',
      targetType: 'organisation',
      targetId: org.id,
      ip,
    });
    return replaced;
  });
  return { logo: `/api/org/logo/${org.id}?v=${stored.key.slice(-8)}` };
}

/** The bytes of an organisation's logo, for <img src>; logos are public. */
export async function readLogo(ctx: AppContext, orgId: number) {
  const org = await findOrganisation(ctx.db, orgId);
  if (!org?.logo_key) return null;
  return openAttachedFile(ctx, org.logo_key);
}

/** `org/listAllV2` (public, feeds /members): certified organisations only. */
export async function listOrganisations(
  ctx: AppContext,
  query: OrganisationListQuery,
): Promise<Page<OrganisationCard>> {
  const [total, rows] = await Promise.all([
    countCertified(ctx.db, query),
    listCertified(ctx.db, query, query.page_size, offsetOf(query)),
  ]);
  return pageOf(query, rows.map(presentOrganisationCard), total);
}

/**
 * `org/detail/{id}` (public): a certified organisation to anyone, an uncertified one only to its
 * owner and admins (304 for others). Contact details only for signed-in certified users.
 */
export async function organisationDetail(
  ctx: AppContext,
  caller: Caller | null,
  id: number,
): Promise<OrganisationProfile> {
  const org = await findOrganisation(ctx.db, id);
  if (!org) throw notFound('errors.orgNotFound');
  identityPolicy.authorize(caller, 'read', org);
  const showContact = identityPolicy.can(caller, 'seeContact', org);
  return presentOrganisationProfile(org, await countMembers(ctx.db, org.id), showContact);
}

/** A user's certified organisation, for other modules (cooperation): null when none is certified. */
export async function certifiedOrganisationOf(
  db: Db,
  userId: number,
): Promise<{ id: number; type: string; name: string; research_fields: string[] } | null> {
  const org = await findOrganisationByOwner(db, userId);
  if (!org || org.status !== ORG_STATUS.certified) return null;
  return {
    id: org.id,
    type: org.type,
    name: org.name,
    research_fields: org.research_fields ? org.research_fields.split(',').filter(Boolean) : [],
  };
}
