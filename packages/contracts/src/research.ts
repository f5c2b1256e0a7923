import { z } from 'zod';
import { AttachmentIdsSchema, DeadlineSchema, DemandAttachmentSchema, FlagSchema } from './demands.ts';
import type { ValidationKey } from './messages.ts';
import { ResearchFieldsSchema } from './msc.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { IdSchema, LONG_TITLE_MAX_UNITS, optionalString, requiredString, titleString } from './validation.ts';

/**
 * Research projects (issue 10, DESIGN §9): subjects and directions are ONE engine with two faces,
 * `subject/*` and `direction/*`; every rule here holds for both kinds.
 */

const key = (k: ValidationKey) => k;

export const RESEARCH_KINDS = ['subject', 'direction'] as const;
export type ResearchKind = (typeof RESEARCH_KINDS)[number];

/** DESIGN §4: draft → published (recruiting) ⇄ paused → in_progress → concluded | closed. */
export const PROJECT_STATES = ['draft', 'published', 'paused', 'in_progress', 'concluded', 'closed'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/**
 * The transitions, from → to, per call. `close` ends a project that never concluded; a draft may
 * be closed (abandoned) too. Everything not listed is 409.
 */
export const PROJECT_TRANSITIONS = {
  commit: { from: ['draft'], to: 'published' },
  pause: { from: ['published'], to: 'paused' },
  resume: { from: ['paused'], to: 'published' },
  start: { from: ['published', 'paused'], to: 'in_progress' },
  conclude: { from: ['in_progress'], to: 'concluded' },
  close: { from: ['draft', 'published', 'paused', 'in_progress'], to: 'closed' },
} as const satisfies Record<string, { from: readonly ProjectState[]; to: ProjectState }>;
export type ProjectTransition = keyof typeof PROJECT_TRANSITIONS;

/** States in which the project is still running: members may join, leave, be managed; it may be edited. */
export const LIVE_PROJECT_STATES = ['published', 'paused', 'in_progress'] as const satisfies readonly ProjectState[];

/** DESIGN §4 membership: applied → member | refused; invited → member | declined; member → left | removed. */
export const MEMBER_STATES = ['applied', 'member', 'refused', 'invited', 'declined', 'left', 'removed'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
/** A user has at most one open membership per project (a partial unique index holds it). */
export const OPEN_MEMBER_STATES = ['applied', 'invited', 'member'] as const satisfies readonly MemberState[];

export const PUBLISH_RANGES = ['public', 'group'] as const;
export type PublishRange = (typeof PUBLISH_RANGES)[number];

/** authorityManagement: what a member may do; the owner always has all of them. */
export const RESEARCH_PERMISSIONS = [
  'edit_plan',
  'upload_files',
  'submit_outcome',
  'review_outcome',
  'manage_members',
] as const;
export type ResearchPermission = (typeof RESEARCH_PERMISSIONS)[number];

export const PERMISSION_PRESETS = {
  manager: RESEARCH_PERMISSIONS,
  member: ['upload_files', 'submit_outcome'],
  viewer: [],
} as const satisfies Record<string, readonly ResearchPermission[]>;
export type PermissionPreset = keyof typeof PERMISSION_PRESETS;
/** What a new member gets on joining. */
export const DEFAULT_PRESET: PermissionPreset = 'member';

/** DESIGN §4 phase states (phases and outcomes come in a later session; the tables exist). */
export const PHASE_STATES = ['planned', 'submitted', 'accepted', 'revision_requested'] as const;
export type PhaseState = (typeof PHASE_STATES)[number];

export const RESEARCH_TEXT_MAX = { summary: 500, description: 20_000, note: 500, reason: 500 } as const;
export const HEADCOUNT_MAX = 500;
export const MAX_DESIGNEES = 200;

const UserIdsSchema = z
  .array(IdSchema, { error: key('validation.invalid') })
  .max(MAX_DESIGNEES, key('validation.maxItems'))
  .refine((ids) => new Set(ids).size === ids.length, { error: key('validation.duplicate') });

type Loose = Record<string, unknown>;

/**
 * `POST subject/save` | `direction/save`: creates (no id) or edits a draft; `commit` 1 also
 * publishes it (the isCommit of `submitted/{isCommit}`). `POST …/edit` takes the same body with
 * `id` for a running project. `designees` name the users of a `group` range.
 */
export const ProjectSaveSchema = z
  .object({
    id: IdSchema.optional(),
    commit: FlagSchema.default(0),
    title: titleString(LONG_TITLE_MAX_UNITS),
    summary: requiredString(RESEARCH_TEXT_MAX.summary),
    description: requiredString(RESEARCH_TEXT_MAX.description),
    msc_fields: ResearchFieldsSchema,
    publish_range: z.enum(PUBLISH_RANGES, { error: key('validation.choose') }).default('public'),
    designees: UserIdsSchema.default([]),
    headcount: z.coerce
      .number({ error: key('validation.integer') })
      .int(key('validation.integer'))
      .min(1, key('validation.positive'))
      .max(HEADCOUNT_MAX, key('validation.invalid')),
    apply_deadline: DeadlineSchema.optional(),
    confidential: FlagSchema.default(0),
    /** Directions only: a subject the specialist belongs to. */
    parent_id: IdSchema.optional(),
  })
  .refine((v: Loose) => v.publish_range !== 'group' || (Array.isArray(v.designees) && v.designees.length > 0), {
    path: ['designees'],
    error: key('validation.required'),
    when: () => true,
  });
export type ProjectSave = z.infer<typeof ProjectSaveSchema>;

export const ProjectIdSchema = z.object({ id: IdSchema });
export type ProjectId = z.infer<typeof ProjectIdSchema>;

/** `POST subject/fromSolution`: start a subject from an accepted solution (its institute only). */
export const FromSolutionSchema = z.object({ solution_id: IdSchema });

/** `GET subject/list` | `direction/list`: the caller's own projects (admins: all), newest change first. */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  status: z.enum(PROJECT_STATES, { error: key('validation.choose') }).optional(),
  /** `joined`: projects the caller is a member of instead of their own. */
  scope: z.enum(['own', 'joined'], { error: key('validation.choose') }).default('own'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

/** `GET subject/pool` | `direction/pool`: keyset pages (infinite scroll) of what the viewer may join. */
export const PoolQuerySchema = z.object({
  cursor: optionalString(200),
  page_size: PageQuerySchema.shape.page_size,
  msc: z
    .string({ error: key('validation.researchField') })
    .regex(/^\d{2}$/, key('validation.researchField'))
    .optional(),
  keyword: optionalString(50),
  /** Part of the owner's (organisation or person) name. */
  owner: optionalString(50),
  /**
   * 1: only projects sharing an MSC field with the viewer's certified research fields; with `msc`,
   * among the projects of that class.
   */
  recommended: FlagSchema.default(0),
});
export type PoolQuery = z.infer<typeof PoolQuerySchema>;

/** `POST …/apply`: a note for the owner; `accept_nda` 1 when the project is confidential. */
export const ApplySchema = z.object({
  id: IdSchema,
  note: requiredString(RESEARCH_TEXT_MAX.note),
  accept_nda: FlagSchema.default(0),
});
export type Apply = z.infer<typeof ApplySchema>;

export const MemberIdSchema = z.object({ member_id: IdSchema });
export type MemberId = z.infer<typeof MemberIdSchema>;

/** `POST …/refuseJoin`: the reason is required and shown to the applicant. */
export const RefuseJoinSchema = z.object({ member_id: IdSchema, reason: requiredString(RESEARCH_TEXT_MAX.reason) });
export type RefuseJoin = z.infer<typeof RefuseJoinSchema>;

/** `POST …/invite`: invite certified users (they get a to-do; group range adds them to the designees). */
export const InviteSchema = z.object({
  id: IdSchema,
  user_ids: UserIdsSchema.refine((ids) => ids.length > 0, { error: key('validation.required') }),
});
export type Invite = z.infer<typeof InviteSchema>;

/** `POST …/acceptInvite` | `…/declineInvite`, `…/leave`, `…/acceptNda`: on the project, as the invitee/member. */
export const RespondSchema = z.object({ id: IdSchema, accept_nda: FlagSchema.default(0) });
export type Respond = z.infer<typeof RespondSchema>;

/** `POST …/permissions`: a preset or an explicit set (the set wins when both are given). */
export const PermissionsSchema = z
  .object({
    member_id: IdSchema,
    preset: z.enum(['manager', 'member', 'viewer'], { error: key('validation.choose') }).optional(),
    permissions: z
      .array(z.enum(RESEARCH_PERMISSIONS, { error: key('validation.choose') }), { error: key('validation.invalid') })
      .refine((list) => new Set(list).size === list.length, { error: key('validation.duplicate') })
      .optional(),
  })
  .refine((v: Loose) => v.preset !== undefined || v.permissions !== undefined, {
    path: ['preset'],
    error: key('validation.required'),
    when: () => true,
  });
export type Permissions = z.infer<typeof PermissionsSchema>;

/** `GET …/searchUsers`: certified specialists (subject) resp. students (direction), by name or phone start. */
export const UserSearchSchema = z.object({ keyword: requiredString(50) });
export type UserSearch = z.infer<typeof UserSearchSchema>;

/** `GET subject/ofSolution`: the subjects started from a solution (the other way of the link). */
export const OfSolutionSchema = z.object({ solution_id: IdSchema });

/* ---- results ---- */

export const ProjectOwnerSchema = z.object({
  user_id: z.number().int(),
  org_id: z.number().int().nullable(),
  name: z.string(),
});
export type ProjectOwner = z.infer<typeof ProjectOwnerSchema>;

/** A project in lists and pools (no description). */
export const ProjectSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(RESEARCH_KINDS),
  title: z.string(),
  summary: z.string(),
  msc_fields: z.array(z.string()),
  publish_range: z.enum(PUBLISH_RANGES),
  headcount: z.number().int(),
  member_count: z.number().int(),
  apply_deadline: z.string().nullable(),
  confidential: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(PROJECT_STATES),
  owner: ProjectOwnerSchema,
  parent_id: z.number().int().nullable(),
  solution_id: z.number().int().nullable(),
  demand_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ResearchMemberSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  status: z.enum(MEMBER_STATES),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  permissions: z.array(z.enum(RESEARCH_PERMISSIONS)),
  nda_accepted_at: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ResearchMember = z.infer<typeof ResearchMemberSchema>;

export const ProjectDetailSchema = ProjectSummarySchema.extend({
  /** Null when the project is confidential and the viewer has not accepted the NDA. */
  description: z.string().nullable(),
  /** The shared file space, for the owner and members; null for others. */
  space_id: z.number().int().nullable(),
  /** Designated users of a group range (owner, managers, admins). */
  designees: z.array(z.number().int()),
  /** Members (status member); the owner and managers also see applications and invitations. */
  members: z.array(ResearchMemberSchema),
  /** The viewer's own membership, if any (latest). */
  my_membership: ResearchMemberSchema.nullable(),
  /** What the viewer may do: the owner has all. */
  my_permissions: z.array(z.enum(RESEARCH_PERMISSIONS)),
  is_owner: z.boolean(),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

export const ProjectPageSchema = pageOf(ProjectSummarySchema);
export type ProjectPage = z.infer<typeof ProjectPageSchema>;

/** A project of the pool, and whether it shares an MSC field with the viewer's research fields. */
export const PoolProjectSchema = ProjectSummarySchema.extend({ recommended: z.boolean() });
export type PoolProject = z.infer<typeof PoolProjectSchema>;

export const PoolPageSchema = z.object({
  items: z.array(PoolProjectSchema),
  next_cursor: z.string().nullable(),
});
export type PoolPage = z.infer<typeof PoolPageSchema>;

export const FoundUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked mobile. */
  phone: z.string(),
});
export type FoundUser = z.infer<typeof FoundUserSchema>;

/* ---- phases and outcomes (planOutcomeDetail) ---- */

export const PHASE_TEXT_MAX = { goal: 5_000, content: 20_000, comment: 2_000 } as const;
export const MAX_ASSIGNEES = 50;

/** `POST …/savePhase` (edit_plan): a new phase of a project, or an edit of a planned one (`phase_id`). */
export const PhaseSaveSchema = z.object({
  id: IdSchema,
  phase_id: IdSchema.optional(),
  title: titleString(),
  goal: requiredString(PHASE_TEXT_MAX.goal),
  due_date: DeadlineSchema.optional(),
  /** Members (status member) who submit the outcome; empty = any member with submit_outcome. */
  assignees: z
    .array(IdSchema, { error: key('validation.invalid') })
    .max(MAX_ASSIGNEES, key('validation.maxItems'))
    .refine((ids) => new Set(ids).size === ids.length, { error: key('validation.duplicate') })
    .default([]),
});
export type PhaseSave = z.infer<typeof PhaseSaveSchema>;

/** `POST …/submitOutcome` (submit_outcome, an assignee): planned | revision_requested → submitted. */
export const OutcomeSubmitSchema = z.object({
  phase_id: IdSchema,
  content: requiredString(PHASE_TEXT_MAX.content),
  /** File ids of the project's shared space, kept with the outcome (a snapshot of name and size). */
  attachments: AttachmentIdsSchema,
});
export type OutcomeSubmit = z.infer<typeof OutcomeSubmitSchema>;

/** `POST …/reviewOutcome` (review_outcome): submitted → accepted | revision_requested (comment required). */
export const OutcomeReviewSchema = z
  .object({ phase_id: IdSchema, accept: FlagSchema, comment: optionalString(PHASE_TEXT_MAX.comment) })
  .refine((v: Loose) => v.accept !== 0 || (typeof v.comment === 'string' && v.comment !== ''), {
    path: ['comment'],
    error: key('validation.required'),
    when: () => true,
  });
export type OutcomeReview = z.infer<typeof OutcomeReviewSchema>;

export const ResearchOutcomeSchema = z.object({
  id: z.number().int(),
  submitted_by: z.number().int(),
  content: z.string(),
  attachments: z.array(DemandAttachmentSchema),
  status: z.enum(['submitted', 'accepted', 'revision_requested']),
  review_comment: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type ResearchOutcome = z.infer<typeof ResearchOutcomeSchema>;

export const ResearchPhaseSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  goal: z.string(),
  due_date: z.string().nullable(),
  assignees: z.array(z.number().int()),
  status: z.enum(PHASE_STATES),
  /** Every submission and its review, oldest first (the history). */
  outcomes: z.array(ResearchOutcomeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResearchPhase = z.infer<typeof ResearchPhaseSchema>;

/* ---- research questions (researchQuestions, `question/*`) ---- */

/**
 * A direction's owner (or a member holding review_outcome) poses questions to student members.
 * Per assignee: assigned → answered → accepted | returned → answered … (every answer a row: the
 * history). An answer row: submitted → accepted | returned (comment required).
 */
export const QUESTION_ASSIGNEE_STATES = ['assigned', 'answered', 'accepted', 'returned'] as const;
export type QuestionAssigneeState = (typeof QUESTION_ASSIGNEE_STATES)[number];
export const ANSWER_STATES = ['submitted', 'accepted', 'returned'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];
/** Statement and answer follow the Markdown rule of other long fields (description: 20 000). */
export const QUESTION_TEXT_MAX = { statement: 20_000, content: 20_000, comment: 2_000 } as const;

const QuestionAssigneesSchema = z
  .array(IdSchema, { error: key('validation.invalid') })
  .min(1, key('validation.required'))
  .max(MAX_ASSIGNEES, key('validation.maxItems'))
  .refine((ids) => new Set(ids).size === ids.length, { error: key('validation.duplicate') });

/** `POST question/save`: a new question of direction `project_id`, or an edit (`question_id`). */
export const QuestionSaveSchema = z.object({
  project_id: IdSchema,
  question_id: IdSchema.optional(),
  title: titleString(LONG_TITLE_MAX_UNITS),
  statement: requiredString(QUESTION_TEXT_MAX.statement),
  due_date: DeadlineSchema.optional(),
  /** File ids of the direction's shared space. */
  attachments: AttachmentIdsSchema,
  assignees: QuestionAssigneesSchema,
});
export type QuestionSave = z.infer<typeof QuestionSaveSchema>;

/** `GET question/list` and `GET question/progress`: the questions of one direction. */
export const QuestionProjectSchema = z.object({ project_id: IdSchema });
/** `GET question/detail/:id`. */
export const QuestionIdSchema = z.object({ id: IdSchema });

/** `POST question/answer` (an assignee): assigned | returned → answered. */
export const AnswerSubmitSchema = z.object({
  question_id: IdSchema,
  content: requiredString(QUESTION_TEXT_MAX.content),
  attachments: AttachmentIdsSchema,
});
export type AnswerSubmit = z.infer<typeof AnswerSubmitSchema>;

/** `POST question/review`: a submitted answer → accepted, or returned (comment required). */
export const AnswerReviewSchema = z
  .object({ answer_id: IdSchema, accept: FlagSchema, comment: optionalString(QUESTION_TEXT_MAX.comment) })
  .refine((v: Loose) => v.accept !== 0 || (typeof v.comment === 'string' && v.comment !== ''), {
    path: ['comment'],
    error: key('validation.required'),
    when: () => true,
  });
export type AnswerReview = z.infer<typeof AnswerReviewSchema>;

export const ResearchAnswerSchema = z.object({
  id: z.number().int(),
  question_id: z.number().int(),
  user_id: z.number().int(),
  content: z.string(),
  attachments: z.array(DemandAttachmentSchema),
  status: z.enum(ANSWER_STATES),
  review_comment: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type ResearchAnswer = z.infer<typeof ResearchAnswerSchema>;

export const QuestionAssigneeSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  status: z.enum(QUESTION_ASSIGNEE_STATES),
});
export type QuestionAssignee = z.infer<typeof QuestionAssigneeSchema>;

export const ResearchQuestionSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_title: z.string(),
  title: z.string(),
  statement: z.string(),
  due_date: z.string().nullable(),
  attachments: z.array(DemandAttachmentSchema),
  /** All assignees for the owner and reviewers; only the caller's own row for a student. */
  assignees: z.array(QuestionAssigneeSchema),
  /** Answers, oldest first (the history); a student sees only their own. Empty in lists. */
  answers: z.array(ResearchAnswerSchema),
  created_by: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResearchQuestion = z.infer<typeof ResearchQuestionSchema>;

/** `GET question/progress`: per assignee, counts by state and the latest state per question. */
export const StudentProgressSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Every state, 0 included. */
  counts: z.record(z.enum(QUESTION_ASSIGNEE_STATES), z.number().int()),
  questions: z.array(
    z.object({ question_id: z.number().int(), title: z.string(), status: z.enum(QUESTION_ASSIGNEE_STATES) }),
  ),
});
export type StudentProgress = z.infer<typeof StudentProgressSchema>;

/* ---- deliverables (`POST subject/download` | `direction/download` {id}) ---- */

/**
 * A signed link to the project's deliverables zip, opened by the browser: the shared file
 * space's live tree under `files/`, and per accepted phase `phases/<position>-<title>/` with
 * `outcome.md` (the accepted outcome) and its attachments. `name` is the zip's file name.
 */
export const DeliverablesLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  name: z.string(),
});
export type DeliverablesLink = z.infer<typeof DeliverablesLinkSchema>;

/** The query of the signed link (`GET subject/download` | `direction/download`). */
export const DeliverablesLinkQuerySchema = z.object({
  id: IdSchema,
  u: IdSchema,
  e: z.coerce.number().int(),
  n: z.string().min(1).max(300),
  s: z.string().min(1).max(100),
});
export type DeliverablesLinkQuery = z.infer<typeof DeliverablesLinkQuerySchema>;

/** `GET research/memberProject?member_id=`: where a membership's to-do leads (the member, the project's managers, admins). */
export const MemberProjectSchema = z.object({
  kind: z.enum(RESEARCH_KINDS),
  project_id: z.number().int(),
});
export type MemberProject = z.infer<typeof MemberProjectSchema>;
