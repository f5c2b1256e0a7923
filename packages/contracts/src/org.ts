import { z } from 'zod';
import {
  CERT_STATUS,
  CERT_STATUS_NAMES,
  CertificateFileSchema,
  CertificationSummarySchema,
  IDENTITY_ROLES,
  type CertStatusName,
} from './identity.ts';
import { INDUSTRY_CODES } from './industries.ts';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema, isMscCode } from './msc.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
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

const CertStatusSchema = z.literal([
  CERT_STATUS.pending,
  CERT_STATUS.approved,
  CERT_STATUS.rejected,
  CERT_STATUS.withdrawn,
]);
const ORGANISATION_TYPE = z.enum(ORGANISATION_TYPES);

/** The owner's full view (`getAuthOrgEditInfo`, `update`). */
export const OrganisationSchema = z.object({
  id: z.number().int(),
  type: ORGANISATION_TYPE,
  name: z.string(),
  credit_code: z.string(),
  status: CertStatusSchema,
  status_name: z.enum(CERT_STATUS_NAMES),
  logo: z.string().nullable(),
  licence_file: CertificateFileSchema.nullable(),
  address: z.string(),
  province_code: z.string(),
  city_code: z.string().nullable(),
  website: z.string().nullable(),
  business_scope: z.string(),
  industry: z.string().nullable(),
  research_fields: z.array(z.string()),
  application_description: z.string(),
  introduction: z.string().nullable(),
  contact: z.string(),
  contact_phone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  verified_at: z.string().nullable(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

/** `GET org/getAuthOrgEditInfo`. */
export const AuthOrgEditInfoSchema = z.object({
  organisation: OrganisationSchema.nullable(),
  /** The newest certification request of the organisation, with a rejection's reason. */
  certification: CertificationSummarySchema.nullable(),
});
export type AuthOrgEditInfo = z.infer<typeof AuthOrgEditInfoSchema>;

/** `GET org/orgInfoIsCompleted`. */
export const OrgInfoCompletedSchema = z.object({
  has_org: z.boolean(),
  completed: z.boolean(),
  /** Profile fields still empty, e.g. ['logo', 'introduction']. */
  missing: z.array(z.string()),
});
export type OrgInfoCompleted = z.infer<typeof OrgInfoCompletedSchema>;

/** `POST org/upload_logo`: the new logo's address. */
export const LogoUploadedSchema = z.object({ logo: z.string() });
export type LogoUploaded = z.infer<typeof LogoUploadedSchema>;

/** A certified organisation as `/members` lists it. */
export const OrganisationCardSchema = z.object({
  id: z.number().int(),
  type: ORGANISATION_TYPE,
  name: z.string(),
  logo: z.string().nullable(),
  province_code: z.string(),
  city_code: z.string().nullable(),
  industry: z.string().nullable(),
  research_fields: z.array(z.string()),
  /** The first 120 characters of the introduction. */
  summary: z.string().nullable(),
  verified_at: z.string().nullable(),
});
export type OrganisationCard = z.infer<typeof OrganisationCardSchema>;

/** `GET org/listAllV2`. */
export const OrganisationPageSchema = pageOf(OrganisationCardSchema);
export type OrganisationPage = z.infer<typeof OrganisationPageSchema>;

/** `GET org/detail/{id}`. Contact details only for signed-in, certified callers. */
export const OrganisationProfileSchema = OrganisationCardSchema.extend({
  credit_code: z.string(),
  status: CertStatusSchema,
  status_name: z.enum(CERT_STATUS_NAMES),
  address: z.string(),
  website: z.string().nullable(),
  business_scope: z.string(),
  application_description: z.string(),
  introduction: z.string().nullable(),
  member_count: z.number().int(),
  contact: z.string().nullable(),
  contact_phone: z.string().nullable(),
});
export type OrganisationProfile = z.infer<typeof OrganisationProfileSchema>;

/** A person's request to be recognised as a member of an organisation, or a membership by invitation. */
export const MemberClaimSchema = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  user: z.object({ id: z.number().int(), account: z.string(), truename: z.string().nullable() }),
  role: z.enum(IDENTITY_ROLES).nullable(),
  source: z.enum(['claim', 'invitation']),
  status: z.literal([
    CERT_STATUS.pending,
    CERT_STATUS.approved,
    CERT_STATUS.rejected,
    CERT_STATUS.withdrawn,
    MEMBERSHIP_ENDED.left,
    MEMBERSHIP_ENDED.removed,
  ]),
  status_name: z.enum([...CERT_STATUS_NAMES, 'left', 'removed']),
  /** What the person stated: position, employee or student number, supervisor, degree. */
  details: z.record(z.string(), z.string()),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type MemberClaim = z.infer<typeof MemberClaimSchema>;

/** `GET org/getUserAuth`. */
export const MemberClaimPageSchema = pageOf(MemberClaimSchema);
export type MemberClaimPage = z.infer<typeof MemberClaimPageSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  /** The web path to share: `/invitation/{id}`. */
  url: z.string(),
  org: z.object({ id: z.number().int(), name: z.string() }),
  state: z.enum(INVITATION_STATES),
  expires_at: z.string(),
  created_at: z.string(),
  accepted_by: z.object({ id: z.number().int(), account: z.string(), truename: z.string().nullable() }).nullable(),
  accepted_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** `GET sys/invitationList`. */
export const InvitationPageSchema = pageOf(InvitationSchema);
export type InvitationPage = z.infer<typeof InvitationPageSchema>;

/** `GET sys/invitationInfo` (public): who invites to what, and whether the link still works. */
export const InvitationInfoSchema = z.object({
  id: z.string(),
  org: z.object({ id: z.number().int(), name: z.string(), type: ORGANISATION_TYPE, logo: z.string().nullable() }),
  inviter: z.object({ name: z.string() }),
  state: z.enum(INVITATION_STATES),
  expires_at: z.string(),
  /** Why the link no longer works, in the caller's language; null while valid. */
  message: z.string().nullable(),
});
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;

/** `POST sys/acceptInvite`. */
export const AcceptInvitationResultSchema = z.object({
  org: z.object({ id: z.number().int(), name: z.string() }),
  membership_id: z.number().int(),
  /** The identity the invitee holds now (granted when they had none). */
  role: z.enum(IDENTITY_ROLES).nullable(),
  verify_state: z.number().int().nullable(),
});
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;
