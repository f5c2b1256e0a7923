import {
  fileExtension,
  fileKind,
  isPreviewable,
  TRASH_RETENTION_DAYS,
  type FileNode,
  type TrashItem,
} from '@mathbridge/contracts/files';
import type { FileNodeRow } from '../../db/types.ts';
import { fileUrl } from './signed-urls.ts';

/** Row → API shape. Links are signed for the viewer, so a listing is personal. */
export interface Viewer {
  userId: number;
  secret: Buffer;
  exp: number;
  canEdit: (node: FileNodeRow) => boolean;
}

export function presentNode(node: FileNodeRow, viewer: Viewer): FileNode {
  const isDir = node.is_dir === 1;
  const live = node.trashed_at === null;
  const links = !isDir && live;
  return {
    id: node.id,
    space_id: node.space_id,
    parent_id: node.parent_id,
    name: node.name,
    type: isDir ? 'dir' : 'file',
    kind: fileKind(node.name, isDir),
    ext: isDir ? null : fileExtension(node.name) || null,
    size: isDir ? null : Number(node.size),
    mime: node.mime,
    created_by: node.created_by,
    created_at: node.created_at,
    updated_at: node.updated_at,
    editable: node.parent_id !== null && viewer.canEdit(node),
    download_url: links ? fileUrl(viewer.secret, node.id, viewer.userId, viewer.exp, 'attachment') : null,
    preview_url:
      links && isPreviewable(node.name) ? fileUrl(viewer.secret, node.id, viewer.userId, viewer.exp, 'inline') : null,
  };
}

export function presentTrashItem(node: FileNodeRow, viewer: Viewer, origin: string): TrashItem {
  const trashedAt = node.trashed_at ?? node.updated_at;
  return {
    ...presentNode(node, viewer),
    trashed_at: trashedAt,
    trashed_by: node.trashed_by,
    expires_at: new Date(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * 86_400_000).toISOString(),
    origin,
  };
}
