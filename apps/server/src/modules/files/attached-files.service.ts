import type { UploadProfile } from '@mathbridge/contracts/constants';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { storeUpload, type StoredUpload } from '../../lib/upload.ts';
import { nowIso } from '../../lib/time.ts';
import * as stored from './stored-files.repository.ts';

/**
 * Files attached to a record outside any file space: avatars, organisation logos, certificate
 * images. Their bytes live in storage under generated keys and a `stored_files` row (purpose,
 * owner) describes them; other modules keep the key or id on their record and come here for the
 * rest. Storing is two steps so the row commits in the caller's transaction with the record that
 * names it: `storeAttachedBytes` (outside the transaction: streams to storage), then
 * `recordAttachedFile(trx, …)`.
 */

export type AttachedFile = Awaited<ReturnType<typeof stored.insertAttachedFile>>;

/** Streams one upload into storage under `folder/…`, checked against the profile (see lib/upload.ts). */
export function storeAttachedBytes(
  ctx: AppContext,
  folder: string,
  profile: UploadProfile,
  file: { filename: string; stream: Readable },
): Promise<StoredUpload> {
  return storeUpload(ctx.storage, folder, profile, file);
}

/** Records stored bytes as a file of this owner and purpose; pass the transaction of the record naming it. */
export function recordAttachedFile(
  db: Db,
  upload: StoredUpload,
  owner: { ownerId: number; purpose: string },
): Promise<AttachedFile> {
  return stored.insertAttachedFile(db, {
    storage_key: upload.key,
    original_name: upload.originalName,
    mime: upload.mime,
    size: upload.size,
    sha256: upload.sha256,
    owner_id: owner.ownerId,
    purpose: owner.purpose,
    created_at: nowIso(),
  });
}

/** The attached files with these ids (owner and purpose included, for the caller's checks). */
export const findAttachedFiles = (db: Db, ids: readonly number[]) => stored.findAttachedFiles(db, ids);

/** The bytes behind a storage key, with the type sniffed at upload; null when no such file is recorded. */
export async function openAttachedFile(ctx: AppContext, storageKey: string): Promise<StoredBytes | null> {
  const meta = await stored.findByKey(ctx.db, storageKey);
  if (!meta) return null;
  return { mime: meta.mime, size: Number(meta.size), stream: await ctx.storage.get(storageKey) };
}

/** Removes a replaced file: its bytes (a failure is logged, the row goes anyway) and its row. */
export async function releaseAttachedFile(ctx: AppContext, storageKey: string): Promise<void> {
  await ctx.storage
    .delete(storageKey)
    .catch((error: unknown) => ctx.log.warn({ err: error, storageKey }, 'replaced file not removed from storage'));
  await stored.deleteByKey(ctx.db, storageKey);
}
