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

/**
 * Makes stored bytes the file a record names, replacing the one it named (avatars, logos): in one
 * transaction the file's row is recorded and `swap(trx)` points the record at `upload.key`,
 * answering the key it replaced as read under the record's row lock — never a key read before the
 * transaction, or parallel replacements would all release the same old file and leave their own
 * behind, stored and named by nothing. After the commit the replaced file is removed; when the
 * transaction fails, the new bytes are.
 */
export async function replaceAttachedFile(
  ctx: AppContext,
  upload: StoredUpload,
  owner: { ownerId: number; purpose: string },
  swap: (trx: Db) => Promise<string | null>,
): Promise<void> {
  let replaced: string | null;
  try {
    replaced = await ctx.db.transaction().execute(async (trx) => {
      await recordAttachedFile(trx, upload, owner);
      return swap(trx);
    });
  } catch (error) {
    await ctx.storage
      .delete(upload.key)
      .catch((e: unknown) => ctx.log.warn({ err: e, key: upload.key }, 'refused file not removed from storage'));
    throw error;
  }
  if (replaced && replaced !== upload.key) await releaseAttachedFile(ctx, replaced);
}

/** Removes a replaced file: its bytes (a failure is logged, the row goes anyway) and its row. */
export async function releaseAttachedFile(ctx: AppContext, storageKey: string): Promise<void> {
  await ctx.storage
    .delete(storageKey)
    .catch((error: unknown) => ctx.log.warn({ err: error, storageKey }, 'replaced file not removed from storage'));
  await stored.deleteByKey(ctx.db, storageKey);
}
