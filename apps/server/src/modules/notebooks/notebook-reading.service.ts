import type {
  AchievementQuery,
  ContributionsQuery,
  MyNotebooksQuery,
  NotebookDetail,
  NotebookDocument,
  NotebookPage,
  UserNotebooksQuery,
} from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { NotebookRow } from '../../db/types.ts';
import { forbidden, notFound, notLoggedIn } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import type { Caller } from '../../plugins/call.ts';
import { recordZipLink } from '../files/download.service.ts';
import { categoryMap } from './notebook-categories.service.ts';
import { presentAttachment, presentSummary } from './notebooks.presenter.ts';
import { notebookPolicy, type NotebookActor } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/**
 * Reading notebooks (issue 12, DESIGN §12): a detail, an export and the lists. Readers
 * (notebookPolicy `read`): the owner and admins everything; signed-in users published notebooks;
 * visitors accepted ones; anyone else 304 (signed in) or 305 (visitor), for a missing id too, so a
 * draft's existence never shows.
 */

/** The path of signed attachment links (files module's record links). */
export const ATTACHMENT_PATH = 'notebook/attachment';

/** The refusal for a notebook the caller may not see (or that does not exist): never a hint which. */
const refuse = (caller: Caller | null) => (caller ? forbidden() : notLoggedIn());

export type ReaderKind = 'owner' | 'admin' | 'reader';

/** What a caller who may read the notebook is to it: its owner, one who reads its draft, or a reader. */
function readerKind(caller: NotebookActor | null, row: NotebookRow): ReaderKind {
  if (notebookPolicy.can(caller, 'edit', row)) return 'owner';
  return notebookPolicy.can(caller, 'readDraft', row) ? 'admin' : 'reader';
}

/** The notebook and what the caller is to it; 304/305 when they may not read it (or it is missing). */
export async function readable(db: Db, caller: Caller | null, id: number) {
  const row = await repo.findNotebook(db, id);
  if (!row)
    throw notebookPolicy.can(caller, 'seeEvery', 'notebook') ? notFound('errors.notebookNotFound') : refuse(caller);
  notebookPolicy.authorize(caller, 'read', row, () => refuse(caller));
  return { row, kind: readerKind(caller, row) };
}

/** What only a notebook's owner does to it (notebookPolicy). */
export type OwnerAction = 'edit' | 'publish' | 'contribute' | 'delete' | 'attach';

/** The caller's own notebook, to `action` it; anyone else's (or a missing one) is 304. */
export async function owned(db: Db, caller: Caller, id: number, action: OwnerAction): Promise<NotebookRow> {
  const row = await repo.findNotebook(db, id);
  if (!row) throw forbidden();
  notebookPolicy.authorize(caller, action, row);
  return row;
}

/** The document a reader of this kind sees: the owner's (and admins') editable one, else the snapshot. */
export function documentFor(row: NotebookRow, kind: ReaderKind): NotebookDocument {
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
    // notebookPolicy `read` as a filter: another's published notebooks, accepted ones for visitors.
    { ownerId: query.user_id, state: 'published', ...(caller ? {} : { contribution: 'accepted' }) },
    'published',
    true,
    false,
  );

/** GET notebook/contributions (admin): contributions in one state, oldest first. */
export function contributions(ctx: AppContext, caller: Caller, query: ContributionsQuery) {
  notebookPolicy.authorize(caller, 'review', 'contributions');
  return page(ctx, query, { contribution: query.contribution }, 'contributed', true, true);
}
