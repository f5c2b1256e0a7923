import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { invalidField } from '../../lib/errors.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { inTransaction } from '../../lib/sql.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  releaseAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { notebookImageUrl } from './notebooks.presenter.ts';
import { notebookPolicy } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/**
 * Notebook images (covers of notebooks and categories) and the release of a notebook's stored
 * files (issue 12, DESIGN §12).
 */

/** Stored files of these purposes: covers (notebooks and categories) and attachments. */
export const NOTEBOOK_IMAGE = 'notebook_image';
export const NOTEBOOK_ATTACHMENT = 'notebook_attachment';

/**
 * 400 on `field` unless the id names a notebook image `user` may use as a cover (notebookPolicy
 * `useImage`: their own upload); any notebook image without `user` (a category's cover).
 */
export async function requireImage(
  db: Db,
  fileId: number,
  field: string,
  locale: Locale,
  user?: Pick<Caller, 'id' | 'roles'>,
): Promise<void> {
  const [file] = await findAttachedFiles(db, [fileId]);
  if (!file || file.purpose !== NOTEBOOK_IMAGE || (user !== undefined && !notebookPolicy.can(user, 'useImage', file)))
    throw invalidField(field, 'fileInvalid', translate(locale, 'validation.fileInvalid'));
}

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
  const image = { owner_id: file.owner_id, category_cover: categoryCover, notebooks: [] };
  // The notebooks showing it are read only when the rest does not decide already.
  const shown =
    notebookPolicy.can(caller, 'seeImage', image) ||
    notebookPolicy.can(caller, 'seeImage', { ...image, notebooks: await repo.notebooksOfCover(ctx.db, fileId) });
  const bytes = shown ? await openAttachedFile(ctx, file.storage_key) : null;
  return bytes && { ...bytes, cache: categoryCover ? 'public' : 'private' };
}

/** Removes stored files (bytes and rows) no record names any more; failures are logged. */
export async function releaseFiles(ctx: AppContext, fileIds: readonly number[]): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = await findAttachedFiles(ctx.db, fileIds);
  for (const file of rows) {
    // A category may share a cover the admin uploaded; keep what another record still names.
    if (file.purpose === NOTEBOOK_IMAGE && (await repo.isCategoryCover(ctx.db, file.id))) continue;
    if (file.purpose === NOTEBOOK_IMAGE && (await repo.notebooksOfCover(ctx.db, file.id)).length > 0) continue;
    await releaseAttachedFile(ctx, file.storage_key);
  }
}
