import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { STATUS } from '@mathbridge/contracts/api';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { findNulCharacter, fitUnits } from '@mathbridge/contracts/validation';
import {
  NOTEBOOK_MAX_BYTES,
  NOTEBOOK_TITLE_MAX_UNITS,
  NotebookDocumentSchema,
  type NotebookCopy,
  type NotebookDetail,
  type NotebookDocument,
  type NotebookSave,
} from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, invalidField } from '../../lib/errors.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { sizeLabel } from '../../lib/upload.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { deliverableFor } from './notebook-deliverables.service.ts';
import { releaseFiles, requireImage } from './notebook-images.service.ts';
import { documentFor, notebookDetail, owned, readable } from './notebook-reading.service.ts';
import * as repo from './notebooks.repository.ts';

/**
 * Writing notebooks (issue 12, DESIGN §12): the owner's saves (a guarded UPDATE on `version`, so
 * parallel saves make one change and the others answer 409), `.ipynb` imports and copies.
 */

const versionConflict = () => conflict('errors.notebookVersionConflict');
const tooLarge = () =>
  new AppError(STATUS.tooLarge, 'errors.notebookTooLarge', { size: sizeLabel(NOTEBOOK_MAX_BYTES) });

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
    const current = input.id === undefined ? undefined : await owned(ctx.db, caller, input.id, 'edit');
    if (current?.cover_file_id !== input.cover_file_id)
      await requireImage(ctx.db, input.cover_file_id, 'cover_file_id', locale, caller);
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
    const row = await owned(trx, caller, input.id, 'edit');
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
