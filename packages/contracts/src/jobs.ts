import { z } from 'zod';
import { BudgetSchema, DeadlineSchema, FlagSchema } from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { findProvince, isValidArea } from './regions.ts';
import { EDUCATION_DEGREES, EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from './roles.ts';
import {
  IdSchema,
  LONG_TITLE_MAX_UNITS,
  PhoneSchema,
  optionalString,
  requiredString,
  titleString,
} from './validation.ts';

/** Jobs and applications (issue 11, DESIGN §10): posted by certified organisations, applied to by people. */

const key = (k: ValidationKey) => k;

/** DESIGN §4: draft → published → closed; closed → published again (reopen) before the deadline. */
export const JOB_STATES = ['draft', 'published', 'closed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** DESIGN §4: applied → viewed → interview → offer | rejected; withdrawn by the applicant. */
export const APPLICATION_STATES = ['applied', 'viewed', 'interview', 'offer', 'rejected', 'withdrawn'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** What the employer does to an application, and the state each leads to from which states. */
export const APPLICATION_ACTIONS = {
  view: { from: ['applied'], to: 'viewed' },
  interview: { from: ['viewed'], to: 'interview' },
  offer: { from: ['interview'], to: 'offer' },
  reject: { from: ['applied', 'viewed', 'interview'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly ApplicationState[]; to: ApplicationState }>;
export type ApplicationAction = keyof typeof APPLICATION_ACTIONS;
/**
 * The employer's actions that take nothing but the application; rejecting also takes a reason
 * (RejectApplicationSchema).
 */
export type PlainApplicationAction = Exclude<ApplicationAction, 'reject'>;
/** The applicant may withdraw until the employer decided. */
export const WITHDRAWABLE: readonly ApplicationState[] = ['applied', 'viewed', 'interview'];

/**
 * Why an employer rejects an application, one picked from the list (labels in messages:
 * applicationRejectReasons.*); the applicant always learns it. Shaped as a solution's decline.
 */
export const APPLICATION_REJECT_REASONS = ['experience', 'skills', 'education', 'positionFilled', 'other'] as const;
export type ApplicationRejectReason = (typeof APPLICATION_REJECT_REASONS)[number];

/** Spec §3 job options, as codes (labels in messages: employmentTypes.N, experienceLevels.N). */
export { EDUCATION_DEGREES, EMPLOYMENT_TYPES, EXPERIENCE_LEVELS };
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type Degree = (typeof EDUCATION_DEGREES)[number];

export const JOB_DESCRIPTION_MAX = 20_000;
export const APPLICATION_NOTE_MAX = 500;
/** The employer's own words beside a rejection's reason (as a solution's `decline_text`). */
export const REJECT_TEXT_MAX = 500;
export const HEADCOUNT_MAX = 9_999;
/** Resumes are Word or PDF files (DESIGN §10: the docs profile's extensions). */
export const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;

const codeOf = <T extends readonly number[]>(codes: T) =>
  z.coerce
    .number({ error: key('validation.choose') })
    .int(key('validation.choose'))
    .refine((n) => (codes as readonly number[]).includes(n), { error: key('validation.choose') })
    .transform((n) => n as T[number]);

export const EmploymentTypeSchema = codeOf(EMPLOYMENT_TYPES);
export const ExperienceSchema = codeOf(EXPERIENCE_LEVELS);

type Loose = Record<string, unknown>;

/**
 * `POST job/save`: a new draft (no id) or an edit of the organisation's own job in any state (a
 * published job stays published). Salaries are whole yuan per month, min ≤ max, both required
 * unless `negotiable` is 1 (then they are ignored and stored empty).
 */
export const JobSaveSchema = z
  .object({
    id: IdSchema.optional(),
    title: titleString(LONG_TITLE_MAX_UNITS),
    employment_type: EmploymentTypeSchema,
    experience: ExperienceSchema,
    negotiable: FlagSchema.default(0),
    salary_min: BudgetSchema.optional(),
    salary_max: BudgetSchema.optional(),
    /** The lowest degree asked for; absent: no requirement. */
    degree: z.enum(EDUCATION_DEGREES, { error: key('validation.choose') }).optional(),
    province_code: z
      .string({ error: key('validation.area') })
      .refine((code) => !!findProvince(code), { error: key('validation.area') }),
    city_code: optionalString(4),
    headcount: z.coerce
      .number({ error: key('validation.positive') })
      .int(key('validation.integer'))
      .min(1, key('validation.positive'))
      .max(HEADCOUNT_MAX, key('validation.invalid')),
    description: requiredString(JOB_DESCRIPTION_MAX),
    deadline: DeadlineSchema,
    contact: requiredString(30),
    contact_phone: PhoneSchema,
  })
  .refine((v: Loose) => v.negotiable === 1 || v.salary_min !== undefined, {
    path: ['salary_min'],
    error: key('validation.required'),
    when: () => true,
  })
  .refine((v: Loose) => v.negotiable === 1 || v.salary_max !== undefined, {
    path: ['salary_max'],
    error: key('validation.required'),
    when: () => true,
  })
  .refine(
    (v: Loose) =>
      v.negotiable === 1 ||
      typeof v.salary_min !== 'number' ||
      typeof v.salary_max !== 'number' ||
      v.salary_min <= v.salary_max,
    { path: ['salary_max'], error: key('validation.salaryRange'), when: () => true },
  )
  .refine(
    (v: Loose) =>
      typeof v.province_code !== 'string' ||
      !findProvince(v.province_code) ||
      isValidArea(v.province_code, typeof v.city_code === 'string' && v.city_code ? v.city_code : undefined),
    { path: ['city_code'], error: key('validation.area'), when: () => true },
  );
export type JobSave = z.infer<typeof JobSaveSchema>;

/** `job/detail/:id`, `job/publish`, `job/close`, `job/reopen`. */
export const JobIdSchema = z.object({ id: IdSchema });
export type JobId = z.infer<typeof JobIdSchema>;

/** `GET job/list`: the organisation's own jobs (admins: everyone's), newest change first. */
export const JobListQuerySchema = PageQuerySchema.extend({
  status: z.enum(JOB_STATES, { error: key('validation.choose') }).optional(),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

/** `GET job/publishedList` (no sign-in, /employ): open jobs, newest first, keyset-paged by `cursor`. */
export const PublishedJobsQuerySchema = z.object({
  cursor: optionalString(200),
  page_size: PageQuerySchema.shape.page_size,
  employment_type: EmploymentTypeSchema.optional(),
  experience: ExperienceSchema.optional(),
  province_code: optionalString(4),
  city_code: optionalString(4),
  keyword: optionalString(50),
});
export type PublishedJobsQuery = z.infer<typeof PublishedJobsQuerySchema>;

/** `POST job/apply`: a resume file from the caller's resume space (`job/resumeSpace`) and a note. */
export const ApplySchema = z.object({
  job_id: IdSchema,
  resume_file_id: IdSchema,
  note: optionalString(APPLICATION_NOTE_MAX),
});
export type Apply = z.infer<typeof ApplySchema>;

/** `POST job/withdraw` and the employer's steps `job/viewApplication`, `job/inviteInterview`, `job/makeOffer`. */
export const ApplicationIdSchema = z.object({ id: IdSchema });
export type ApplicationId = z.infer<typeof ApplicationIdSchema>;

/** `POST job/rejectApplication`: a reason from the list, and free text (required for 'other'). */
export const RejectApplicationSchema = z
  .object({
    id: IdSchema,
    reason: z.enum(APPLICATION_REJECT_REASONS, { error: key('validation.choose') }),
    reason_text: optionalString(REJECT_TEXT_MAX),
  })
  .refine((v: Loose) => v.reason !== 'other' || (typeof v.reason_text === 'string' && v.reason_text !== ''), {
    path: ['reason_text'],
    error: key('validation.required'),
    when: () => true,
  });
export type RejectApplication = z.infer<typeof RejectApplicationSchema>;

/** `GET job/applicants`: one job's applications, newest change first. */
export const ApplicantsQuerySchema = PageQuerySchema.extend({
  job_id: IdSchema,
  status: z.enum(APPLICATION_STATES, { error: key('validation.choose') }).optional(),
});
export type ApplicantsQuery = z.infer<typeof ApplicantsQuerySchema>;

/** `GET job/myApplications`: the caller's applications, newest change first. */
export const MyApplicationsQuerySchema = PageQuerySchema.extend({
  status: z.enum(APPLICATION_STATES, { error: key('validation.choose') }).optional(),
});
export type MyApplicationsQuery = z.infer<typeof MyApplicationsQuerySchema>;

/* ---- results ---- */

const OrgRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** What anyone sees of a published job (the public /employ pages). */
export const JobSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(JOB_STATES),
  employment_type: z.literal(EMPLOYMENT_TYPES),
  experience: z.literal(EXPERIENCE_LEVELS),
  negotiable: z.literal([0, 1]),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  degree: z.enum(EDUCATION_DEGREES).nullable(),
  province_code: z.string(),
  city_code: z.string().nullable(),
  headcount: z.number().int(),
  deadline: z.string(),
  org: OrgRefSchema,
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const JobSchema = JobSummarySchema.extend({
  description: z.string(),
  contact: z.string(),
  contact_phone: z.string(),
  /** Open (not withdrawn) applications: maintained, shown to the owner and admins only (null otherwise). */
  applicant_count: z.number().int().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** `GET job/detail/:id`: the job, and what the caller may do now. */
export const JobDetailSchema = z.object({
  job: JobSchema,
  /** The caller's own open application to it, if any. */
  my_application: z.object({ id: z.number().int(), status: z.enum(APPLICATION_STATES) }).nullable(),
  can: z.object({
    edit: z.boolean(),
    publish: z.boolean(),
    close: z.boolean(),
    reopen: z.boolean(),
    apply: z.boolean(),
  }),
});
export type JobDetail = z.infer<typeof JobDetailSchema>;

/** `GET job/list`: the organisation's jobs (with their open applications), one page. */
export const JobPageSchema = pageOf(JobSummarySchema.extend({ applicant_count: z.number().int() })).extend({
  /** Jobs of the caller's organisation per state (for the list's tabs); every state is present. */
  counts: z.record(z.enum(JOB_STATES), z.number().int()),
});
export type JobPage = z.infer<typeof JobPageSchema>;

/** `GET job/publishedList`: keyset pages; `next_cursor` null at the end. */
export const PublishedJobsPageSchema = z.object({
  items: z.array(JobSummarySchema),
  next_cursor: z.string().nullable(),
});
export type PublishedJobsPage = z.infer<typeof PublishedJobsPageSchema>;

export const ApplicationEventSchema = z.object({
  from: z.enum(APPLICATION_STATES).nullable(),
  to: z.enum(APPLICATION_STATES),
  actor_id: z.number().int(),
  at: z.string(),
});
export type ApplicationEvent = z.infer<typeof ApplicationEventSchema>;

export const ApplicationSchema = z.object({
  id: z.number().int(),
  job: z.object({ id: z.number().int(), title: z.string(), org: OrgRefSchema, status: z.enum(JOB_STATES) }),
  applicant: z.object({ id: z.number().int(), name: z.string() }),
  resume: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }),
  note: z.string().nullable(),
  status: z.enum(APPLICATION_STATES),
  /** Why the employer rejected it (set with `rejected`, null otherwise), and their own words. */
  reject_reason: z.enum(APPLICATION_REJECT_REASONS).nullable(),
  reject_text: z.string().nullable(),
  history: z.array(ApplicationEventSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const ApplicationPageSchema = pageOf(ApplicationSchema);
export type ApplicationPage = z.infer<typeof ApplicationPageSchema>;

/** `POST job/resumeSpace`: the caller's own space for resumes (upload with `space_id` and `profile=docs`). */
export const ResumeSpaceSchema = z.object({ space_id: z.number().int() });
export type ResumeSpace = z.infer<typeof ResumeSpaceSchema>;
