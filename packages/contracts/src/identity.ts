import { z } from 'zod';
import { RoleNameSchema } from './accounts.ts';
import { INDUSTRY_CODES } from './industries.ts';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema } from './msc.ts';
import { pageOf } from './pagination.ts';
import { findProvince, isValidArea } from './regions.ts';
import { EDUCATION_DEGREES, type Role } from './roles.ts';
import { isValidCreditCode } from './uscc.ts';
import {
  INT_MAX,
  IdNumberSchema,
  IdSchema,
  PhoneSchema,
  WebsiteSchema,
  optionalString,
  requiredString,
} from './validation.ts';

/**
 * Identity certification (issue 3): choosing an identity, the certification forms of each
 * identity, the student survey, and what the calls answer. The forms are the same zod schemas on
 * the web (form rules) and the server (input validation). Field names the spec shows are kept
 * (`truename`, `idNumber`, `studentNumber`, `employeeNumber`); the rest follow the API's snake_case.
 */

const key = (k: ValidationKey) => k;
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: key('validation.choose') });

/** Every identity a user can hold: Admin is granted, never chosen or certified. */
export const IDENTITY_ROLES = [
  'Enterprise',
  'ResearchInstitute',
  'Specialist',
  'Student',
  'Teacher',
  'Individual',
] as const satisfies readonly Role[];
export type IdentityRole = (typeof IDENTITY_ROLES)[number];

/** Identities shown as choices (spec §1); Teacher and Individual exist in the API but are hidden. */
export const HIDDEN_ROLES: readonly IdentityRole[] = ['Teacher', 'Individual'];

/** The certification call of each identity (`POST /api/{path}`). */
export const AUTH_PATHS: Record<IdentityRole, string> = {
  Enterprise: 'user/enterpriseAuth',
  ResearchInstitute: 'user/researchInstituteAuth',
  Specialist: 'user/specialistAuth',
  Student: 'user/studentAuth',
  Teacher: 'user/teacherAuth',
  Individual: 'user/individualAuth',
};

export const RoleSelectSchema = z.object({ role: choice(IDENTITY_ROLES) });
export type RoleSelect = z.infer<typeof RoleSelectSchema>;

/** Status of a certification request (and, with the same numbers, of an organisation). */
export const CERT_STATUS = { pending: 0, approved: 1, rejected: 2, withdrawn: 3 } as const;
export type CertStatus = (typeof CERT_STATUS)[keyof typeof CERT_STATUS];
export const CERT_STATUS_NAMES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CertStatusName = (typeof CERT_STATUS_NAMES)[number];

/** `GET user/certificateFile/{id}`. */
export const CertificateIdSchema = z.object({ id: IdSchema });

/** Certificate images per request: a licence is one image, personal certificates up to five. */
export const MAX_CERTIFICATE_IMAGES = 5;

/** An uploaded image's id (from `user/uploadCertificate`); missing → 'please upload an image'. */
export const FileIdSchema = z.coerce
  .number({ error: key('validation.upload') })
  .int(key('validation.upload'))
  .positive(key('validation.upload'))
  .max(INT_MAX, key('validation.upload'));

const certificateIds = (min: 0 | 1) =>
  z
    .array(FileIdSchema, { error: key('validation.upload') })
    .min(min, key('validation.upload'))
    .max(MAX_CERTIFICATE_IMAGES, key('validation.maxItems'))
    .refine((ids) => new Set(ids).size === ids.length, { error: key('validation.duplicate') });

export const CreditCodeSchema = requiredString()
  .transform((v) => v.toUpperCase())
  .refine(isValidCreditCode, { error: key('validation.creditCode') });

/** A Chinese resident ID number, upper-cased (the check character may be a lower-case x). */
const IdNumberUpper = IdNumberSchema.transform((v) => v.toUpperCase());

/** Area: a province code and, where the province has cities in the picker, a city code. */
const areaFields = {
  province_code: z
    .string({ error: key('validation.area') })
    .refine((code) => !!findProvince(code), { error: key('validation.area') }),
  city_code: optionalString(4),
};

type Loose = Record<string, unknown>;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * Cross-field rules run even when other fields failed (`when`), so a form shows every error at
 * once; they therefore read the raw, possibly invalid, values defensively.
 */
const areaRule = {
  path: ['city_code'],
  error: key('validation.area'),
  when: () => true,
};
function areaIsConsistent(value: Loose): boolean {
  const province = text(value.province_code);
  if (!province || !findProvince(province)) return true; // reported on province_code itself
  return isValidArea(province, text(value.city_code));
}

/** The organisation shape shared by enterprises and research institutes (their labels differ). */
const organisationFields = {
  /** Enterprise name / institution name. */
  name: requiredString(100),
  /** Business licence number / institution code: a unified social credit code. */
  credit_code: CreditCodeSchema,
  /** Business licence / legal-person certificate image. */
  licence_file_id: FileIdSchema,
  address: requiredString(200),
  ...areaFields,
  website: WebsiteSchema.optional(),
  /** Business scope / main research work. */
  business_scope: requiredString(500),
  /** Application description: what the organisation wants mathematics for / what it offers. */
  application_description: requiredString(1000),
  contact: requiredString(30),
  contact_phone: PhoneSchema,
};

export const EnterpriseAuthSchema = z
  .object({ ...organisationFields, industry: choice(INDUSTRY_CODES as unknown as readonly [string, ...string[]]) })
  .refine((value: Loose) => areaIsConsistent(value), areaRule);
export type EnterpriseAuth = z.infer<typeof EnterpriseAuthSchema>;

export const ResearchInstituteAuthSchema = z
  .object({ ...organisationFields, research_fields: ResearchFieldsSchema })
  .refine((value: Loose) => areaIsConsistent(value), areaRule);
export type ResearchInstituteAuth = z.infer<typeof ResearchInstituteAuthSchema>;

/** `org/register` / `registerV2`: either organisation form with its `type`. */
export const OrganisationRegisterSchema = z.discriminatedUnion(
  'type',
  [
    EnterpriseAuthSchema.extend({ type: z.literal('Enterprise') }),
    ResearchInstituteAuthSchema.extend({ type: z.literal('ResearchInstitute') }),
  ],
  { error: key('validation.choose') },
);
export type OrganisationRegister = z.infer<typeof OrganisationRegisterSchema>;

/**
 * Where a person works or studies: an organisation certified on the platform (its owner then
 * confirms the membership), or a typed name. One of the two is required.
 */
const institutionFields = {
  institution_org_id: IdSchema.optional(),
  institution: optionalString(100),
};

const institutionRule = { path: ['institution'], error: key('validation.required'), when: () => true };
const hasInstitution = (value: Loose) => value.institution_org_id !== undefined || !!text(value.institution);

export const SpecialistAuthSchema = z
  .object({
    truename: requiredString(30),
    idNumber: IdNumberUpper,
    degree: choice(EDUCATION_DEGREES),
    ...institutionFields,
    position: requiredString(50),
    employeeNumber: optionalString(30),
    research_fields: ResearchFieldsSchema,
    certificate_ids: certificateIds(1),
  })
  .refine((value: Loose) => hasInstitution(value), institutionRule);
export type SpecialistAuth = z.infer<typeof SpecialistAuthSchema>;

/** Teachers (hidden identity) certify with the specialist's form. */
export const TeacherAuthSchema = SpecialistAuthSchema;
export type TeacherAuth = SpecialistAuth;

/** What a student plans after graduating (survey). */
export const AFTER_GRADUATION = ['further_study', 'employment', 'startup', 'undecided'] as const;
/** Hours a week a student can give to research (survey). */
export const TIME_INVESTMENT = ['lt5', '5to10', '10to20', 'gt20'] as const;

/** The student survey (spec §3: direction, after graduation, plans, time investment). */
export const SurveySchema = z.object({
  direction: requiredString(200),
  after_graduation: choice(AFTER_GRADUATION),
  plans: requiredString(500),
  time_investment: choice(TIME_INVESTMENT),
});
export type Survey = z.infer<typeof SurveySchema>;

export const StudentAuthSchema = z
  .object({
    truename: requiredString(30),
    idNumber: IdNumberUpper,
    studentNumber: requiredString(30),
    degree: choice(EDUCATION_DEGREES),
    ...institutionFields,
    supervisor: requiredString(30),
    research_fields: ResearchFieldsSchema,
    /** Student card images: optional. */
    certificate_ids: certificateIds(0).optional(),
    survey: SurveySchema,
  })
  .refine((value: Loose) => hasInstitution(value), institutionRule);
export type StudentAuth = z.infer<typeof StudentAuthSchema>;

/** General individuals (hidden identity): real name and ID; the rest optional. */
export const IndividualAuthSchema = z.object({
  truename: requiredString(30),
  idNumber: IdNumberUpper,
  degree: choice(EDUCATION_DEGREES).optional(),
  research_fields: ResearchFieldsSchema.optional(),
  certificate_ids: certificateIds(0).optional(),
});
export type IndividualAuth = z.infer<typeof IndividualAuthSchema>;

export const AUTH_SCHEMAS = {
  Enterprise: EnterpriseAuthSchema,
  ResearchInstitute: ResearchInstituteAuthSchema,
  Specialist: SpecialistAuthSchema,
  Student: StudentAuthSchema,
  Teacher: TeacherAuthSchema,
  Individual: IndividualAuthSchema,
} as const satisfies Record<IdentityRole, z.ZodType>;

export type CertificationData = EnterpriseAuth | ResearchInstituteAuth | SpecialistAuth | StudentAuth | IndividualAuth;

export const isOrganisationRole = (role: string): role is 'Enterprise' | 'ResearchInstitute' =>
  role === 'Enterprise' || role === 'ResearchInstitute';

/* ---- results ---- */

/** `GET user/listRoles`: one identity. */
export const RoleChoiceSchema = z.object({
  roleName: z.enum(IDENTITY_ROLES),
  /** Hidden identities are not offered on the choice screen. */
  hidden: z.boolean(),
  /** Enterprise and research institute certify an organisation. */
  organisation: z.boolean(),
  /** The certification call, e.g. `user/enterpriseAuth`. */
  auth_path: z.string(),
});
export type RoleChoice = z.infer<typeof RoleChoiceSchema>;

/** `GET user/listRoles`. */
export const RoleListSchema = z.object({
  items: z.array(RoleChoiceSchema),
  /** The caller's identity; null when signed out or not chosen. */
  current_role: z.enum(IDENTITY_ROLES).nullable(),
  verify_state: z.number().int().nullable(),
  /** Whether roleSelect would be accepted now (not while pending or verified). */
  can_change: z.boolean(),
});
export type RoleList = z.infer<typeof RoleListSchema>;

/** `POST user/roleSelect`. */
export const RoleSelectResultSchema = z.object({
  role: z.enum(IDENTITY_ROLES),
  verify_state: z.number().int().nullable(),
  incomplete: z.boolean(),
});
export type RoleSelectResult = z.infer<typeof RoleSelectResultSchema>;

/** An uploaded certificate image (`POST user/uploadCertificate`). */
export const CertificateFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** `GET` it with the session header (`user/certificateFile/{id}`); owner and admins only. */
  url: z.string(),
});
export type CertificateFile = z.infer<typeof CertificateFileSchema>;

export const UserRefSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  truename: z.string().nullable(),
  phone: z.string(),
});
export type UserRef = z.infer<typeof UserRefSchema>;

const CertStatusSchema = z.literal([
  CERT_STATUS.pending,
  CERT_STATUS.approved,
  CERT_STATUS.rejected,
  CERT_STATUS.withdrawn,
]);

/** One certification request as lists show it. */
export const CertificationSummarySchema = z.object({
  id: z.number().int(),
  role: z.enum(IDENTITY_ROLES),
  /** 'form': submitted by the user; 'invitation': granted by joining an organisation. */
  source: z.enum(['form', 'invitation']),
  status: CertStatusSchema,
  status_name: z.enum(CERT_STATUS_NAMES),
  /** Organisation name or the person's real name. */
  title: z.string(),
  user: UserRefSchema,
  org_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type CertificationSummary = z.infer<typeof CertificationSummarySchema>;

/** `GET workflow/auth2ApproveList` / `V2`. */
export const CertificationPageSchema = pageOf(CertificationSummarySchema);
export type CertificationPage = z.infer<typeof CertificationPageSchema>;

/**
 * The form as submitted, as a stored JSON document: one of the forms above (AUTH_SCHEMAS) with its
 * ID number as the viewer may see it (masked for others, which the form's own rule would refuse), or
 * what an invitation recorded (`org_id`, `invitation_id`). So only "an object" is checked; the type
 * is the forms'.
 */
const SubmittedFormSchema = z
  .custom<CertificationData | Record<string, never>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  )
  // What the reference says of it (a custom check has no JSON Schema of its own).
  .meta({ type: 'object' });

export const CertificationDetailSchema = CertificationSummarySchema.extend({
  /** The form as submitted (its `*_ids` resolved in `files`). */
  data: SubmittedFormSchema,
  files: z.array(CertificateFileSchema),
  reviewer: z.object({ id: z.number().int(), account: z.string() }).nullable(),
  /** The membership the person claimed in a platform organisation, if any. */
  member_claim: z
    .object({
      id: z.number().int(),
      org_id: z.number().int(),
      org_name: z.string(),
      /**
       * The claim's status (CERT_STATUS), or how the membership ended since: 4 left, 5 removed
       * (org.ts MEMBERSHIP_ENDED); `status_name` names only the first four (an ended one reads 'pending').
       */
      status: z.literal([0, 1, 2, 3, 4, 5]),
      status_name: z.enum(CERT_STATUS_NAMES),
    })
    .nullable(),
});
export type CertificationDetail = z.infer<typeof CertificationDetailSchema>;

/**
 * `POST user/{role}Auth`, `org/register`: the request and verify_state 0; `user/withdrawAuth`: the
 * withdrawn request and verify_state -1 (unverified).
 */
export const SubmitCertificationResultSchema = z.object({
  certification: CertificationSummarySchema,
  verify_state: z.number().int(),
});
export type SubmitCertificationResult = z.infer<typeof SubmitCertificationResultSchema>;

/** The student survey as saved (`GET`/`POST user/survey`). */
export const SavedSurveySchema = z.object({
  direction: z.string(),
  after_graduation: z.enum(AFTER_GRADUATION),
  plans: z.string(),
  time_investment: z.enum(TIME_INVESTMENT),
});

/** `GET user/authInfo`: what the certification pages need. */
export const AuthInfoSchema = z.object({
  role: z.enum(IDENTITY_ROLES).nullable(),
  roles: z.array(RoleNameSchema),
  verify_state: z.number().int().nullable(),
  certification: CertificationDetailSchema.nullable(),
  survey: SavedSurveySchema.nullable(),
});
export type AuthInfo = z.infer<typeof AuthInfoSchema>;
