import { z } from 'zod';
import { INDUSTRY_CODES } from './industries.ts';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema } from './msc.ts';
import { BUSINESS_UTC_OFFSET, DateSchema, PageQuerySchema, pageOf } from './pagination.ts';
import { findProvince, isValidArea } from './regions.ts';
import { IdSchema, PhoneSchema, optionalString, requiredString, titleString } from './validation.ts';

/** Demands (issue 5): an enterprise's problem, reviewed by an admin, answered by institutes. */

const key = (k: ValidationKey) => k;

/** DESIGN §4: draft → submitted → published | rejected (→ draft); published ⇄ paused; → closed | completed. */
export const DEMAND_STATES = ['draft', 'submitted', 'published', 'rejected', 'paused', 'closed', 'completed'] as const;
export type DemandState = (typeof DEMAND_STATES)[number];

/**
 * A solution's states (DESIGN §4: draft → submitted → accepted | declined; submitted → withdrawn).
 * Defined here because a demand's detail names the caller's own solution; solutions.ts re-exports them.
 */
export const SOLUTION_STATES = ['draft', 'submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type SolutionState = (typeof SOLUTION_STATES)[number];

/** Lengths of the long Markdown fields (stored raw; the web sanitizes when rendering). */
export const DEMAND_TEXT_MAX = {
  summary: 500,
  problem: 20_000,
  expected_outcome: 10_000,
  available_data: 5_000,
} as const;
/** Budgets are whole yuan; the upper bound keeps them inside a 32-bit integer column. */
export const BUDGET_MAX = 2_000_000_000;
export const MAX_ATTACHMENTS = 20;

const Flag = z.coerce
  .number({ error: key('validation.choose') })
  .int(key('validation.choose'))
  .min(0, key('validation.choose'))
  .max(1, key('validation.choose'));
export const FlagSchema = Flag;

export const BudgetSchema = z.coerce
  .number({ error: key('validation.integer') })
  .int(key('validation.integer'))
  .min(0, key('validation.integer'))
  .max(BUDGET_MAX, key('validation.invalid'));

/** Today as `YYYY-MM-DD` in China Standard Time (the platform's business day). */
export function businessToday(now = new Date()): string {
  const shifted = new Date(now.getTime() + Number.parseInt(BUSINESS_UTC_OFFSET, 10) * 3_600_000);
  return shifted.toISOString().slice(0, 10);
}

/** A deadline: a calendar day after today (China Standard Time). */
export const DeadlineSchema = DateSchema.refine((day) => day > businessToday(), {
  error: key('validation.futureDate'),
});

export const AttachmentIdsSchema = z
  .array(IdSchema, { error: key('validation.invalid') })
  .max(MAX_ATTACHMENTS, key('validation.maxItems'))
  .refine((ids) => new Set(ids).size === ids.length, { error: key('validation.duplicate') })
  .default([]);

type Loose = Record<string, unknown>;

/**
 * `POST demand/save`: creates (no id) or edits a draft or rejected demand. `commit` 1 also submits
 * it for review (the isCommit of `submitted/{isCommit}`). Drafts pass the same rules as
 * submissions, so a saved draft can always be submitted as it is.
 */
export const DemandSaveSchema = z
  .object({
    id: IdSchema.optional(),
    commit: Flag.default(0),
    title: titleString(),
    industry: z.enum(INDUSTRY_CODES as unknown as readonly [string, ...string[]], { error: key('validation.choose') }),
    /** Public to every verified institute: what the problem is about, without confidential detail. */
    summary: requiredString(DEMAND_TEXT_MAX.summary),
    problem: requiredString(DEMAND_TEXT_MAX.problem),
    expected_outcome: requiredString(DEMAND_TEXT_MAX.expected_outcome),
    available_data: optionalString(DEMAND_TEXT_MAX.available_data),
    budget_min: BudgetSchema,
    budget_max: BudgetSchema,
    deadline: DeadlineSchema,
    province_code: z
      .string({ error: key('validation.area') })
      .refine((code) => !!findProvince(code), { error: key('validation.area') }),
    city_code: optionalString(4),
    msc_fields: ResearchFieldsSchema,
    /** Institutes must accept a confidentiality agreement when they receive the demand. */
    nda_required: Flag.default(0),
    /** File node ids in the demand's own space, or for a new demand in the tray of `demand/attachmentSpace` (upload with `space_id` and `profile=document`). */
    attachments: AttachmentIdsSchema,
    contact: requiredString(30),
    contact_phone: PhoneSchema,
  })
  .refine(
    (v: Loose) => typeof v.budget_min !== 'number' || typeof v.budget_max !== 'number' || v.budget_min <= v.budget_max,
    {
      path: ['budget_max'],
      error: key('validation.budgetRange'),
      when: () => true,
    },
  )
  .refine(
    (v: Loose) =>
      typeof v.province_code !== 'string' ||
      !findProvince(v.province_code) ||
      isValidArea(v.province_code, typeof v.city_code === 'string' && v.city_code ? v.city_code : undefined),
    {
      path: ['city_code'],
      error: key('validation.area'),
      when: () => true,
    },
  );
export type DemandSave = z.infer<typeof DemandSaveSchema>;

export const DemandIdSchema = z.object({ id: IdSchema });
export type DemandId = z.infer<typeof DemandIdSchema>;

/** `GET demand/list`: the enterprise's own demands (admins: everyone's), newest change first. */
export const DemandListQuerySchema = PageQuerySchema.extend({
  status: z.enum(DEMAND_STATES, { error: key('validation.choose') }).optional(),
  /** 1: only live demands (published or paused) with a cooperation under way (the dashboard's count). */
  cooperating: Flag.optional(),
});
export type DemandListQuery = z.infer<typeof DemandListQuerySchema>;

export const PUBLISHED_SORTS = ['newest', 'deadline', 'budget'] as const;
export type PublishedSort = (typeof PUBLISHED_SORTS)[number];

/**
 * `GET demand/publishedList`: published demands for institutes, keyset-paginated (infinite
 * scroll): pass the previous answer's `next_cursor` as `cursor`.
 */
export const PublishedListQuerySchema = z.object({
  cursor: optionalString(200),
  page_size: PageQuerySchema.shape.page_size,
  industry: z
    .enum(INDUSTRY_CODES as unknown as readonly [string, ...string[]], { error: key('validation.choose') })
    .optional(),
  province_code: optionalString(4),
  city_code: optionalString(4),
  /** Demands whose budget range reaches into [budget_min, budget_max]. */
  budget_min: BudgetSchema.optional(),
  budget_max: BudgetSchema.optional(),
  keyword: optionalString(50),
  msc: z
    .string({ error: key('validation.researchField') })
    .regex(/^\d{2}$/, key('validation.researchField'))
    .optional(),
  sort: z.enum(PUBLISHED_SORTS, { error: key('validation.choose') }).default('newest'),
  /** 1: only the demands the viewing institute received (the dashboard's count). */
  received: Flag.optional(),
});
export type PublishedListQuery = z.infer<typeof PublishedListQuerySchema>;

export const RecommendedQuerySchema = PageQuerySchema;
export type RecommendedQuery = z.infer<typeof RecommendedQuerySchema>;

/** `POST demand/receive`: `accept_nda` 1 is required when the demand asks for a confidentiality agreement. */
export const ReceiveDemandSchema = z.object({ id: IdSchema, accept_nda: Flag.default(0) });
export type ReceiveDemand = z.infer<typeof ReceiveDemandSchema>;

/** `POST demand/review` (admins): approve (publish) or reject with a reason. */
export const DemandReviewSchema = z
  .object({ id: IdSchema, approve: Flag, reason: optionalString(500) })
  .refine((v: Loose) => v.approve !== 0 || (typeof v.reason === 'string' && v.reason.trim() !== ''), {
    path: ['reason'],
    error: key('validation.required'),
    when: () => true,
  });
export type DemandReview = z.infer<typeof DemandReviewSchema>;

/* ---- results ---- */

const OrgRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A file an item attaches: a snapshot taken when it was saved (files module's snapshotSpaceFiles). */
export const DemandAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string().nullable(),
});
export type DemandAttachment = z.infer<typeof DemandAttachmentSchema>;

/** What every verified institute sees of a published demand. */
export const DemandSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(DEMAND_STATES),
  industry: z.string(),
  summary: z.string(),
  budget_min: z.number().int(),
  budget_max: z.number().int(),
  deadline: z.string(),
  province_code: z.string(),
  city_code: z.string().nullable(),
  msc_fields: z.array(z.string()),
  nda_required: z.literal([0, 1]),
  org: OrgRefSchema,
  published_at: z.string().nullable(),
  updated_at: z.string(),
  solution_count: z.number().int(),
  receive_count: z.number().int(),
});
export type DemandSummary = z.infer<typeof DemandSummarySchema>;

/** A received demand, or one of the caller's own: everything. */
export const DemandFullSchema = DemandSummarySchema.extend({
  problem: z.string(),
  expected_outcome: z.string(),
  available_data: z.string().nullable(),
  contact: z.string(),
  contact_phone: z.string(),
  attachments: z.array(DemandAttachmentSchema),
  /** The demand's file space: upload attachments into it (owner only; null for others). */
  space_id: z.number().int().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type DemandFull = z.infer<typeof DemandFullSchema>;

/**
 * `POST demand/attachmentSpace`: where a demand not saved yet uploads its attachments (the author's
 * tray); its first `demand/save` names them in `attachments` and the tray becomes the demand's space.
 */
export const AttachmentTraySchema = z.object({ space_id: z.number().int() });
export type AttachmentTray = z.infer<typeof AttachmentTraySchema>;

export const DemandReceiptSchema = z.object({
  received_at: z.string(),
  nda_accepted: z.literal([0, 1]),
  received_by: z.object({ id: z.number().int() }),
});
export type DemandReceipt = z.infer<typeof DemandReceiptSchema>;

/** `GET demand/detail/:id`: `full` is null until an institute receives the demand. */
export const DemandDetailSchema = z.object({
  demand: DemandSummarySchema,
  full: DemandFullSchema.nullable(),
  /** The caller's receipt (institutes), or null. */
  receipt: DemandReceiptSchema.nullable(),
  /** What the caller may do now, so the screen shows only working buttons. */
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    withdraw: z.boolean(),
    toggle: z.boolean(),
    close: z.boolean(),
    complete: z.boolean(),
    review: z.boolean(),
    receive: z.boolean(),
    /** The institute may start a new solution: received, published, and none of its own open. */
    solve: z.boolean(),
    download: z.boolean(),
    /** The owner may delete a draft for good (demand/delete). */
    delete: z.boolean(),
  }),
  /**
   * The calling institute's latest solution to this demand (its open one, draft or submitted, when
   * it has one: an open answer is always its newest), or null; null for everyone else.
   */
  own_solution: z.object({ id: z.number().int(), status: z.enum(SOLUTION_STATES) }).nullable(),
  /** The accepted solution's id, once a cooperation started. */
  cooperation: z
    .object({
      id: z.number().int(),
      solution_id: z.number().int(),
      institute: OrgRefSchema,
      created_at: z.string(),
    })
    .nullable(),
});
export type DemandDetail = z.infer<typeof DemandDetailSchema>;

/**
 * `GET demand/cooperation/:id`: a cooperation (an accepted solution to a demand) as both parties
 * and admins see it; its page is the demand's detail, which shows the accepted solution.
 */
export const CooperationDetailSchema = z.object({
  id: z.number().int(),
  demand_id: z.number().int(),
  solution_id: z.number().int(),
  enterprise: OrgRefSchema,
  institute: OrgRefSchema,
  created_at: z.string(),
  /** Where each side opens it: the enterprise's and the institute's demand detail routes. */
  viewer: z.enum(['enterprise', 'institute', 'admin']),
});
/** A cooperation as an accepted solution's answer carries it (solutions.ts). */
export const CooperationSchema = CooperationDetailSchema.omit({ viewer: true });
export type Cooperation = z.infer<typeof CooperationSchema>;
export type CooperationDetail = z.infer<typeof CooperationDetailSchema>;

/** Per status: every state is present (0 when none). */
export const DemandCountsSchema = z.record(z.enum(DEMAND_STATES), z.number().int());
export type DemandCounts = z.infer<typeof DemandCountsSchema>;

export const DemandPageSchema = pageOf(DemandSummarySchema).extend({
  /** Of the chosen status (or all), from maintained counters: never a COUNT(*) per request. */
  total: z.number().int(),
  /** Per status, for the /manage/demands overview. */
  counts: DemandCountsSchema,
});
export type DemandPage = z.infer<typeof DemandPageSchema>;

/** A market row: whether the viewing institute has received it already. */
export const PublishedDemandSchema = DemandSummarySchema.extend({ received: z.boolean() });
export type PublishedDemand = z.infer<typeof PublishedDemandSchema>;

export const PublishedPageSchema = z.object({
  items: z.array(PublishedDemandSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  next_cursor: z.string().nullable(),
  /** Maintained count of all published demands when no filter is set; null (unknown) with filters. */
  total: z.number().int().nullable(),
});
export type PublishedPage = z.infer<typeof PublishedPageSchema>;

export const RecommendedDemandSchema = PublishedDemandSchema.extend({
  /** MSC codes shared with the institute's research fields. */
  matched_fields: z.array(z.string()),
});
export type RecommendedDemand = z.infer<typeof RecommendedDemandSchema>;

export const RecommendedPageSchema = z.object({
  items: z.array(RecommendedDemandSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type RecommendedPage = z.infer<typeof RecommendedPageSchema>;

/** `POST demand/download`: a signed link to one zip (files module), its expiry and the zip's name. */
export const DownloadLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  name: z.string(),
});
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;
