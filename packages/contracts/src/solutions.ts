import { z } from 'zod';
import {
  AttachmentIdsSchema,
  BudgetSchema,
  CooperationSchema,
  DemandAttachmentSchema,
  FlagSchema,
  SOLUTION_STATES,
  type Cooperation,
  type SolutionState,
} from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { IdSchema, optionalString, requiredString } from './validation.ts';

/** Solutions (issue 5): a research institute's answer to a demand it received. */

const key = (k: ValidationKey) => k;

// Defined beside the demands (a demand's detail names the caller's solution), exported here too.
export { CooperationSchema, SOLUTION_STATES, type Cooperation, type SolutionState };

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

/** `GET demand/solutions` (enterprises): the answers to one demand (`id`), by status. */
export const DemandSolutionsQuerySchema = SolutionListQuerySchema.extend({ id: IdSchema });
export type DemandSolutionsQuery = z.infer<typeof DemandSolutionsQuerySchema>;

/* ---- results ---- */

const OrgRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const SolutionAttachmentSchema = DemandAttachmentSchema;
export type SolutionAttachment = z.infer<typeof SolutionAttachmentSchema>;

export const SolutionSchema = z.object({
  id: z.number().int(),
  /** The demand's status as stored (contracts DEMAND_STATES). */
  demand: z.object({ id: z.number().int(), title: z.string(), status: z.string() }),
  institute: OrgRefSchema,
  status: z.enum(SOLUTION_STATES),
  approach: z.string(),
  team: z.string(),
  timeline: z.string(),
  cost_estimate: z.number().int(),
  attachments: z.array(SolutionAttachmentSchema),
  /** The solution's file space (its institute uploads attachments there); null for the enterprise. */
  space_id: z.number().int().nullable(),
  decline_reason: z.enum([...DECLINE_REASONS, ...SYSTEM_DECLINE_REASONS]).nullable(),
  decline_text: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    withdraw: z.boolean(),
    accept: z.boolean(),
    decline: z.boolean(),
    /** Its institute may mark the decline read (`solution/markSeen`: its to-do is done); the web does on opening it. */
    acknowledge: z.boolean(),
  }),
});
export type Solution = z.infer<typeof SolutionSchema>;

export const SolutionPageSchema = pageOf(SolutionSchema).extend({
  /** From maintained counters (institutes) or the page itself (one demand's solutions). */
  total: z.number().int(),
  /** Per status for an institute's own list; null for one demand's solutions. */
  counts: z.record(z.enum(SOLUTION_STATES), z.number().int()).nullable(),
});
export type SolutionPage = z.infer<typeof SolutionPageSchema>;
