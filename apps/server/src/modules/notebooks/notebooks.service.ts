import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { STATUS } from '@mathbridge/contracts/api';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { findNulCharacter, fitUnits } from '@mathbridge/contracts/validation';
import {
  NOTEBOOK_ATTACHMENTS_MAX,
  NOTEBOOK_MAX_BYTES,
  NOTEBOOK_TITLE_MAX_UNITS,
  NotebookDocumentSchema,
  type AchievementQuery,
  type ContributionState,
  type ContributionsQuery,
  type DeliverableTarget,
  type DeliverablesQuery,
  type MyNotebooksQuery,
  type NotebookAttach,
  type NotebookCategory,
  type NotebookCategorySave,
  type NotebookCopy,
  type NotebookDeliverable,
  type NotebookDeliverableDetail,
  type NotebookDetail,
  type NotebookDocument,
  type NotebookPage,
  type NotebookReview,
  type NotebookSave,
  type UserNotebooksQuery,
} from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { ShortCache } from '../../db/short-cache.ts';
import type { NotebookCategoryRow, NotebookRow } from '../../db/types.ts';
import { AppError, conflict, forbidden, invalidField, notFound, notLoggedIn } from '../../lib/errors.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { sizeLabel } from '../../lib/upload.ts';
import { isAdmin, requireAdmin, type Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { orgOf } from '../identity/org-actor.service.ts';
import { rolesOf } from '../user/user.service.ts';
import { solutionDetail, solutionWithDemand } from '../demands/solutions.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  releaseAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { checkRecordZipLink, recordZipLink } from '../files/download.service.ts';
import { phaseAccess } from '../research/phases.service.ts';
import { requirePermission, requireReader } from '../research/research.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { closeTodos, openTodo } from '../workflow/todo.service.ts';
import {
  notebookImageUrl,
  presentAttachment,
  presentCategory,
  presentDeliverable,
  presentOwner,
  presentSummary,
} from './notebooks.presenter.ts';
import * as repo from './notebooks.repository.ts';

/**
 * Notebooks, their categories and deliverables (issue 12, DESIGN §12). States: draft → published
 * → draft (unpublish); contribution none → pending → accepted | rejected, moved only by the owner
 * (contribute, publish again, unpublish) and admins (review). Every move is one transaction: a
 * guarded UPDATE on the row's `rev` (or `contribution`) with its audit row and to-dos, so parallel
 * requests make one move and the others answer 409. Readers (contracts/notebooks.ts): the owner and
 * admins everything; signed-in users published notebooks; visitors accepted ones; anyone else 304
 * (signed in) or 305 (visitor), for a missing id too, so a draft's existence never shows.
 */

/** Stored files of these purposes: covers (notebooks and categories) and attachments. */
const NOTEBOOK_IMAGE = 'notebook_image';
const NOTEBOOK_ATTACHMENT = 'notebook_attachment';
/** The path of signed attachment links (files module's record links). */
const ATTACHMENT_PATH = 'notebook/attachment';
const TARGET = (id: number) => ({ type: 'notebook', id });

const wrongState = () => conflict('errors.notebookWrongState');
const versionConflict = () => conflict('errors.notebookVersionConflict');
const tooLarge = () =>
  new AppError(STATUS.tooLarge, 'errors.notebookTooLarge', { size: sizeLabel(NOTEBOOK_MAX_BYTES) });
/** The refusal for a notebook the caller may not see (or that does not exist): never a hint which. */
const refuse = (caller: Caller | null) => (caller ? forbidden() : notLoggedIn());

/* ---- categories (a few rows, read by most lists: kept for a moment) ---- */

const categoryCache = new ShortCache<'all', NotebookCategoryRow[]>(['notebook_categories']);
const countCache = new ShortCache<'all', Map<number, number>>(['notebooks']);

async function categoryMap(db: Db): Promise<Map<number, NotebookCategoryRow>> {
  const rows = await categoryCache.get(db, 'all', () => repo.listCategories(db));
  return new Map(rows.map((c) => [c.id, c]));
}

/** GET category/list (public): every category with its accepted notebooks. */
export async function listCategories(ctx: AppContext): Promise<NotebookCategory[]> {
  const [rows, counts] = await Promise.all([
    categoryCache.get(ctx.db, 'all', () => repo.listCategories(ctx.db)),
    countCache.get(ctx.db, 'all', () => repo.acceptedCounts(ctx.db)),
  ]);
  return rows.map((row) => presentCategory(row, counts.get(row.id) ?? 0));
}

/** 400 on `field` unless the id names a notebook image (uploaded by `uploaderId`, when given). */
async function requireImage(db: Db, fileId: number, field: string, locale: Locale, uploaderId?: number) {
  const [file] = await findAttachedFiles(db, [fileId]);
  if (!file || file.purpose !== NOTEBOOK_IMAGE || (uploaderId !== undefined && file.owner_id !== uploaderId))
    throw invalidField(field, 'fileInvalid', translate(locale, 'validation.fileInvalid'));
}

/** POST category/save (admin): a new category or an edit. */
export async function saveCategory(
  ctx: AppContext,
  caller: Caller,
  input: NotebookCategorySave,
  ip: string,
  locale: Locale,
): Promise<NotebookCategory> {
  requireAdmin(caller);
  if (input.cover_file_id !== undefined) await requireImage(ctx.db, input.cover_file_id, 'cover_file_id', locale);
  const now = nowIso();
  const fields = {
    name_zh_cn: input.name_zh_cn,
    name_zh_hk: input.name_zh_hk,
    name_en: input.name_en,
    cover_file_id: input.cover_file_id ?? null,
    sort: input.sort,
    updated_at: now,
  };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertCategory(trx, { ...fields, created_at: now })
        : await repo.updateCategory(trx, input.id, fields);
    if (!saved) throw notFound('errors.notebookCategoryNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'notebook.category.create' : 'notebook.category.update',
      targetType: 'notebook_category',
      targetId: saved.id,
      detail: { name: saved.name_zh_cn },
      ip,
    });
    return saved;
  });
  const counts = await repo.acceptedCounts(ctx.db);
  return presentCategory(row, counts.get(row.id) ?? 0);
}

/**
 * POST category/delete (admin): 409 while notebooks use it. A save racing the delete either lands
 * first (the delete then finds it, or the foreign key refuses it: 409) or finds the category gone.
 */
export async function deleteCategory(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    const existing = await repo.findCategory(trx, id);
    if (!existing) throw notFound('errors.notebookCategoryNotFound');
    if (await repo.categoryInUse(trx, id)) throw conflict('errors.notebookCategoryInUse');
    if (!(await repo.deleteCategory(trx, id))) throw notFound('errors.notebookCategoryNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.category.delete',
      targetType: 'notebook_category',
      targetId: id,
      detail: { name: existing.name_zh_cn },
      ip,
    });
  });
  return null;
}

/* ---- images ---- */

/** POST notebook/upload_cover and category/upload_cover: a jpg/png of the image profile (sniffed). */
export async function uploadImage(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<{ file_id: number; url: string }> {
  const stored = await storeAttachedBytes(ctx, 'notebook-images', UPLOAD_PROFILES.image, file);
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      const recorded = await recordAttachedFile(trx, stored, { ownerId: caller.id, purpose: NOTEBOOK_IMAGE });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'notebook.image.upload',
        targetType: 'stored_file',
        targetId: recorded.id,
        ip,
      });
      return recorded;
    });
    return { file_id: row.id, url: notebookImageUrl(row.id) ?? '' };
  } catch (error) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'refused image not removed from storage'));
    throw error;
  }
}

/**
 * GET notebook/cover/:id: a category's cover for anyone; a notebook's cover for whoever may read
 * that notebook; an image not used yet for its uploader and admins. Null: nothing to show (404).
 * `cache` is 'public' for a category's cover only: a notebook's may stop showing (unpublished,
 * withdrawn) and must not outlive that in shared caches.
 */
export async function readImage(
  ctx: AppContext,
  caller: Caller | null,
  fileId: number,
): Promise<(StoredBytes & { cache: 'public' | 'private' }) | null> {
  const [file] = await findAttachedFiles(ctx.db, [fileId]);
  if (!file || file.purpose !== NOTEBOOK_IMAGE) return null;
  const categoryCover = await repo.isCategoryCover(ctx.db, fileId);
  let shown = categoryCover || (caller !== null && (isAdmin(caller) || caller.id === file.owner_id));
  if (!shown) {
    const notebooks = await repo.notebooksOfCover(ctx.db, fileId);
    shown = notebooks.some((notebook) => readerKind(caller, notebook) !== null);
  }
  const bytes = shown ? await openAttachedFile(ctx, file.storage_key) : null;
  return bytes && { ...bytes, cache: categoryCover ? 'public' : 'private' };
}

/* ---- reading ---- */

type ReaderKind = 'owner' | 'admin' | 'reader';

/** What the caller is to a notebook, or null when they may not read it. */
function readerKind(
  caller: Pick<Caller, 'id' | 'roles'> | null,
  row: Pick<NotebookRow, 'owner_id' | 'state' | 'contribution'>,
): ReaderKind | null {
  if (caller && caller.id === row.owner_id) return 'owner';
  if (caller && isAdmin(caller)) return 'admin';
  if (row.state !== 'published') return null;
  if (caller || row.contribution === 'accepted') return 'reader';
  return null;
}

/** The notebook and what the caller is to it; 304/305 when they may not read it (or it is missing). */
async function readable(db: Db, caller: Caller | null, id: number) {
  const row = await repo.findNotebook(db, id);
  if (!row) {
    if (caller && isAdmin(caller)) throw notFound('errors.notebookNotFound');
    throw refuse(caller);
  }
  const kind = readerKind(caller, row);
  if (!kind) throw refuse(caller);
  return { row, kind };
}

/** The caller's own notebook; anyone else's (or a missing one) is 304. */
async function owned(db: Db, caller: Caller, id: number): Promise<NotebookRow> {
  const row = await repo.findNotebook(db, id);
  if (!row || row.owner_id !== caller.id) throw forbidden();
  return row;
}

/** The document a reader of this kind sees: the owner's (and admins') editable one, else the snapshot. */
function documentFor(row: NotebookRow, kind: ReaderKind): NotebookDocument {
  const text = kind === 'reader' ? row.published : row.content;
  return JSON.parse(text ?? row.content) as NotebookDocument;
}

function attachmentLink(ctx: AppContext, viewerId: number, attachment: { id: number; name: string }): string {
  return recordZipLink(ctx, ATTACHMENT_PATH, attachment.id, viewerId, attachment.name).url;
}

/** GET notebook/detail/:id. */
export async function notebookDetail(ctx: AppContext, caller: Caller | null, id: number): Promise<NotebookDetail> {
  const { row, kind } = await readable(ctx.db, caller, id);
  const [categories, attachments] = await Promise.all([categoryMap(ctx.db), repo.listAttachments(ctx.db, id)]);
  const viewerId = caller?.id ?? 0;
  return {
    ...presentSummary(row, categories, kind === 'reader', kind !== 'reader'),
    content: documentFor(row, kind),
    version: kind === 'reader' ? null : row.version,
    cover_file_id: row.cover_file_id,
    attachments: attachments.map((a) => presentAttachment(a, attachmentLink(ctx, viewerId, a))),
    editable: kind === 'owner',
  };
}

/** GET notebook/export/:id: the `.ipynb` the caller may read (as detail), and its file name. */
export async function exportNotebook(
  ctx: AppContext,
  caller: Caller | null,
  id: number,
): Promise<{ name: string; body: string }> {
  const { row, kind } = await readable(ctx.db, caller, id);
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const name = `${row.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')}.ipynb`;
  return { name, body: JSON.stringify(documentFor(row, kind), null, 1) };
}

async function page(
  ctx: AppContext,
  query: { page: number; page_size: number },
  filter: repo.NotebookFilter,
  order: Parameters<typeof repo.listNotebooks>[2],
  snapshot: boolean,
  showReview: boolean,
): Promise<NotebookPage> {
  const [rows, total, categories] = await Promise.all([
    repo.listNotebooks(ctx.db, filter, order, query.page_size, offsetOf(query)),
    repo.countNotebooks(ctx.db, filter),
    categoryMap(ctx.db),
  ]);
  return pageOf(
    query,
    rows.map((row) => presentSummary(row, categories, snapshot, showReview)),
    total,
  );
}

/** GET notebook/my: the caller's notebooks, newest change first. */
export const myNotebooks = (ctx: AppContext, caller: Caller, query: MyNotebooksQuery) =>
  page(ctx, query, { ownerId: caller.id, state: query.state, keyword: query.keyword }, 'updated', false, true);

/** GET notebook/achievements (public): accepted notebooks, newest acceptance first. */
export const achievements = (ctx: AppContext, query: AchievementQuery) =>
  page(
    ctx,
    query,
    { contribution: 'accepted', state: 'published', categoryId: query.category_id, keyword: query.keyword },
    'accepted',
    true,
    false,
  );

/** GET notebook/userNotebooks: a user's public page; signed in: their published notebooks, visitors: accepted ones. */
export const userNotebooks = (ctx: AppContext, caller: Caller | null, query: UserNotebooksQuery) =>
  page(
    ctx,
    query,
    { ownerId: query.user_id, state: 'published', ...(caller ? {} : { contribution: 'accepted' }) },
    'published',
    true,
    false,
  );

/** GET notebook/contributions (admin): contributions in one state, oldest first. */
export function contributions(ctx: AppContext, caller: Caller, query: ContributionsQuery) {
  requireAdmin(caller);
  return page(ctx, query, { contribution: query.contribution }, 'contributed', true, true);
}

/* ---- writing ---- */

/** The document as stored: cell ids assigned where missing (or repeated), serialized; 413 past the limit. */
export function serializeDocument(doc: NotebookDocument): { text: string; cells: number } {
  const seen = new Set<string>();
  const cells = doc.cells.map((cell) => {
    let id = cell.id;
    while (id === undefined || seen.has(id)) id = randomBytes(6).toString('hex');
    seen.add(id);
    return { ...cell, id };
  });
  const text = JSON.stringify({ ...doc, nbformat_minor: Math.max(doc.nbformat_minor, 5), cells });
  if (Buffer.byteLength(text, 'utf8') > NOTEBOOK_MAX_BYTES) throw tooLarge();
  return { text, cells: cells.length };
}

async function checkCategory(db: Db, id: number | undefined, locale: Locale): Promise<void> {
  if (id !== undefined && !(await repo.findCategory(db, id)))
    throw invalidField('category_id', 'notFound', translate(locale, 'errors.notebookCategoryNotFound'));
}

/**
 * POST notebook/save: a new draft (no id), or the owner's edit of `version` (409 when another save
 * came first: the editor reloads, never overwrites). Title, description, category and cover change
 * at once; readers keep the published snapshot until the next publish.
 */
export async function saveNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookSave,
  ip: string,
  locale: Locale,
): Promise<NotebookDetail> {
  const { text, cells } = serializeDocument(input.content);
  if (input.cover_file_id !== undefined) {
    // Ownership first: another's (or a missing) notebook is 304 whatever the cover, so the answer
    // never tells which cover a foreign notebook has, nor whether it exists.
    const current = input.id === undefined ? undefined : await owned(ctx.db, caller, input.id);
    if (current?.cover_file_id !== input.cover_file_id)
      await requireImage(ctx.db, input.cover_file_id, 'cover_file_id', locale, caller.id);
  }
  const now = nowIso();
  const fields = {
    title: input.title,
    description: input.description ?? null,
    category_id: input.category_id ?? null,
    cover_file_id: input.cover_file_id ?? null,
    content: text,
    cells,
    updated_at: now,
  };
  let replacedCover: number | null = null;
  const id = await inTransaction(ctx.db, async (trx) => {
    await checkCategory(trx, input.category_id, locale);
    if (input.id === undefined) {
      const created = await repo.insertNotebook(trx, {
        ...fields,
        owner_id: caller.id,
        state: 'draft',
        contribution: 'none',
        created_at: now,
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'notebook.create',
        targetType: 'notebook',
        targetId: created.id,
        ip,
      });
      return created.id;
    }
    const row = await owned(trx, caller, input.id);
    if (input.version === undefined)
      throw invalidField('version', 'required', translate(locale, 'validation.required'));
    if (row.version !== input.version) throw versionConflict();
    const saved = await repo.updateNotebook(
      trx,
      row.id,
      { version: input.version },
      {
        ...fields,
        version: input.version + 1,
      },
    );
    if (!saved) throw versionConflict();
    replacedCover = row.cover_file_id !== fields.cover_file_id ? row.cover_file_id : null;
    return row.id;
  });
  // A replaced (or removed) cover goes, unless another notebook or a category still shows it.
  if (replacedCover !== null) await releaseFiles(ctx, [replacedCover]);
  return notebookDetail(ctx, caller, id);
}

/** Reads a `.ipynb` upload whole (it is parsed as one document), 413 past NOTEBOOK_MAX_BYTES. */
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > NOTEBOOK_MAX_BYTES) {
      stream.resume();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/** Where in the document an issue is, as a JSON path: `cells[2].outputs[0].output_type`. */
function jsonPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/**
 * How deep an imported document may nest: notebook/save carries the document one level inside its
 * body (MAX_JSON_DEPTH), so whatever imports can be saved back from the editor.
 */
const NOTEBOOK_MAX_DEPTH = MAX_JSON_DEPTH - 1;

/** Parses and validates an `.ipynb`; a 400 on `file` naming the problem otherwise. */
export function parseIpynb(bytes: Buffer, locale: Locale): NotebookDocument {
  const fail = (detail: string) =>
    invalidField('file', 'notebookFormat', `${translate(locale, 'validation.notebookFormat')}: ${detail}`);
  const text = bytes.toString('utf8');
  // Before JSON.parse builds anything: 400 kB nested 200,000 deep used to block the event loop for
  // seconds and overflow the stack when stored (JSON.stringify), answering 500.
  if (jsonDeeperThan(text, NOTEBOOK_MAX_DEPTH))
    throw invalidField(
      'file',
      'notebookTooDeep',
      translate(locale, 'validation.notebookTooDeep', { max: NOTEBOOK_MAX_DEPTH }),
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fail(`JSON ${(error as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw fail('JSON is not an object');
  const nbformat = (json as { nbformat?: unknown }).nbformat;
  if (nbformat !== 4) throw fail(`nbformat ${JSON.stringify(nbformat ?? null)}, expected 4`);
  const parsed = NotebookDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? jsonPath(issue.path) || '(root)' : '(root)';
    const what = issue
      ? issue.code === 'invalid_union' && issue.path.at(-1) !== 'output_type' && issue.path.at(-1) !== 'cell_type'
        ? 'not a valid value'
        : issue.message.startsWith('validation.')
          ? issue.code
          : issue.message
      : 'invalid';
    throw fail(`${where}: ${what}`);
  }
  // As for a saved notebook (the call refuses NUL anywhere in its body): PostgreSQL cannot store
  // one in a title, and the editor could never save such a document back.
  const nulAt = findNulCharacter(parsed.data);
  if (nulAt !== null) throw fail(`${nulAt}: NUL character`);
  return parsed.data;
}

/** POST notebook/import: a `.ipynb` (nbformat 4) as a new draft, titled from `title`, its metadata or its file name. */
export async function importNotebook(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  title: string | undefined,
  ip: string,
  locale: Locale,
): Promise<NotebookDetail> {
  if (!file.filename.toLowerCase().endsWith('.ipynb')) {
    file.stream.resume();
    throw invalidField('file', 'notebookFormat', translate(locale, 'validation.notebookFormat'));
  }
  const doc = parseIpynb(await readAll(file.stream), locale);
  const meta = doc.metadata.title;
  const base =
    file.filename
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.ipynb$/i, '') ?? '';
  const chosen = fitUnits(
    title?.trim() || (typeof meta === 'string' ? meta.trim() : '') || base.trim() || 'notebook',
    NOTEBOOK_TITLE_MAX_UNITS,
  );
  return saveNotebook(ctx, caller, { title: chosen, description: undefined, content: doc }, ip, locale);
}

/** Loads the owner's notebook and runs `move` in a transaction on what it reads there; 409 when a racer moved it first. */
async function transition(
  ctx: AppContext,
  caller: Caller,
  id: number,
  move: (trx: Db, row: NotebookRow) => Promise<void>,
): Promise<NotebookDetail> {
  await inTransaction(ctx.db, async (trx) => move(trx, await owned(trx, caller, id)));
  return notebookDetail(ctx, caller, id);
}

async function openContributionTodo(trx: Db, row: NotebookRow, ownerName: string): Promise<void> {
  await openTodo(trx, {
    kind: 'notebookContribution',
    assignee: { role: 'Admin' },
    target: TARGET(row.id),
    params: { name: ownerName, title: row.title },
  });
}

/** The owner as the admins' to-do names them: the presenter's name (true name, else the masked phone). */
const ownerName = (row: repo.NotebookWithOwner) => presentOwner(row).name;

/**
 * POST notebook/publish: the current content becomes the published snapshot. A notebook in the
 * achievement area (accepted) or waiting there (pending) goes back to pending with a new to-do.
 */
export function publishNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, async (trx, row) => {
    const repend = row.contribution === 'accepted' || row.contribution === 'pending';
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { rev: row.rev },
      {
        state: 'published',
        published: row.content,
        published_cells: row.cells,
        published_at: now,
        updated_at: now,
        ...(repend ? { contribution: 'pending', contributed_at: now, accepted_at: null } : {}),
      },
    );
    if (!moved) throw conflict('errors.concurrentChange');
    if (repend) {
      await closeTodos(trx, TARGET(row.id), 'cancelled', caller.id);
      const full = await repo.findNotebook(trx, row.id);
      if (full) await openContributionTodo(trx, full, ownerName(full));
    }
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.publish',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

/** POST notebook/unpublish: published → draft; a contribution is withdrawn (none) and its to-dos closed. */
export function unpublishNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, async (trx, row) => {
    if (row.state !== 'published') throw wrongState();
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { rev: row.rev, state: 'published' },
      {
        state: 'draft',
        contribution: 'none',
        published: null,
        published_cells: null,
        published_at: null,
        accepted_at: null,
        contributed_at: null,
        updated_at: now,
      },
    );
    if (!moved) throw wrongState();
    await closeTodos(trx, TARGET(row.id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.unpublish',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

const CONTRIBUTABLE: readonly ContributionState[] = ['none', 'rejected'];

/** POST notebook/contribute: a published notebook, contribution none|rejected → pending; a to-do for the admins. */
export function contributeNotebook(ctx: AppContext, caller: Caller, id: number, ip: string) {
  return transition(ctx, caller, id, async (trx, row) => {
    if (row.state !== 'published' || !CONTRIBUTABLE.includes(row.contribution as ContributionState)) throw wrongState();
    const now = nowIso();
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { state: 'published', contribution: CONTRIBUTABLE },
      {
        contribution: 'pending',
        contributed_at: now,
        reject_reason: null,
        updated_at: now,
      },
    );
    if (!moved) throw wrongState();
    // A rejection's to-do for the owner is done: they contributed again.
    await closeTodos(trx, TARGET(row.id), 'done', caller.id);
    const full = await repo.findNotebook(trx, row.id);
    if (full) await openContributionTodo(trx, full, ownerName(full));
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.contribute',
      targetType: 'notebook',
      targetId: row.id,
      ip,
    });
  });
}

/** POST notebook/review (admin): pending → accepted, or rejected with a reason the owner sees. */
export async function reviewNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookReview,
  ip: string,
): Promise<NotebookDetail> {
  requireAdmin(caller);
  await inTransaction(ctx.db, async (trx) => {
    const row = await repo.findNotebook(trx, input.id);
    if (!row) throw notFound('errors.notebookNotFound');
    if (row.contribution !== 'pending') throw wrongState();
    const now = nowIso();
    const accept = input.decision === 'accept';
    const moved = await repo.updateNotebook(
      trx,
      row.id,
      { contribution: ['pending'] },
      {
        contribution: accept ? 'accepted' : 'rejected',
        accepted_at: accept ? now : null,
        reject_reason: accept ? null : (input.reason ?? null),
      },
    );
    if (!moved) throw wrongState();
    await closeTodos(trx, TARGET(row.id), 'done', caller.id);
    await notify(trx, {
      userId: row.owner_id,
      actorId: caller.id,
      kind: accept ? 'notebookAccepted' : 'notebookRejected',
      target: TARGET(row.id),
      params: { title: row.title },
    });
    if (!accept)
      await openTodo(trx, {
        kind: 'notebookRejected',
        assignee: { userId: row.owner_id },
        target: TARGET(row.id),
        params: { title: row.title },
      });
    await writeAudit(trx, {
      actorId: caller.id,
      action: accept ? 'notebook.accept' : 'notebook.reject',
      targetType: 'notebook',
      targetId: row.id,
      detail: accept ? { title: row.title } : { title: row.title, reason: input.reason },
      ip,
    });
  });
  return notebookDetail(ctx, caller, input.id);
}

/** POST notebook/delete: the owner's notebook, whatever its state; its attachments and cover go too. */
export async function deleteNotebook(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  const files = await inTransaction(ctx.db, async (trx) => {
    const row = await owned(trx, caller, id);
    const attachments = await repo.listAttachments(trx, id);
    if (!(await repo.deleteNotebook(trx, id))) throw forbidden();
    await closeTodos(trx, TARGET(id), 'cancelled', caller.id);
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.delete',
      targetType: 'notebook',
      targetId: id,
      detail: { title: row.title, state: row.state },
      ip,
    });
    return [...attachments.map((a) => a.file_id), ...(row.cover_file_id === null ? [] : [row.cover_file_id])];
  });
  await releaseFiles(ctx, files);
  return null;
}

/** Removes stored files (bytes and rows) no record names any more; failures are logged. */
async function releaseFiles(ctx: AppContext, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = await findAttachedFiles(ctx.db, fileIds);
  for (const file of rows) {
    // A category may share a cover the admin uploaded; keep what another record still names.
    if (file.purpose === NOTEBOOK_IMAGE && (await repo.isCategoryCover(ctx.db, file.id))) continue;
    if (file.purpose === NOTEBOOK_IMAGE && (await repo.notebooksOfCover(ctx.db, file.id)).length > 0) continue;
    await releaseAttachedFile(ctx, file.storage_key);
  }
}

/* ---- attachments ---- */

/** POST notebook/upload_attachment?id=: an attachment-profile file on the owner's notebook (at most NOTEBOOK_ATTACHMENTS_MAX). */
export async function uploadAttachment(
  ctx: AppContext,
  caller: Caller,
  id: number,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<NotebookDetail> {
  await owned(ctx.db, caller, id);
  const stored = await storeAttachedBytes(ctx, 'notebook-attachments', UPLOAD_PROFILES.attachment, file);
  try {
    await inTransaction(ctx.db, async (trx) => {
      // Locks the notebook's row first, so parallel uploads count one after another.
      await owned(trx, caller, id);
      if (!(await repo.updateNotebook(trx, id, {}, { updated_at: nowIso() }))) throw forbidden();
      if ((await repo.countAttachments(trx, id)) >= NOTEBOOK_ATTACHMENTS_MAX)
        throw conflict('errors.notebookAttachmentsMax', { max: NOTEBOOK_ATTACHMENTS_MAX });
      const recorded = await recordAttachedFile(trx, stored, { ownerId: caller.id, purpose: NOTEBOOK_ATTACHMENT });
      await repo.insertAttachment(trx, {
        notebook_id: id,
        file_id: recorded.id,
        name: stored.originalName,
        size: stored.size,
        mime: stored.mime,
        created_at: nowIso(),
      });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'notebook.attachment.upload',
        targetType: 'notebook',
        targetId: id,
        detail: { name: stored.originalName },
        ip,
      });
    });
  } catch (error) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'refused attachment not removed from storage'));
    throw error;
  }
  return notebookDetail(ctx, caller, id);
}

/** POST notebook/delete_attachment: the owner removes one attachment (its bytes too). */
export async function deleteAttachment(ctx: AppContext, caller: Caller, attachmentId: number, ip: string) {
  const attachment = await repo.findAttachment(ctx.db, attachmentId);
  if (!attachment) throw notFound('errors.notebookAttachmentNotFound');
  await owned(ctx.db, caller, attachment.notebook_id);
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteAttachment(trx, attachmentId))) throw notFound('errors.notebookAttachmentNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.attachment.delete',
      targetType: 'notebook',
      targetId: attachment.notebook_id,
      detail: { name: attachment.name },
      ip,
    });
  });
  const [file] = await findAttachedFiles(ctx.db, [attachment.file_id]);
  if (file) await releaseAttachedFile(ctx, file.storage_key);
  return notebookDetail(ctx, caller, attachment.notebook_id);
}

/**
 * GET notebook/attachment?id=&u=&e=&n=&s=: the signed link of an attachment (the link stands in
 * for the session). The notebook must still be readable by the user the link was issued to
 * (0: a visitor): a notebook unpublished since closes its links.
 */
export async function openAttachment(
  ctx: AppContext,
  q: { id: number; u: number; e: number; n: string; s: string },
): Promise<StoredBytes & { name: string }> {
  checkRecordZipLink(ctx, ATTACHMENT_PATH, q);
  const attachment = await repo.findAttachment(ctx.db, q.id);
  if (!attachment) throw notFound('errors.notebookAttachmentNotFound');
  const row = await repo.findNotebook(ctx.db, attachment.notebook_id);
  const roles = q.u ? await rolesOf(ctx.db, q.u) : [];
  const viewer = q.u ? { id: q.u, roles: roles.map((r) => r.role) as Caller['roles'] } : null;
  if (!row || !readerKind(viewer, row)) throw forbidden();
  const [file] = await findAttachedFiles(ctx.db, [attachment.file_id]);
  const bytes = file ? await openAttachedFile(ctx, file.storage_key) : null;
  if (!bytes) throw notFound('errors.notebookAttachmentNotFound');
  return { ...bytes, name: attachment.name };
}

/* ---- copies ---- */

/** POST notebook/copy: a readable notebook, or a deliverable of the caller's cooperation, as a new draft of the caller. */
export async function copyNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookCopy,
  ip: string,
  locale: Locale,
): Promise<NotebookDetail> {
  if (input.deliverable_id !== undefined) {
    const deliverable = await deliverableFor(ctx, caller, input.deliverable_id);
    const doc = JSON.parse(deliverable.content) as NotebookDocument;
    return saveNotebook(ctx, caller, { title: deliverable.title, description: undefined, content: doc }, ip, locale);
  }
  const { row, kind } = await readable(ctx.db, caller, input.id ?? 0);
  return saveNotebook(
    ctx,
    caller,
    {
      title: row.title,
      description: row.description ?? undefined,
      category_id: row.category_id ?? undefined,
      content: documentFor(row, kind),
    },
    ip,
    locale,
  );
}

/* ---- deliverables (DESIGN §9) ---- */

/**
 * The caller's standing on a deliverable's target: `write` (may attach there: the solution's
 * institute; the phase's project owner or members who submit outcomes) or `read` (both sides of
 * the solution, the project's owner and members, admins). Refusals come from the modules that own
 * the target (their own checks), so the rules cannot drift.
 */
async function targetAccess(
  ctx: AppContext,
  caller: Caller,
  target: DeliverableTarget,
  targetId: number,
  need: 'read' | 'write',
): Promise<void> {
  if (target === 'solution') {
    if (need === 'read') {
      await solutionDetail(ctx, caller, targetId);
      return;
    }
    const found = await solutionWithDemand(ctx.db, targetId);
    if (!found) throw notFound('errors.solutionNotFound');
    const institute = await orgOf(ctx, caller, 'ResearchInstitute');
    if (!institute || institute.org.id !== found.solution.org_id) throw forbidden();
    return;
  }
  const { access } = await phaseAccess(ctx, caller, targetId);
  if (need === 'read') requireReader(access);
  else requirePermission(access, 'submit_outcome');
}

/** POST notebook/attach: freezes a copy of the caller's notebook onto a solution or a phase they may edit. */
export async function attachNotebook(
  ctx: AppContext,
  caller: Caller,
  input: NotebookAttach,
  ip: string,
): Promise<NotebookDeliverable> {
  const row = await owned(ctx.db, caller, input.notebook_id);
  await targetAccess(ctx, caller, input.target, input.target_id, 'write');
  const id = await inTransaction(ctx.db, async (trx) => {
    const created = await repo.insertDeliverable(trx, {
      notebook_id: row.id,
      target: input.target,
      target_id: input.target_id,
      title: row.title,
      owner_id: caller.id,
      content: row.content,
      created_at: nowIso(),
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.attach',
      targetType: input.target,
      targetId: input.target_id,
      detail: { notebook: row.id, deliverable: created.id },
      ip,
    });
    return created.id;
  });
  const saved = await repo.findDeliverable(ctx.db, id);
  if (!saved) throw notFound('errors.deliverableNotFound');
  return presentDeliverable(saved);
}

/** GET notebook/deliverables: what was delivered to a solution or phase, for its readers. */
export async function listDeliverables(
  ctx: AppContext,
  caller: Caller,
  query: DeliverablesQuery,
): Promise<NotebookDeliverable[]> {
  await targetAccess(ctx, caller, query.target, query.target_id, 'read');
  return (await repo.listDeliverables(ctx.db, query.target, query.target_id)).map(presentDeliverable);
}

async function deliverableFor(ctx: AppContext, caller: Caller, id: number) {
  const row = await repo.findDeliverable(ctx.db, id);
  if (!row) throw isAdmin(caller) ? notFound('errors.deliverableNotFound') : forbidden();
  await targetAccess(ctx, caller, row.target as DeliverableTarget, row.target_id, 'read');
  return row;
}

/** GET notebook/deliverable/:id: one delivered notebook with its frozen document, for the target's readers. */
export async function deliverableDetail(
  ctx: AppContext,
  caller: Caller,
  id: number,
): Promise<NotebookDeliverableDetail> {
  const row = await deliverableFor(ctx, caller, id);
  return { ...presentDeliverable(row), content: JSON.parse(row.content) as NotebookDocument };
}

/** POST notebook/detach: whoever attached a deliverable removes it. */
export async function detachNotebook(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  const row = await repo.findDeliverable(ctx.db, id);
  if (!row || row.owner_id !== caller.id) throw forbidden();
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteDeliverable(trx, id))) throw notFound('errors.deliverableNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'notebook.detach',
      targetType: row.target,
      targetId: row.target_id,
      detail: { deliverable: id },
      ip,
    });
  });
  return null;
}
