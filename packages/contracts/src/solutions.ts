import { z } from 'zod';
import { AttachmentIdsSchema, BudgetSchema, FlagSchema } from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema } from './pagination.ts';
import { IdSchema, optionalString, requiredString } from './validation.ts';

/** Solutions (issue 5): a research institute's answer to a demand it received. */

const key = (k: ValidationKey) => k;

/** DESIGN §4: draft → submitted → accepted | declined; submitted → withdrawn. */
export const SOLUTION_STATES = ['draft', 'submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type SolutionState = (typeof SOLUTION_STATES)[number];

/** Reasons an enterprise picks when declining; the last two are given by the platform when a demand ends. */
export const DECLINE_REASONS = ['budget', 'approach', 'timeline', 'team', 'chosenOther', 'other'] as const;
export const SYSTEM_DECLINE_REASONS = ['demandCompleted', 'demandClosed'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number] | (typeof SYSTEM_DECLINE_REASONS)[number];

export const SOLUTION_TEXT_MAX = { approach: 20_000, team: 2_000, timeline: 2_000, decline_text: 500 } as const;

/** `POST solution/save`: create (with `demand_id`) or edit a draft; `commit` 1 also submits it. */
export const SolutionSaveSchema = z.object({
  id: IdSchema.optional(),
  demand_id: IdSchema,
  commit: FlagSchema.default(0),
  approach: requiredString(SOLUTION_TEXT_MAX.approach),
  team: requiredString(SOLUTION_TEXT_MAX.team),
  timeline: requiredString(SOLUTION_TEXT_MAX.timeline),
  /** Yuan, whole numbers. */
  cost_estimate: BudgetSchema,
  /** File node ids in the solution's own space. */
  attachments: AttachmentIdsSchema,
});
export type SolutionSave = z.infer<typeof SolutionSaveSchema>;

export const SolutionIdSchema = z.object({ id: IdSchema });

/** `GET solution/list`: institutes list their own (by status); enterprises pass `demand_id` to compare its solutions. */
export const SolutionListQuerySchema = PageQuerySchema.extend({
  status: z.enum(SOLUTION_STATES, { error: key('validation.choose') }).optional(),
  demand_id: IdSchema.optional(),
});
export type SolutionListQuery = z.infer<typeof SolutionListQuerySchema>;

type Loose = Record<string, unknown>;

/** `POST solution/decline`: a reason from the list, and free text (required for 'other'). */
export const DeclineSolutionSchema = z
  .object({
    id: IdSchema,
    reason: z.enum(DECLINE_REASONS, { error: key('validation.choose') }),
    reason_text: optionalString(SOLUTION_TEXT_MAX.decline_text),
  })
  .refine((v: Loose) => v.reason !== 'other' || (typeof v.reason_text === 'string' && v.reason_text !== ''), {
    path: ['reason_text'],
    error: key('validation.required'),
    when: () => true,
  });
export type DeclineSolution = z.infer<typeof DeclineSolutionSchema>;

/* ---- results ---- */

export interface SolutionAttachment {
  id: number;
  name: string;
  size: number;
  mime: string | null;
}

export interface Solution {
  id: number;
  demand: { id: number; title: string; status: string };
  institute: { id: number; name: string };
  status: SolutionState;
  approach: string;
  team: string;
  timeline: string;
  cost_estimate: number;
  attachments: SolutionAttachment[];
  /** The solution's file space (its institute uploads attachments there); null for the enterprise. */
  space_id: number | null;
  decline_reason: DeclineReason | null;
  decline_text: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  decided_at: string | null;
  can: { edit: boolean; submit: boolean; withdraw: boolean; accept: boolean; decline: boolean };
}

export interface SolutionPage {
  items: Solution[];
  /** From maintained counters (institutes) or the page itself (one demand's solutions). */
  total: number;
  page: number;
  page_size: number;
  counts: Record<SolutionState, number> | null;
}

export interface Cooperation {
  id: number;
  demand_id: number;
  solution_id: number;
  enterprise: { id: number; name: string };
  institute: { id: number; name: string };
  created_at: string;
}
