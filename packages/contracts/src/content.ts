import { z } from 'zod';
import { FlagSchema } from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema, type Page } from './pagination.ts';
import { SELECTABLE_ROLES } from './roles.ts';
import { EmailSchema, IdSchema, MobileSchema, optionalString, requiredString } from './validation.ts';

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

export const ARTICLE_TITLE_MAX = 100;
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
  title: requiredString(ARTICLE_TITLE_MAX),
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

export interface ArticleCategory {
  id: number;
  slug: string;
  name_zh_cn: string;
  name_zh_hk: string;
  name_en: string;
  sort: number;
  /** Seeded categories (SYSTEM_CATEGORY_SLUGS) keep their slug and cannot be deleted. */
  system: boolean;
  /** Published articles (visible now) in it. */
  article_count: number;
}

export interface ArticleSummary {
  id: number;
  title: string;
  summary: string | null;
  author: string | null;
  category: { id: number; slug: string; name_zh_cn: string; name_zh_hk: string; name_en: string };
  /** `/api/index/cover/{id}` or null. */
  cover_url: string | null;
  status: ArticleState;
  recommended: 0 | 1;
  publish_at: string | null;
  views: number;
  updated_at: string;
}

export interface Article extends ArticleSummary {
  body: string;
  cover_file_id: number | null;
  created_at: string;
}

/** `GET index/getNewsDetail`: the article, its neighbours in its category, and recommendations. */
export interface NewsDetail {
  article: Article;
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  recommended: ArticleSummary[];
}

export type ArticlePage = Page<ArticleSummary>;

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

export interface Banner {
  id: number;
  title: string;
  subtitle: string | null;
  image_file_id: number;
  image_url: string;
  link: string | null;
  sort: number;
  active: 0 | 1;
  updated_at: string;
}

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

export interface ManualPage {
  id: number;
  audience: ManualAudience;
  title: string;
  body: string;
  sort: number;
  updated_at: string;
}

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

export interface SitePage {
  slug: SitePageSlug;
  title: string;
  body: string;
  updated_at: string | null;
}

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

export interface ConsultationItem {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  organisation: string | null;
  topic: ConsultationTopic;
  content: string;
  status: ConsultationState;
  reply_note: string | null;
  handled_by: { id: number; name: string } | null;
  handled_at: string | null;
  created_at: string;
}

export interface ConsultationPage extends Page<ConsultationItem> {
  counts: Record<ConsultationState, number>;
}

/* ---- statistics ---- */

/** `GET index/statistics` (public, cached for a minute). */
export interface Statistics {
  enterprises: number;
  institutes: number;
  specialists: number;
  students: number;
  demands_published: number;
  /** Accepted solutions. */
  cooperations: number;
  subjects: number;
  directions: number;
  jobs_open: number;
  /** Published (and paused, completed) demands per industry code, most first (/industry). */
  demands_by_industry: { industry: string; count: number }[];
  updated_at: string;
}

export const SUB_STATIC_ROLES = ['enterprise', 'researchinstitute', 'specialist', 'student'] as const;
export type SubStaticRole = (typeof SUB_STATIC_ROLES)[number];

/** `GET index/getSubStatic?role=`: the numbers of one role page, as labelled counters. */
export const SubStaticQuerySchema = z.object({ role: z.enum(SUB_STATIC_ROLES, { error: key('validation.choose') }) });

export interface SubStatic {
  role: SubStaticRole;
  /** In display order; labels are `portal.numbers.{key}` on the web. */
  numbers: { key: keyof Omit<Statistics, 'demands_by_industry' | 'updated_at'>; value: number }[];
}

/* ---- onboarding (index/checkStep) ---- */

export const ONBOARDING_STEPS = ['account', 'identity', 'certification', 'first_action'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** `GET index/checkStep` (signed in): where the user stands; `current` is the first step not done (null: all done). */
export interface CheckStep {
  current: OnboardingStep | null;
  steps: { key: OnboardingStep; done: boolean }[];
  /** The identity chosen (null before the identity step). */
  role: (typeof SELECTABLE_ROLES)[number] | null;
  verify_state: number | null;
  /** What the first action is for the role, and where it is done (a web path). */
  first_action: { key: 'demand' | 'solution' | 'join_subject' | 'join_direction'; path: string } | null;
}

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
export interface ContentImage {
  file_id: number;
  url: string;
}

/** Consultations per IP per hour and per phone per day (`index/addConsultation`). */
export const CONSULTATIONS_PER_IP_HOUR = 5;
export const CONSULTATIONS_PER_PHONE_DAY = 3;
