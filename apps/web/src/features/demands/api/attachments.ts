import { MAX_ATTACHMENTS } from '@mathbridge/contracts/demands';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { fileEndpoints } from '@mathbridge/contracts/endpoints/files';
import { api } from '../../../lib/api-client.ts';

/** Where a new item's attachments wait, and the files already there (from a form left unsaved). */
export interface PendingSpace {
  spaceId: number;
  waiting: { id: number; name: string; size: number }[];
}

/**
 * POST demand/attachmentSpace or solution/attachmentSpace: where a demand or solution not saved yet
 * uploads its attachments; its first save names them and the space becomes the item's own, so
 * attachments work in one pass. Files already there were chosen in a new form of the same kind that
 * was left without saving (GET upload/getAttachmentList).
 */
async function attachmentTray(
  call: typeof calls.attachmentSpace | typeof calls.solutionAttachmentSpace,
): Promise<PendingSpace> {
  const tray = await api.call(call, {});
  const listed = await api.call(fileEndpoints.attachmentList, {
    space_id: tray.space_id,
    page_size: MAX_ATTACHMENTS,
    sort: 'updated_at',
  });
  const waiting = listed.items
    .filter((node) => node.type === 'file')
    .map((node) => ({ id: node.id, name: node.name, size: node.size ?? 0 }));
  return { spaceId: tray.space_id, waiting };
}

export const demandAttachmentTray = () => attachmentTray(calls.attachmentSpace);
export const solutionAttachmentTray = () => attachmentTray(calls.solutionAttachmentSpace);
