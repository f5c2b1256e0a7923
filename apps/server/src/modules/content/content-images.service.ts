import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import type { ContentImage } from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { invalidField } from '../../lib/errors.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { contentImageUrl } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/** The content's images (issue 11, DESIGN §11): articles' covers and banners. */

/** Stored files of this purpose are the content's images (covers, banners). */
const CONTENT_IMAGE = 'content_image';

/** POST content/upload_cover: a jpg/png of the image profile (content sniffed), stored as a content image. */
export async function uploadContentImage(
  ctx: AppContext,
  caller: Caller,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<ContentImage> {
  contentPolicy.authorize(caller, 'manage', 'images');
  const stored = await storeAttachedBytes(ctx, 'content-images', UPLOAD_PROFILES.image, file);
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      const recorded = await recordAttachedFile(trx, stored, { ownerId: caller.id, purpose: CONTENT_IMAGE });
      await writeAudit(trx, {
        actorId: caller.id,
        action: 'content.image.upload',
        targetType: 'stored_file',
        targetId: recorded.id,
        ip,
      });
      return recorded;
    });
    return { file_id: row.id, url: contentImageUrl(row.id) };
  } catch (error) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: stored.key }, 'refused image not removed from storage'));
    throw error;
  }
}

/** A stored content image by id, or undefined when the id names none. */
async function contentImage(db: Db, fileId: number) {
  const [file] = await findAttachedFiles(db, [fileId]);
  return file && file.purpose === CONTENT_IMAGE ? file : undefined;
}

/** 400 on `field` unless the id names a content image. */
export async function requireContentImage(db: Db, fileId: number, field: string, locale: Locale): Promise<void> {
  if (!(await contentImage(db, fileId)))
    throw invalidField(field, 'fileInvalid', translate(locale, 'validation.fileInvalid'));
}

/**
 * GET index/cover/:id: the bytes of a content image for <img src>. Visitors get the cover of an
 * article visible now and the image of an active banner; admins any content image (drafts'
 * covers, inactive banners). Null: nothing to show (HTTP 404).
 */
export async function readContentImage(
  ctx: AppContext,
  caller: Caller | null,
  fileId: number,
): Promise<StoredBytes | null> {
  const file = await contentImage(ctx.db, fileId);
  if (!file) return null;
  // Whether visitors see it is read only when the caller's standing does not decide already.
  if (!contentPolicy.can(caller, 'seeImage', { shown: false })) {
    const shown = (
      await Promise.all([repo.isVisibleCover(ctx.db, fileId, nowIso()), repo.isActiveBannerImage(ctx.db, fileId)])
    ).some(Boolean);
    if (!contentPolicy.can(caller, 'seeImage', { shown })) return null;
  }
  return openAttachedFile(ctx, file.storage_key);
}
