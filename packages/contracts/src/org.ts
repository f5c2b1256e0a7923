import { z } from 'zod';
import type { CertStatus, CertStatusName, CertificateFile, CertificationSummary, IdentityRole } from './identity.ts';
import { INDUSTRY_CODES } from './industries.ts';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema, isMscCode } from './msc.ts';
import { PageQuerySchema } from './pagination.ts';
import { findProvince, isValidArea } from './regions.ts';
import { IdSchema, PhoneSchema, WebsiteSchema, optionalString } from './validation.ts';

/** Organisations, their members and invitations (issue 3 point 5). */

const key = (k: ValidationKey) => k;

export const ORGANISATION_TYPES = ['Enterprise', 'ResearchInstitute'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/** Invitation links live this long (issue 3). */
export const INVITATION_TTL_DAYS = 7;
/** The web route an invitation link opens (spec §2). */
export const invitationPath = (id: string) => `/invitation/${id}`;
export const InvitationIdSchema = z
  .string({ error: key('validation.required') })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, key('validation.invalid'));

/**
 * `org/update`: the fields an owner may change after certification. The name, credit code and
 * licence were reviewed and stay as approved. Province and city go together.
 */
export const OrganisationUpdateSchema = z
  .object({
    address: optionalString(200),
    province_code: optionalString(4),
    city_code: optionalString(4),
    website: WebsiteSchema.optional(),
    business_scope: optionalString(500),
    application_description: optionalString(1000),
    introduction: optionalString(2000),
    industry: z
      .enum(INDUSTRY_CODES as unknown as readonly [string, ...string[]], { error: key('validation.choose') })
      .optional(),
    research_fields: ResearchFieldsSchema.optional(),
    contact: optionalString(30),
    contact_phone: PhoneSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.province_code === undefined && value.city_code === undefined) return;
    if (!value.province_code || !findProvince(value.province_code)) {
      ctx.addIssue({ code: 'custom', path: ['province_code'], message: key('validation.area') });
    } else if (!isValidArea(value.province_code, value.city_code)) {
      ctx.addIssue({ code: 'custom', path: ['city_code'], message: key('validation.area') });
    }
  });
export type OrganisationUpdate = z.infer<typeof OrganisationUpdateSchema>;

/** `GET org/listAllV2`: public search over certified organisations. */
export const OrganisationListQuerySchema = PageQuerySchema.extend({
  keyword: optionalString(50),
  type: z.enum(ORGANISATION_TYPES, { error: key('validation.choose') }).optional(),
  province_code: optionalString(4),
  industry: optionalString(2),
  research_field: optionalString(2).refine((code) => code === undefined || isMscCode(code), {
    error: key('validation.researchField'),
  }),
});
export type OrganisationListQuery = z.infer<typeof OrganisationListQuerySchema>;

export const OrganisationIdSchema = z.object({ id: IdSchema });

/** An approve / reject decision; a rejection needs a reason the applicant will read. */
export const ReviewDecisionSchema = z
  .object({
    id: IdSchema,
    approve: z.coerce
      .number({ error: key('validation.choose') })
      .int(key('validation.choose'))
      .min(0, key('validation.choose'))
      .max(1, key('validation.choose')),
    reason: optionalString(200),
  })
  .superRefine((value, ctx) => {
    if (value.approve === 0 && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: key('validation.required') });
  });
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

const statusFilter = z.coerce
  .number({ error: key('validation.choose') })
  .int(key('validation.choose'))
  .min(0, key('validation.choose'))
  .max(3, key('validation.choose'));

/** `GET org/getUserAuth`: membership requests of the caller's organisation (admins may name one). */
export const MemberClaimQuerySchema = PageQuerySchema.extend({
  status: statusFilter.optional(),
  org_id: IdSchema.optional(),
});
export type MemberClaimQuery = z.infer<typeof MemberClaimQuerySchema>;

/**
 * How a membership ends (issue 8): the member leaves (`org/leave`) or the organisation's owner
 * removes them (`org/removeMember`). The spec names no call for either; the names follow `org/*`.
 * These statuses follow the claim's (CERT_STATUS 0–3) on the same row.
 */
export const MEMBERSHIP_ENDED = { left: 4, removed: 5 } as const;
export type MemberStatusName = CertStatusName | keyof typeof MEMBERSHIP_ENDED;
export const LeaveOrganisationSchema = z.object({ org_id: IdSchema });
export type LeaveOrganisation = z.infer<typeof LeaveOrganisationSchema>;
export const RemoveMemberSchema = z.object({ id: IdSchema });
export type RemoveMember = z.infer<typeof RemoveMemberSchema>;

/** `POST sys/invite`: an owner invites to their organisation; an admin names the organisation. */
export const InviteSchema = z.object({ org_id: IdSchema.optional() });
export const InvitationRefSchema = z.object({ id: InvitationIdSchema });

export const INVITATION_STATES = ['valid', 'expired', 'revoked', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const InvitationListQuerySchema = PageQuerySchema.extend({
  status: z.enum(INVITATION_STATES, { error: key('validation.choose') }).optional(),
  org_id: IdSchema.optional(),
});
export type InvitationListQuery = z.infer<typeof InvitationListQuerySchema>;

/* ---- results ---- */

/** The owner's full view (`getAuthOrgEditInfo`, `update`). */
export interface Organisation {
  id: number;
  type: OrganisationType;
  name: string;
  credit_code: string;
  status: CertStatus;
  status_name: CertStatusName;
  logo: string | null;
  licence_file: CertificateFile | null;
  address: string;
  province_code: string;
  city_code: string | null;
  website: string | null;
  business_scope: string;
  industry: string | null;
  research_fields: string[];
  application_description: string;
  introduction: string | null;
  contact: string;
  contact_phone: string;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
}

export interface AuthOrgEditInfo {
  organisation: Organisation | null;
  /** The newest certification request of the organisation, with a rejection's reason. */
  certification: CertificationSummary | null;
}

export interface OrgInfoCompleted {
  has_org: boolean;
  completed: boolean;
  /** Profile fields still empty, e.g. ['logo', 'introduction']. */
  missing: string[];
}

/** A certified organisation as `/members` lists it. */
export interface OrganisationCard {
  id: number;
  type: OrganisationType;
  name: string;
  logo: string | null;
  province_code: string;
  city_code: string | null;
  industry: string | null;
  research_fields: string[];
  /** The first 120 characters of the introduction. */
  summary: string | null;
  verified_at: string | null;
}

/** `GET org/detail/{id}`. Contact details only for signed-in, certified callers. */
export interface OrganisationProfile extends OrganisationCard {
  credit_code: string;
  status: CertStatus;
  status_name: CertStatusName;
  address: string;
  website: string | null;
  business_scope: string;
  application_description: string;
  introduction: string | null;
  member_count: number;
  contact: string | null;
  contact_phone: string | null;
}

/** A person's request to be recognised as a member of an organisation, or a membership by invitation. */
export interface MemberClaim {
  id: number;
  org_id: number;
  org_name: string;
  user: { id: number; account: string; truename: string | null };
  role: IdentityRole | null;
  source: 'claim' | 'invitation';
  status: CertStatus | (typeof MEMBERSHIP_ENDED)[keyof typeof MEMBERSHIP_ENDED];
  status_name: MemberStatusName;
  /** What the person stated: position, employee or student number, supervisor, degree. */
  details: Record<string, string>;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface Invitation {
  id: string;
  /** The web path to share: `/invitation/{id}`. */
  url: string;
  org: { id: number; name: string };
  state: InvitationState;
  expires_at: string;
  created_at: string;
  accepted_by: { id: number; account: string; truename: string | null } | null;
  accepted_at: string | null;
}

/** `GET sys/invitationInfo` (public): who invites to what, and whether the link still works. */
export interface InvitationInfo {
  id: string;
  org: { id: number; name: string; type: OrganisationType; logo: string | null };
  inviter: { name: string };
  state: InvitationState;
  expires_at: string;
  /** Why the link no longer works, in the caller's language; null while valid. */
  message: string | null;
}

export interface AcceptInvitationResult {
  org: { id: number; name: string };
  membership_id: number;
  /** The identity the invitee holds now (granted when they had none). */
  role: IdentityRole | null;
  verify_state: number | null;
}
