import { z } from 'zod';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema } from './msc.ts';
import { PageQuerySchema } from './pagination.ts';
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

export interface Wish {
  id: number;
  title: string;
  status: WishState;
  msc_fields: string[];
  description: string;
  partner_type: PartnerType;
  duration: WishDuration;
  org: { id: number; name: string };
  /** Shown to the owner and to institutes that responded. */
  contact: string | null;
  contact_phone: string | null;
  response_count: number;
  created_at: string;
  closed_at: string | null;
  /** The caller's own response (institutes), or null. */
  my_response: WishResponse | null;
  can: { close: boolean; respond: boolean };
}

export interface WishResponse {
  id: number;
  wish_id: number;
  institute: { id: number; name: string };
  message: string;
  contact: string;
  contact_phone: string;
  created_at: string;
}

export interface WishPage {
  items: Wish[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<WishState, number>;
}

export interface OpenWishPage {
  items: Wish[];
  next_cursor: string | null;
  /** Maintained count of open wishes without filters; null with filters. */
  total: number | null;
}

export interface WishResponsePage {
  items: WishResponse[];
  total: number;
  page: number;
  page_size: number;
}
