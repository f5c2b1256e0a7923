import { z } from 'zod';
import { FlagSchema } from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { SELECTABLE_ROLES } from './roles.ts';
import {
  EmailSchema,
  IdSchema,
  LONG_TITLE_MAX_UNITS,
  MobileSchema,
  optionalString,
  requiredString,
  titleString,
} from './validation.ts';

/**
 * The public portal's content and the `index/*` calls (issue 11, DESIGN §11): articles (news),
 * their categories, banners, the user manual, the micro-site's pages and the consultation inbox.
 * Admins edit them in the content manager (`content/*`, admin only); visitors read them through
 * `index/*`.
 */

const key = (k: ValidationKey) => k;

/* ---- articles ---- */

/**
 * draft → published (publish_at now, or later: "scheduled" until then) → withdrawn → published …
 * Visitors see an article only when it is published and its publish_at has passed.
 */
export const ARTICLE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** Categories seeded on every database; `forum` feeds /innovate-forum and cannot be deleted. */
export const SYSTEM_CATEGORY_SLUGS = ['news', 'notice', 'industry', 'forum'] as const;
export const FORUM_CATEGORY = 'forum';

/** A news article's title: 30 characters, CJK counting two (issue 30 §11). */
export const ARTICLE_TITLE_MAX_UNITS = LONG_TITLE_MAX_UNITS;
export const ARTICLE_SUMMARY_MAX = 300;
export const ARTICLE_BODY_MAX = 50_000;
export const CATEGORY_NAME_MAX = 20;
/** Articles /start and a news detail page recommend. */
export const RECOMMENDED_ARTICLES = 6;

const SlugSchema = requiredString(30).regex(/^[a-z][a-z0-9-]*$/, key('validation.invalid'));

/** `POST content/category/save`: a new category (no id) or a rename; names in the three locales. */
export const CategorySaveSchema = z.object({
  id: IdSchema.optional(),
  slug: SlugSchema,
  name_zh_cn: requiredString(CATEGORY_NAME_MAX),
  name_zh_hk: requiredString(CATEGORY_NAME_MAX),
  name_en: requiredString(CATEGORY_NAME_MAX * 2),
  sort: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(0)
    .max(9999)
    .default(0),
});
export type CategorySave = z.infer<typeof CategorySaveSchema>;

/** An ISO timestamp (publish time of a scheduled article). */
export const TimestampSchema = z
  .string({ error: key('validation.date') })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: key('validation.date') });

/**
 * `POST content/article/save`: a draft (no id) or an edit in any state (a published article
 * stays published). `cover_file_id` comes from `content/upload_cover`.
 */
export const ArticleSaveSchema = z.object({
  id: IdSchema.optional(),
  category_id: IdSchema,
  title: titleString(ARTICLE_TITLE_MAX_UNITS),
  summary: optionalString(ARTICLE_SUMMARY_MAX),
  author: optionalString(30),
  cover_file_id: IdSchema.optional(),
  /** Markdown with KaTeX (`$…$`, `$$…$$`); rendered sanitized. */
  body: requiredString(ARTICLE_BODY_MAX),
  recommended: FlagSchema.default(0),
});
export type ArticleSave = z.infer<typeof ArticleSaveSchema>;

/** `POST content/article/publish`: now (no publish_at) or scheduled for later. */
export const ArticlePublishSchema = z.object({ id: IdSchema, publish_at: TimestampSchema.optional() });
export type ArticlePublish = z.infer<typeof ArticlePublishSchema>;

/** `content/article/withdraw|delete|detail/:id`, `content/category/delete`, … */
export const ContentIdSchema = z.object({ id: IdSchema });

/** `GET content/article/list` (admin): every state, newest change first. */
export const ArticleAdminListQuerySchema = PageQuerySchema.extend({
  status: z.enum(ARTICLE_STATES, { error: key('validation.choose') }).optional(),
  category_id: IdSchema.optional(),
  keyword: optionalString(50),
});
export type ArticleAdminListQuery = z.infer<typeof ArticleAdminListQuerySchema>;

/** `GET index/getNewsList`: published articles, newest publish first; `category` is a slug. */
export const NewsListQuerySchema = PageQuerySchema.extend({
  category: optionalString(30),
  keyword: optionalString(50),
});
export type NewsListQuery = z.infer<typeof NewsListQuerySchema>;

/** `GET index/getNewsDetail?id=`: counts a view. Admins also read drafts (preview), without a view. */
export const NewsDetailQuerySchema = z.object({ id: IdSchema });

/** A 0/1 flag as the API answers it. */
const FlagValueSchema = z.union([z.literal(0), z.literal(1)]);

export const ArticleCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_zh_cn: z.string(),
  name_zh_hk: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  /** Seeded categories (SYSTEM_CATEGORY_SLUGS) keep their slug and cannot be deleted. */
  system: z.boolean(),
  /** Published articles (visible now) in it. */
  article_count: z.number().int(),
});
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>;

export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  author: z.string().nullable(),
  /** Empty names when the category is gone (it cannot be while it holds articles). */
  category: z.object({
    id: z.number().int(),
    slug: z.string(),
    name_zh_cn: z.string(),
    name_zh_hk: z.string(),
    name_en: z.string(),
  }),
  /** `/api/index/cover/{id}` or null. */
  cover_url: z.string().nullable(),
  status: z.enum(ARTICLE_STATES),
  recommended: FlagValueSchema,
  publish_at: z.string().nullable(),
  views: z.number().int(),
  updated_at: z.string(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({
  body: z.string(),
  cover_file_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

const ArticleRefSchema = z.object({ id: z.number().int(), title: z.string() });

/** `GET index/getNewsDetail`: the article, its neighbours in its category, and recommendations. */
export const NewsDetailSchema = z.object({
  article: ArticleSchema,
  previous: ArticleRefSchema.nullable(),
  next: ArticleRefSchema.nullable(),
  recommended: z.array(ArticleSummarySchema),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

export const ArticlePageSchema = pageOf(ArticleSummarySchema);
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

/* ---- banners ---- */

/** A banner's link: a path of the site (`/service`) or an https URL. */
export const BannerLinkSchema = optionalString(300).refine(
  (v) => v === undefined || /^\/[^\s/][^\s]*$|^\/$/.test(v) || /^https:\/\/[^\s.]+\.[^\s]+$/.test(v),
  { error: key('validation.website') },
);

/** `POST content/banner/save`. The image (advice 300x180 or wider, spec §9) comes from `content/upload_cover`. */
export const BannerSaveSchema = z.object({
  id: IdSchema.optional(),
  title: requiredString(60),
  subtitle: optionalString(120),
  image_file_id: IdSchema,
  link: BannerLinkSchema,
  sort: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(0)
    .max(9999)
    .default(0),
  active: FlagSchema.default(1),
});
export type BannerSave = z.infer<typeof BannerSaveSchema>;

export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image_file_id: z.number().int(),
  image_url: z.string(),
  link: z.string().nullable(),
  sort: z.number().int(),
  active: FlagValueSchema,
  updated_at: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

/* ---- user manual (index/userManual) ---- */

/** Whom a manual page is for: one of the selectable roles, or everyone. */
export const MANUAL_AUDIENCES = ['all', ...SELECTABLE_ROLES] as const;
export type ManualAudience = (typeof MANUAL_AUDIENCES)[number];

export const ManualSaveSchema = z.object({
  id: IdSchema.optional(),
  audience: z.enum(MANUAL_AUDIENCES, { error: key('validation.choose') }),
  title: requiredString(60),
  body: requiredString(ARTICLE_BODY_MAX),
  sort: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(0)
    .max(9999)
    .default(0),
});
export type ManualSave = z.infer<typeof ManualSaveSchema>;

/** `GET index/userManual?role=`: pages for that role plus 'all'; without role, the caller's roles (or all pages for admins). */
export const UserManualQuerySchema = z.object({
  role: z.enum(SELECTABLE_ROLES, { error: key('validation.choose') }).optional(),
});

export const ManualPageSchema = z.object({
  id: z.number().int(),
  audience: z.enum(MANUAL_AUDIENCES),
  title: z.string(),
  body: z.string(),
  sort: z.number().int(),
  updated_at: z.string(),
});
export type ManualPage = z.infer<typeof ManualPageSchema>;

/* ---- micro-site (/xxribd) ---- */

export const SITE_PAGES = ['home', 'team', 'research'] as const;
export type SitePageSlug = (typeof SITE_PAGES)[number];

export const SitePageSaveSchema = z.object({
  slug: z.enum(SITE_PAGES, { error: key('validation.choose') }),
  title: requiredString(60),
  body: requiredString(ARTICLE_BODY_MAX),
});
export type SitePageSave = z.infer<typeof SitePageSaveSchema>;

/** `GET index/getSitePage?slug=` (public). */
export const SitePageQuerySchema = z.object({ slug: z.enum(SITE_PAGES, { error: key('validation.choose') }) });

/** A page never saved reads as empty: title '', body '', updated_at null. */
export const SitePageSchema = z.object({
  slug: z.enum(SITE_PAGES),
  title: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});
export type SitePage = z.infer<typeof SitePageSchema>;

/* ---- consultations ---- */

export const CONSULTATION_STATES = ['new', 'handled'] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];
export const CONSULTATION_TOPICS = ['cooperation', 'certification', 'jobs', 'other'] as const;
export type ConsultationTopic = (typeof CONSULTATION_TOPICS)[number];
export const CONSULTATION_CONTENT_MAX = 1000;

/** `POST index/addConsultation` (no sign-in needed): rate limited per IP and per mobile. */
export const ConsultationSchema = z.object({
  name: requiredString(30),
  phone: MobileSchema,
  email: EmailSchema.optional(),
  organisation: optionalString(60),
  topic: z.enum(CONSULTATION_TOPICS, { error: key('validation.choose') }),
  content: requiredString(CONSULTATION_CONTENT_MAX),
});
export type Consultation = z.infer<typeof ConsultationSchema>;

/** `GET content/consultation/list` (admin). */
export const ConsultationListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CONSULTATION_STATES, { error: key('validation.choose') }).optional(),
});

/** `POST content/consultation/handle`: mark handled with a reply note (once; a second answer is 409). */
export const ConsultationHandleSchema = z.object({ id: IdSchema, reply_note: requiredString(1000) });

/** `POST index/addConsultation` → the consultation received. */
export const ConsultationReceivedSchema = z.object({ id: z.number().int() });
export type ConsultationReceived = z.infer<typeof ConsultationReceivedSchema>;

export const ConsultationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  organisation: z.string().nullable(),
  topic: z.enum(CONSULTATION_TOPICS),
  content: z.string(),
  status: z.enum(CONSULTATION_STATES),
  reply_note: z.string().nullable(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type ConsultationItem = z.infer<typeof ConsultationItemSchema>;

export const ConsultationPageSchema = pageOf(ConsultationItemSchema).extend({
  counts: z.object({ new: z.number().int(), handled: z.number().int() }) satisfies z.ZodType<
    Record<ConsultationState, number>
  >,
});
export type ConsultationPage = z.infer<typeof ConsultationPageSchema>;

/* ---- statistics ---- */

/** The platform's counters (the numbers of `index/statistics`, and those `index/getSubStatic` picks from). */
const StatisticsCountersSchema = z.object({
  enterprises: z.number().int(),
  institutes: z.number().int(),
  specialists: z.number().int(),
  students: z.number().int(),
  demands_published: z.number().int(),
  /** Accepted solutions. */
  cooperations: z.number().int(),
  subjects: z.number().int(),
  directions: z.number().int(),
  jobs_open: z.number().int(),
});

/** `GET index/statistics` (public, cached for a minute). */
export const StatisticsSchema = StatisticsCountersSchema.extend({
  /** Published (and paused, completed) demands per industry code, most first (/industry). */
  demands_by_industry: z.array(z.object({ industry: z.string(), count: z.number().int() })),
  updated_at: z.string(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

export const SUB_STATIC_ROLES = ['enterprise', 'researchinstitute', 'specialist', 'student'] as const;
export type SubStaticRole = (typeof SUB_STATIC_ROLES)[number];

/** `GET index/getSubStatic?role=`: the numbers of one role page, as labelled counters. */
export const SubStaticQuerySchema = z.object({ role: z.enum(SUB_STATIC_ROLES, { error: key('validation.choose') }) });

export const SubStaticSchema = z.object({
  role: z.enum(SUB_STATIC_ROLES),
  /** In display order; labels are `portal.numbers.{key}` on the web. */
  numbers: z.array(z.object({ key: StatisticsCountersSchema.keyof(), value: z.number().int() })),
});
export type SubStatic = z.infer<typeof SubStaticSchema>;

/* ---- onboarding (index/checkStep) ---- */

export const ONBOARDING_STEPS = ['account', 'identity', 'certification', 'first_action'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** `GET index/checkStep` (signed in): where the user stands; `current` is the first step not done (null: all done). */
export const CheckStepSchema = z.object({
  current: z.enum(ONBOARDING_STEPS).nullable(),
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  /** The identity chosen (null before the identity step). */
  role: z.enum(SELECTABLE_ROLES).nullable(),
  verify_state: z.number().int().nullable(),
  /** What the first action is for the role, and where it is done (a web path). */
  first_action: z
    .object({ key: z.enum(['demand', 'solution', 'join_subject', 'join_direction']), path: z.string() })
    .nullable(),
});
export type CheckStep = z.infer<typeof CheckStepSchema>;

/* ---- appended by the server (issue 11) ---- */

/** `GET index/getRecomendArticle?limit=`: how many (default RECOMMENDED_ARTICLES, at most 20). */
export const RecommendQuerySchema = z.object({
  limit: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(1, key('validation.positive'))
    .max(20, key('validation.invalid'))
    .default(RECOMMENDED_ARTICLES),
});

/** `GET index/cover/:id`: an image of the content (article cover, banner image). */
export const ContentImageIdSchema = z.object({ id: IdSchema });

/** `POST content/upload_cover` → the stored image, to name as `cover_file_id` / `image_file_id`. */
export const ContentImageSchema = z.object({ file_id: z.number().int(), url: z.string() });
export type ContentImage = z.infer<typeof ContentImageSchema>;

/** Consultations per IP per hour and per phone per day (`index/addConsultation`). */
export const CONSULTATIONS_PER_IP_HOUR = 5;
export const CONSULTATIONS_PER_PHONE_DAY = 3;
