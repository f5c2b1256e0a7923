import type { CertStatus, CertificateFile, IdentityRole } from '@mathbridge/contracts/identity';
import type {
  Invitation,
  InvitationState,
  MemberClaim,
  MemberStatusName,
  Organisation,
  OrganisationCard,
  OrganisationProfile,
  OrganisationType,
} from '@mathbridge/contracts/org';
import { MEMBERSHIP_ENDED, invitationPath } from '@mathbridge/contracts/org';
import type { InvitationRow, OrganisationRow } from '../../db/types.ts';
import { statusName } from './certification.presenter.ts';
import { INVITATION_STATUS } from './invitation.repository.ts';
import type { MemberWithNames } from './member.repository.ts';

export function logoUrl(org: Pick<OrganisationRow, 'id' | 'logo_key'>): string | null {
  // The key's tail changes with every upload, so it doubles as a cache buster.
  return org.logo_key ? `/api/org/logo/${org.id}?v=${org.logo_key.slice(-8)}` : null;
}

export const fieldsOf = (stored: string): string[] => (stored ? stored.split(',') : []);

export function presentOrganisation(row: OrganisationRow, licenceFile: CertificateFile | null): Organisation {
  return {
    id: row.id,
    type: row.type as OrganisationType,
    name: row.name,
    credit_code: row.credit_code,
    status: row.status as CertStatus,
    status_name: statusName(row.status),
    logo: logoUrl(row),
    licence_file: licenceFile,
    address: row.address,
    province_code: row.province_code,
    city_code: row.city_code,
    website: row.website,
    business_scope: row.business_scope,
    industry: row.industry,
    research_fields: fieldsOf(row.research_fields),
    application_description: row.application_description,
    introduction: row.introduction,
    contact: row.contact,
    contact_phone: row.contact_phone,
    created_at: row.created_at,
    updated_at: row.updated_at,
    verified_at: row.verified_at,
  };
}

const SUMMARY_CHARS = 120;

export function presentOrganisationCard(row: OrganisationRow): OrganisationCard {
  const intro = row.introduction ?? null;
  return {
    id: row.id,
    type: row.type as OrganisationType,
    name: row.name,
    logo: logoUrl(row),
    province_code: row.province_code,
    city_code: row.city_code,
    industry: row.industry,
    research_fields: fieldsOf(row.research_fields),
    summary: intro && intro.length > SUMMARY_CHARS ? `${intro.slice(0, SUMMARY_CHARS)}…` : intro,
    verified_at: row.verified_at,
  };
}

export function presentOrganisationProfile(
  row: OrganisationRow,
  memberCount: number,
  showContact: boolean,
): OrganisationProfile {
  return {
    ...presentOrganisationCard(row),
    credit_code: row.credit_code,
    status: row.status as CertStatus,
    status_name: statusName(row.status),
    address: row.address,
    website: row.website,
    business_scope: row.business_scope,
    application_description: row.application_description,
    introduction: row.introduction,
    member_count: memberCount,
    contact: showContact ? row.contact : null,
    contact_phone: showContact ? row.contact_phone : null,
  };
}

/** A membership row's status name: the claim's (0–3), then how it ended (left 4, removed 5). */
const memberStatusName = (status: number): MemberStatusName =>
  (Object.entries(MEMBERSHIP_ENDED).find(([, value]) => value === status)?.[0] as MemberStatusName | undefined) ??
  statusName(status);

export function presentMemberClaim(row: MemberWithNames): MemberClaim {
  return {
    id: row.id,
    org_id: row.org_id,
    org_name: row.org_name,
    user: { id: row.user_id, account: row.user_account, truename: row.user_truename },
    role: (row.role as IdentityRole | null) ?? null,
    source: row.source === 'invitation' ? 'invitation' : 'claim',
    status: row.status as MemberClaim['status'],
    status_name: memberStatusName(row.status),
    details: JSON.parse(row.details) as Record<string, string>,
    reason: row.reason,
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
  };
}

export function invitationState(row: Pick<InvitationRow, 'status' | 'expires_at'>, now: string): InvitationState {
  if (row.status === INVITATION_STATUS.accepted) return 'accepted';
  if (row.status === INVITATION_STATUS.revoked) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'valid';
}

export function presentInvitation(
  row: InvitationRow & { accepted_account?: string | null; accepted_truename?: string | null },
  org: { id: number; name: string },
  now: string,
): Invitation {
  return {
    id: row.id,
    url: invitationPath(row.id),
    org,
    state: invitationState(row, now),
    expires_at: row.expires_at,
    created_at: row.created_at,
    accepted_by:
      row.accepted_by !== null
        ? { id: row.accepted_by, account: row.accepted_account ?? '', truename: row.accepted_truename ?? null }
        : null,
    accepted_at: row.accepted_at,
  };
}
