import type { Readable } from 'node:stream';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { NOTEBOOK_ATTACHMENTS_MAX, type NotebookDetail } from '@mathbridge/contracts/notebooks';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { StoredBytes } from '../../lib/send-bytes.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import {
  findAttachedFiles,
  openAttachedFile,
  recordAttachedFile,
  releaseAttachedFile,
  storeAttachedBytes,
} from '../files/attached-files.service.ts';
import { checkRecordZipLink } from '../files/download.service.ts';
import { rolesOf } from '../user/user.service.ts';
import { NOTEBOOK_ATTACHMENT } from './notebook-images.service.ts';
import { ATTACHMENT_PATH, notebookDetail, owned } from './notebook-reading.service.ts';
import { notebookPolicy } from './notebooks.policy.ts';
import * as repo from './notebooks.repository.ts';

/** A notebook's attachments (issue 12, DESIGN §12): the owner adds and removes them; readers open them by signed link. */

/** POST notebook/upload_attachment?id=: an attachment-profile file on the owner's notebook (at most NOTEBOOK_ATTACHMENTS_MAX). */
export async function uploadAttachment(
  ctx: AppContext,
  caller: Caller,
  id: number,
  file: { filename: string; stream: Readable },
  ip: string,
): Promise<NotebookDetail> {
  await owned(ctx.db, caller, id, 'edit');
  const stored = await storeAttachedBytes(ctx, 'notebook-attachments', UPLOAD_PROFILES.attachment, file);
  try {
    await inTransaction(ctx.db, async (trx) => {
      // Locks the notebook's row first, so parallel uploads count one after another.
      await owned(trx, caller, id, 'edit');
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
  await owned(ctx.db, caller, attachment.notebook_id, 'edit');
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
  if (!row) throw forbidden();
  notebookPolicy.authorize(viewer, 'read', row);
  const [file] = await findAttachedFiles(ctx.db, [attachment.file_id]);
  const bytes = file ? await openAttachedFile(ctx, file.storage_key) : null;
  if (!bytes) throw notFound('errors.notebookAttachmentNotFound');
  return { ...bytes, name: attachment.name };
}
