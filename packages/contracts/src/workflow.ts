import { z } from 'zod';
import { DEMAND_STATES } from './demands.ts';
import { IDENTITY_ROLES } from './identity.ts';
import type { ValidationKey } from './messages.ts';
import { DateSchema, PageQuerySchema, pageOf } from './pagination.ts';
import { PROJECT_STATES, RESEARCH_KINDS } from './research.ts';
import { SOLUTION_STATES } from './solutions.ts';
import { IdSchema, optionalString } from './validation.ts';

/** Approvals, to-dos and the audit log (issue 3 points 4, 7, 8). */

const key = (k: ValidationKey) => k;

/** `GET workflow/auth2ApproveList` / `V2` (admins): filters and pagination. */
export const ApproveListQuerySchema = PageQuerySchema.extend({
  status: z.coerce
    .number({ error: key('validation.choose') })
    .int(key('validation.choose'))
    .min(0, key('validation.choose'))
    .max(3, key('validation.choose'))
    .optional(),
  role: z.enum(IDENTITY_ROLES, { error: key('validation.choose') }).optional(),
  /** Matches the organisation or real name, the account, or the start of the phone number. */
  keyword: optionalString(50),
  /** Submitted on or after / on or before these days (China Standard Time). */
  date_from: DateSchema.optional(),
  date_to: DateSchema.optional(),
});
export type ApproveListQuery = z.infer<typeof ApproveListQuerySchema>;

export const AuthDetailQuerySchema = z.object({ id: IdSchema });

export const TODO_STATES = ['open', 'done', 'cancelled'] as const;
export type TodoState = (typeof TODO_STATES)[number];

/** Kinds of to-do item; later features add theirs. */
export const TODO_KINDS = [
  'certificationReview',
  'memberReview',
  'demandReview',
  'demandRejected',
  'solutionReview',
  'solutionDeclined',
  'cooperationStarted',
  'wishResponse',
  'jobApplication',
  'jobInterview',
  'jobOffer',
  'jobRejected',
  'researchApply',
  'researchInvite',
  'researchOutcomeReview',
  'researchOutcomeRevision',
  'researchQuestion',
  'researchAnswerReview',
  'researchAnswerReturned',
  // A consultation from the public contact form, for every admin (issue 11, content inbox).
  'consultationNew',
  // A notebook contributed to the achievement area, for every admin (issue 12).
  'notebookContribution',
  // The owner's contribution was rejected (the reason shows on the notebook).
  'notebookRejected',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export const TodoListQuerySchema = PageQuerySchema.extend({
  status: z.enum(TODO_STATES, { error: key('validation.choose') }).default('open'),
  /** Only items of this kind (the dashboard's counts open the list filtered: `?kind=researchApply`). */
  kind: z.enum(TODO_KINDS, { error: key('validation.choose') }).optional(),
});
export type TodoListQuery = z.infer<typeof TodoListQuerySchema>;

/** `GET sys/getLogs` (admins). */
export const LogsQuerySchema = PageQuerySchema.extend({
  actor_id: IdSchema.optional(),
  /** Matches the start of the actor's phone, or their account or real name. */
  actor: optionalString(60),
  /** An action (`certification.approve`) or a family of actions (`certification`). */
  action: optionalString(60),
  date_from: DateSchema.optional(),
  date_to: DateSchema.optional(),
});
export type LogsQuery = z.infer<typeof LogsQuerySchema>;

/* ---- results ---- */

export const TodoItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TODO_KINDS),
  /** What to do, in the caller's language. */
  title: z.string(),
  state: z.enum(TODO_STATES),
  /** What the item is about: `certification` → authDetail, `member_claim` → getUserAuth. */
  target_type: z.string(),
  target_id: z.number().int(),
  /** The web page where it is done (routes.ts), made by the server when the item was opened. */
  path: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;

/** `GET workflow/todoList`. */
export const TodoPageSchema = pageOf(TodoItemSchema);
export type TodoPage = z.infer<typeof TodoPageSchema>;

/** `GET workflow/todoCount`: open items the caller must act on. */
export const TodoCountSchema = z.object({ count: z.number().int() });
export type TodoCount = z.infer<typeof TodoCountSchema>;

export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), account: z.string(), truename: z.string().nullable() }).nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The JSON detail each module writes with its action (its own shape per action; the raw text if unparsable). */
  detail: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** `GET sys/getLogs`. */
export const AuditLogPageSchema = pageOf(AuditLogEntrySchema);
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

const count = z.number().int();
const countsBy = <T extends readonly [string, ...string[]]>(states: T) => z.record(z.enum(states), count);

/** A phase whose outcome is owed within the week or already late (the dashboard names the nearest few). */
export const PhaseDueSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  due_date: z.string(),
  project: z.object({ id: z.number().int(), kind: z.enum(RESEARCH_KINDS), title: z.string() }),
  /** Where the reader works on it (the research module's link, as a to-do about it would carry). */
  path: z.string(),
});
export type PhaseDue = z.infer<typeof PhaseDueSchema>;

/** How many days ahead the dashboard counts a phase as due (late ones always count). */
export const PHASE_DUE_DAYS = 7;

/** Phases of the reader's projects in progress not yet handed in (or returned) and due within PHASE_DUE_DAYS or late. */
export const PhasesDueSchema = z.object({ count, next: z.array(PhaseDueSchema) });
export type PhasesDue = z.infer<typeof PhasesDueSchema>;

/**
 * The caller's work per role they hold (null for a role they do not hold or cannot act in, such as
 * an enterprise role without a certified organisation). Every number is one indexed read of its module.
 */
export const DashboardWorkSchema = z.object({
  enterprise: z
    .object({
      /** Its demands by state (maintained totals). */
      demands: countsBy(DEMAND_STATES),
      /** Solutions submitted on its demands that wait for its accept or decline. */
      solutions_awaiting: count,
      /** Accepted solutions whose demand is still live (published or paused). */
      cooperations: count,
      /** It has never kept a demand: the dashboard asks it to publish the first. */
      first_demand: z.boolean(),
    })
    .nullable(),
  institute: z
    .object({
      /** Demands it received that are still published (it may answer them). */
      demands_received: count,
      solutions: countsBy(SOLUTION_STATES),
      subjects: countsBy(PROJECT_STATES),
    })
    .nullable(),
  specialist: z
    .object({
      /** Its own (custom) subjects by state. */
      subjects: countsBy(PROJECT_STATES),
      /** Subjects it is a member of. */
      subjects_joined: count,
      directions: countsBy(PROJECT_STATES),
      /** Applications to its projects waiting for its approval. */
      applications: count,
      /** Invitations to it waiting for an answer. */
      invitations: count,
      phases_due: PhasesDueSchema,
    })
    .nullable(),
  student: z
    .object({
      /** Directions it is a member of. */
      directions: count,
      invitations: count,
      /** Research questions posed to it and not answered: new ones, and answers returned to it. */
      questions: z.object({ assigned: count, returned: count }),
      phases_due: PhasesDueSchema,
    })
    .nullable(),
});
export type DashboardWork = z.infer<typeof DashboardWorkSchema>;

/** `GET workflow/dashboard`: the workspace home of every role. */
export const DashboardSchema = z.object({
  role: z.enum(IDENTITY_ROLES).nullable(),
  verify_state: z.number().int().nullable(),
  todo_count: z.number().int(),
  owned_org: z.object({ id: z.number().int(), name: z.string(), status: z.number().int() }).nullable(),
  memberships: z.array(z.object({ org_id: z.number().int(), org_name: z.string(), status: z.number().int() })),
  work: DashboardWorkSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
