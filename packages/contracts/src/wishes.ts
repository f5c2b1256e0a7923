import { z } from 'zod';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema } from './msc.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { IdSchema, PhoneSchema, optionalString, requiredString, titleString } from './validation.ts';

/** Cooperation wishes (issue 5): an enterprise's open-ended wish; institutes respond. */

const key = (k: ValidationKey) => k;

/** DESIGN §4: open → closed; responses attach to an open wish. */
export const WISH_STATES = ['open', 'closed'] as const;
export type WishState = (typeof WISH_STATES)[number];

export const PARTNER_TYPES = ['researchInstitute', 'university', 'specialistTeam', 'any'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];
/** How long the cooperation is meant to last. */
export const WISH_DURATIONS = ['upTo3Months', 'upTo6Months', 'upTo1Year', 'over1Year', 'longTerm'] as const;
export type WishDuration = (typeof WISH_DURATIONS)[number];

export const WISH_TEXT_MAX = { description: 5_000, message: 2_000 } as const;

/** `POST cooperateWish/create`. */
export const WishCreateSchema = z.object({
  title: titleString(),
  msc_fields: ResearchFieldsSchema,
  description: requiredString(WISH_TEXT_MAX.description),
  partner_type: z.enum(PARTNER_TYPES, { error: key('validation.choose') }),
  duration: z.enum(WISH_DURATIONS, { error: key('validation.choose') }),
  contact: requiredString(30),
  contact_phone: PhoneSchema,
});
export type WishCreate = z.infer<typeof WishCreateSchema>;

export const WishIdSchema = z.object({ id: IdSchema });

export const WishListQuerySchema = PageQuerySchema.extend({
  status: z.enum(WISH_STATES, { error: key('validation.choose') }).optional(),
});
export type WishListQuery = z.infer<typeof WishListQuerySchema>;

/** `GET cooperateWish/openList` (institutes): open wishes, newest first, keyset-paginated. */
export const OpenWishListQuerySchema = z.object({
  cursor: optionalString(200),
  page_size: PageQuerySchema.shape.page_size,
  msc: z
    .string({ error: key('validation.researchField') })
    .regex(/^\d{2}$/, key('validation.researchField'))
    .optional(),
  keyword: optionalString(50),
});
export type OpenWishListQuery = z.infer<typeof OpenWishListQuerySchema>;

/** `POST cooperateWish/respond` (institutes). */
export const WishRespondSchema = z.object({
  id: IdSchema,
  message: requiredString(WISH_TEXT_MAX.message),
  contact: requiredString(30),
  contact_phone: PhoneSchema,
});
export type WishRespond = z.infer<typeof WishRespondSchema>;

export const WishResponsesQuerySchema = PageQuerySchema.extend({ id: IdSchema });

/* ---- results ---- */

const OrgRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const WishResponseSchema = z.object({
  id: z.number().int(),
  wish_id: z.number().int(),
  institute: OrgRefSchema,
  message: z.string(),
  contact: z.string(),
  contact_phone: z.string(),
  created_at: z.string(),
});
export type WishResponse = z.infer<typeof WishResponseSchema>;

export const WishSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(WISH_STATES),
  msc_fields: z.array(z.string()),
  description: z.string(),
  partner_type: z.enum(PARTNER_TYPES),
  duration: z.enum(WISH_DURATIONS),
  org: OrgRefSchema,
  /** Shown to the owner and to institutes that responded. */
  contact: z.string().nullable(),
  contact_phone: z.string().nullable(),
  response_count: z.number().int(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** The caller's own response (institutes), or null. */
  my_response: WishResponseSchema.nullable(),
  can: z.object({ close: z.boolean(), respond: z.boolean() }),
});
export type Wish = z.infer<typeof WishSchema>;

export const WishPageSchema = pageOf(WishSchema).extend({
  counts: z.object({ open: z.number().int(), closed: z.number().int() }) satisfies z.ZodType<Record<WishState, number>>,
});
export type WishPage = z.infer<typeof WishPageSchema>;

export const OpenWishPageSchema = z.object({
  items: z.array(WishSchema),
  next_cursor: z.string().nullable(),
  /** Maintained count of open wishes without filters; null with filters. */
  total: z.number().int().nullable(),
});
export type OpenWishPage = z.infer<typeof OpenWishPageSchema>;

export const WishResponsePageSchema = pageOf(WishResponseSchema);
export type WishResponsePage = z.infer<typeof WishResponsePageSchema>;
