import { z } from 'zod';
import type { ValidationKey } from './messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { IdSchema, LONG_TITLE_MAX_UNITS, optionalString, requiredString, titleString } from './validation.ts';

/**
 * Notebooks, the achievement area and live kernels (issue 12, DESIGN §12).
 *
 * A notebook is an nbformat v4 document owned by one user. Its `content` is what the owner edits;
 * publishing copies it into a snapshot (`published`) that readers see, so a later edit never
 * leaks until it is published again.
 *
 * Who reads what:
 * - the owner and admins: everything, drafts included;
 * - any signed-in user: published notebooks (the owner's public page `/achievement/user/{id}`);
 * - visitors: notebooks whose contribution was accepted (the achievement area);
 * - the parties of a cooperation: the notebooks delivered to its solution or phase outcome
 *   (frozen copies, `notebook/deliverable/{id}`).
 * Anyone else gets 304 (signed in) or 305 (visitor) — never a hint that a draft exists.
 */

const key = (k: ValidationKey) => k;

/* ---- states ---- */

/** draft → published (owner's public page) → draft again (unpublish). */
export const NOTEBOOK_STATES = ['draft', 'published'] as const;
export type NotebookState = (typeof NOTEBOOK_STATES)[number];

/**
 * Contribution to the achievement area: none → pending (owner contributes a published notebook)
 * → accepted | rejected (admin, with a reason). A rejected or accepted notebook may be
 * contributed again after a new publish; publishing an accepted notebook again sends the new
 * snapshot back to pending (it leaves the area until accepted again). Unpublishing withdraws it.
 */
export const CONTRIBUTION_STATES = ['none', 'pending', 'accepted', 'rejected'] as const;
export type ContributionState = (typeof CONTRIBUTION_STATES)[number];

/* ---- limits ---- */

/** A notebook's title: 30 characters, CJK counting two (issue 30 §11). */
export const NOTEBOOK_TITLE_MAX_UNITS = LONG_TITLE_MAX_UNITS;
export const NOTEBOOK_DESCRIPTION_MAX = 500;
export const NOTEBOOK_REJECT_REASON_MAX = 300;
/** A saved or imported `.ipynb`, serialized as JSON, outputs included. */
export const NOTEBOOK_MAX_BYTES = 5 * 1024 * 1024;
/** The body of `notebook/save`: the document plus the form around it (413 beyond it). */
export const NOTEBOOK_SAVE_BODY_LIMIT = NOTEBOOK_MAX_BYTES + 256 * 1024;
export const NOTEBOOK_MAX_CELLS = 1000;
export const NOTEBOOK_ATTACHMENTS_MAX = 10;
export const NOTEBOOK_CATEGORY_NAME_MAX = 20;

/**
 * Kernel limits (defaults; the server reads overrides from its environment and reports the
 * values in force through `notebook/kernelInfo`).
 */
export const KERNEL_DEFAULTS = {
  /** RLIMIT_CPU of a kernel process: CPU seconds before the kernel is killed (and restarted). */
  cpuSeconds: 600,
  /** RLIMIT_AS of a kernel process. */
  memoryMb: 2048,
  /** One execution longer than this is interrupted; if it ignores the interrupt, the kernel restarts. */
  wallSeconds: 120,
  /** A kernel nobody used for this long is shut down (Jupyter's culling). */
  idleSeconds: 1800,
  /** Output of one execution beyond this many bytes is dropped, with a notice in the stream. */
  outputBytes: 2 * 1024 * 1024,
  /** RLIMIT_FSIZE: largest file a kernel may write. */
  fileMb: 100,
  /** Everything a kernel writes (home, working folder, /tmp, /dev/shm): one size-limited tmpfs per kernel. */
  diskMb: 500,
  /** Processes and threads of one kernel (RLIMIT_NPROC inside the kernel's own user namespace). */
  processes: 64,
} as const;

/**
 * Who may start a kernel (KERNEL_USERS): by default only users whose identity is certified
 * (verify_state verified), since an unverified account is free to make.
 */
export const KERNEL_USERS = ['verified', 'signed_in'] as const;
export type KernelUsers = (typeof KERNEL_USERS)[number];

/* ---- nbformat v4 (https://nbformat.readthedocs.io/en/latest/format_description.html) ---- */

/** Jupyter's multiline strings: one string or a list of lines. */
const MultilineSchema = z.union([z.string(), z.array(z.string())]);
const JsonObjectSchema = z.record(z.string(), z.unknown());
/** Mime bundle: `text/plain`, `image/png` (base64), `image/svg+xml`, `text/html`, `text/latex`, … */
const MimeBundleSchema = z.record(z.string(), z.union([MultilineSchema, JsonObjectSchema, z.array(z.unknown())]));

export const NbOutputSchema = z.discriminatedUnion('output_type', [
  z.object({ output_type: z.literal('stream'), name: z.enum(['stdout', 'stderr']), text: MultilineSchema }),
  z.object({
    output_type: z.literal('display_data'),
    data: MimeBundleSchema,
    metadata: JsonObjectSchema.default({}),
    transient: JsonObjectSchema.optional(),
  }),
  z.object({
    output_type: z.literal('execute_result'),
    execution_count: z.number().int().nullable(),
    data: MimeBundleSchema,
    metadata: JsonObjectSchema.default({}),
  }),
  z.object({
    output_type: z.literal('error'),
    ename: z.string(),
    evalue: z.string(),
    traceback: z.array(z.string()),
  }),
]);
export type NbOutput = z.infer<typeof NbOutputSchema>;

/** nbformat 4.5 gives every cell an id; older minors may omit it (the server assigns one). */
const CellIdSchema = z.string().regex(/^[a-zA-Z0-9-_]{1,64}$/);

export const NbCellSchema = z.discriminatedUnion('cell_type', [
  z.object({
    cell_type: z.literal('markdown'),
    id: CellIdSchema.optional(),
    source: MultilineSchema,
    metadata: JsonObjectSchema.default({}),
    attachments: JsonObjectSchema.optional(),
  }),
  z.object({
    cell_type: z.literal('code'),
    id: CellIdSchema.optional(),
    source: MultilineSchema,
    metadata: JsonObjectSchema.default({}),
    execution_count: z.number().int().nullable().default(null),
    outputs: z.array(NbOutputSchema).default([]),
  }),
  z.object({
    cell_type: z.literal('raw'),
    id: CellIdSchema.optional(),
    source: MultilineSchema,
    metadata: JsonObjectSchema.default({}),
    attachments: JsonObjectSchema.optional(),
  }),
]);
export type NbCell = z.infer<typeof NbCellSchema>;

/** A whole `.ipynb` document, nbformat 4 (any minor). */
export const NotebookDocumentSchema = z.object({
  nbformat: z.literal(4, { error: key('validation.notebookFormat') }),
  nbformat_minor: z.number().int().min(0),
  metadata: JsonObjectSchema.default({}),
  cells: z.array(NbCellSchema).max(NOTEBOOK_MAX_CELLS),
});
export type NotebookDocument = z.infer<typeof NotebookDocumentSchema>;

/** An empty notebook for the Python 3 kernel. */
export function emptyNotebook(): NotebookDocument {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells: [],
  };
}

/** A multiline string as one string. */
export function joinSource(source: string | readonly string[]): string {
  return typeof source === 'string' ? source : source.join('');
}

/* ---- notebook calls ---- */

/**
 * `POST notebook/save`: a new draft (no id) or an edit by the owner. `content` is the document;
 * `version` is the one the editor loaded (409 when someone saved in between: reload, never
 * overwrite). The serialized document must fit NOTEBOOK_MAX_BYTES (413 otherwise).
 */
export const NotebookSaveSchema = z.object({
  id: IdSchema.optional(),
  version: z.number().int().min(0).optional(),
  title: titleString(NOTEBOOK_TITLE_MAX_UNITS),
  description: optionalString(NOTEBOOK_DESCRIPTION_MAX),
  category_id: IdSchema.optional(),
  /** From `notebook/upload_cover` (image profile; advice 300x180, spec §9). */
  cover_file_id: IdSchema.optional(),
  content: NotebookDocumentSchema,
});
export type NotebookSave = z.infer<typeof NotebookSaveSchema>;

/** `notebook/detail/{id}`, `notebook/delete|publish|unpublish|contribute|copy`, … */
export const NotebookIdSchema = z.object({ id: IdSchema });

/**
 * `POST notebook/copy`: a new draft of the caller from a notebook they may read (`id`), or from a
 * notebook delivered to a cooperation they are a party of (`deliverable_id`). Exactly one of the two.
 */
export const NotebookCopySchema = z
  .object({ id: IdSchema.optional(), deliverable_id: IdSchema.optional() })
  .refine((v) => (v.id === undefined) !== (v.deliverable_id === undefined), {
    path: ['id'],
    error: key('validation.required'),
  });
export type NotebookCopy = z.infer<typeof NotebookCopySchema>;

/** `POST notebook/review` (admin): accept or reject a pending contribution. */
export const NotebookReviewSchema = z
  .object({
    id: IdSchema,
    decision: z.enum(['accept', 'reject'], { error: key('validation.choose') }),
    reason: optionalString(NOTEBOOK_REJECT_REASON_MAX),
  })
  .refine((v) => v.decision === 'accept' || (v.reason !== undefined && v.reason !== ''), {
    path: ['reason'],
    error: key('validation.required'),
  });
export type NotebookReview = z.infer<typeof NotebookReviewSchema>;

/** `GET notebook/my`: the caller's notebooks, newest change first. */
export const MyNotebooksQuerySchema = PageQuerySchema.extend({
  state: z.enum(NOTEBOOK_STATES, { error: key('validation.choose') }).optional(),
  keyword: optionalString(50),
});
export type MyNotebooksQuery = z.infer<typeof MyNotebooksQuerySchema>;

/** `GET notebook/achievements` (public): accepted notebooks, newest acceptance first. */
export const AchievementQuerySchema = PageQuerySchema.extend({
  category_id: IdSchema.optional(),
  keyword: optionalString(50),
});
export type AchievementQuery = z.infer<typeof AchievementQuerySchema>;

/** `GET notebook/userNotebooks?user_id=` (spec "user notebooks"): one user's public page. */
export const UserNotebooksQuerySchema = PageQuerySchema.extend({ user_id: IdSchema });
export type UserNotebooksQuery = z.infer<typeof UserNotebooksQuerySchema>;

/** `GET notebook/contributions` (admin): contributions by state, oldest pending first. */
export const ContributionsQuerySchema = PageQuerySchema.extend({
  contribution: z.enum(['pending', 'accepted', 'rejected'], { error: key('validation.choose') }).default('pending'),
});
export type ContributionsQuery = z.infer<typeof ContributionsQuerySchema>;

/** `POST notebook/delete_attachment`. */
export const NotebookAttachmentIdSchema = z.object({ id: IdSchema });

/** `POST notebook/upload_attachment?id=` (multipart): the notebook rides in the signed query. */
export const NotebookAttachmentUploadQuerySchema = z.object({ id: IdSchema });

/** `POST notebook/import?title=` (multipart): a title in the query (else the form's, the document's, the file's name). */
export const NotebookImportQuerySchema = z.object({ title: titleString(NOTEBOOK_TITLE_MAX_UNITS).optional() });

/** `GET notebook/attachment`: a signed attachment link; `u` is 0 for a visitor's. */
export const NotebookAttachmentLinkSchema = z.object({
  id: IdSchema,
  u: z.coerce.number().int().min(0),
  e: z.coerce.number().int(),
  n: z.string().min(1).max(300),
  s: z.string().min(1).max(100),
});

/* ---- deliverables (DESIGN §9: a notebook attached to a solution or a phase outcome) ---- */

export const DELIVERABLE_TARGETS = ['solution', 'phase'] as const;
export type DeliverableTarget = (typeof DELIVERABLE_TARGETS)[number];

/**
 * `POST notebook/attach`: the owner of the notebook, who may edit the solution (its institute)
 * or the phase outcome (its project's owner or members), freezes a copy of the notebook's current
 * content onto it. The receiver reads it through `notebook/deliverable/{id}`.
 */
export const NotebookAttachSchema = z.object({
  notebook_id: IdSchema,
  target: z.enum(DELIVERABLE_TARGETS, { error: key('validation.choose') }),
  target_id: IdSchema,
});
export type NotebookAttach = z.infer<typeof NotebookAttachSchema>;

/** `GET notebook/deliverables?target=&target_id=`: what was delivered there (readers of the target). */
export const DeliverablesQuerySchema = z.object({
  target: z.enum(DELIVERABLE_TARGETS, { error: key('validation.choose') }),
  target_id: IdSchema,
});
export type DeliverablesQuery = z.infer<typeof DeliverablesQuerySchema>;

/* ---- categories (admin: category/list|save|upload_cover|delete) ---- */

export const NotebookCategorySaveSchema = z.object({
  id: IdSchema.optional(),
  name_zh_cn: requiredString(NOTEBOOK_CATEGORY_NAME_MAX),
  name_zh_hk: requiredString(NOTEBOOK_CATEGORY_NAME_MAX),
  name_en: requiredString(NOTEBOOK_CATEGORY_NAME_MAX * 2),
  /** From `category/upload_cover`. */
  cover_file_id: IdSchema.optional(),
  sort: z.coerce
    .number({ error: key('validation.integer') })
    .int(key('validation.integer'))
    .min(0)
    .max(9999)
    .default(0),
});
export type NotebookCategorySave = z.infer<typeof NotebookCategorySaveSchema>;

export const NotebookCategoryIdSchema = z.object({ id: IdSchema });

/* ---- results ---- */

export const NotebookCategorySchema = z.object({
  id: z.number().int(),
  name_zh_cn: z.string(),
  name_zh_hk: z.string(),
  name_en: z.string(),
  cover_url: z.string().nullable(),
  cover_file_id: z.number().int().nullable(),
  sort: z.number().int(),
  /** Accepted notebooks in it. */
  notebook_count: z.number().int(),
});
export type NotebookCategory = z.infer<typeof NotebookCategorySchema>;

/** `POST notebook/upload_cover` and `category/upload_cover` → the stored image, to name as `cover_file_id`. */
export const NotebookImageSchema = z.object({ file_id: z.number().int(), url: z.string() });
export type NotebookImage = z.infer<typeof NotebookImageSchema>;

export const NotebookOwnerSchema = z.object({
  id: z.number().int(),
  /** Real name if given, else the masked account. */
  name: z.string(),
  avatar: z.string().nullable(),
});
export type NotebookOwner = z.infer<typeof NotebookOwnerSchema>;

export const NotebookAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string().nullable(),
  /** Signed download link. */
  url: z.string(),
});
export type NotebookAttachment = z.infer<typeof NotebookAttachmentSchema>;

/** A row of a list: no document. */
export const NotebookSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z
    .object({ id: z.number().int(), name_zh_cn: z.string(), name_zh_hk: z.string(), name_en: z.string() })
    .nullable(),
  cover_url: z.string().nullable(),
  owner: NotebookOwnerSchema,
  state: z.enum(NOTEBOOK_STATES),
  contribution: z.enum(CONTRIBUTION_STATES),
  reject_reason: z.string().nullable(),
  cells: z.number().int(),
  published_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  updated_at: z.string(),
});
export type NotebookSummary = z.infer<typeof NotebookSummarySchema>;

/**
 * A notebook's document in an answer: open JSON. It was checked against NotebookDocumentSchema
 * when it was saved or imported, and is answered as stored (nbformat leaves metadata and mime
 * bundles open); checking every nbformat field of up to 5 MB again on each answer would say
 * nothing new, so the answer's check (and the reference) only holds it to a JSON object, typed
 * as the document it is.
 */
const StoredDocumentSchema = z
  .custom<NotebookDocument>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
  .meta({ description: 'An nbformat 4 document (https://nbformat.readthedocs.io), as saved' });

/**
 * `GET notebook/detail/{id}`: the owner (and admins) get the editable `content` and `version`;
 * other readers get the published snapshot as `content` and `version: null`.
 */
export const NotebookDetailSchema = NotebookSummarySchema.extend({
  content: StoredDocumentSchema,
  version: z.number().int().nullable(),
  cover_file_id: z.number().int().nullable(),
  attachments: z.array(NotebookAttachmentSchema),
  /** Whether the caller may edit (owner). */
  editable: z.boolean(),
});
export type NotebookDetail = z.infer<typeof NotebookDetailSchema>;

export const NotebookPageSchema = pageOf(NotebookSummarySchema);
export type NotebookPage = z.infer<typeof NotebookPageSchema>;

/** A notebook frozen onto a solution or a phase outcome. */
export const NotebookDeliverableSchema = z.object({
  id: z.number().int(),
  notebook_id: z.number().int().nullable(),
  target: z.enum(DELIVERABLE_TARGETS),
  target_id: z.number().int(),
  title: z.string(),
  owner: NotebookOwnerSchema,
  created_at: z.string(),
});
export type NotebookDeliverable = z.infer<typeof NotebookDeliverableSchema>;

export const NotebookDeliverableDetailSchema = NotebookDeliverableSchema.extend({ content: StoredDocumentSchema });
export type NotebookDeliverableDetail = z.infer<typeof NotebookDeliverableDetailSchema>;

/** `GET notebook/kernelInfo`: whether code can run here, and the limits in force. */
export const KernelInfoSchema = z.object({
  available: z.boolean(),
  /**
   * Why not, when unavailable: Jupyter is not installed, it is starting or failed to start, or the
   * kernel jail (bubblewrap with user namespaces) cannot be built here, so kernels stay off.
   */
  reason: z.enum(['not_installed', 'starting', 'failed', 'no_sandbox']).nullable(),
  limits: z.object({
    cpu_seconds: z.number(),
    memory_mb: z.number(),
    wall_seconds: z.number(),
    idle_seconds: z.number(),
    output_bytes: z.number(),
    file_mb: z.number(),
    disk_mb: z.number(),
    processes: z.number(),
  }),
  /** The caller's running kernel, if any (one per user). */
  kernel_id: z.string().nullable(),
  /**
   * Whether the caller may start a kernel: `sign_in` for visitors, `verify` for a signed-in user
   * whose identity is not certified yet (KERNEL_USERS=verified, the default).
   */
  access: z.enum(['allowed', 'sign_in', 'verify']),
  /**
   * How kernels are isolated: `jail`, one bubblewrap sandbox per kernel started here; `gateway`,
   * an external Jupyter gateway whose operator carries the same promises (README). Absent while
   * kernels are unavailable.
   */
  isolation: z.enum(['jail', 'gateway']).optional(),
});
export type KernelInfo = z.infer<typeof KernelInfoSchema>;
