import { maskMobile } from '@mathbridge/contracts/validation';
import type {
  ContributionState,
  NotebookAttachment,
  NotebookCategory,
  NotebookDeliverable,
  NotebookOwner,
  NotebookState,
  NotebookSummary,
} from '@mathbridge/contracts/notebooks';
import type { NotebookCategoryRow, NotebookDeliverableRow, NotebookRow } from '../../db/types.ts';
import { avatarUrl } from '../user/user.service.ts';

/** Rows of the notebooks module as the contracts show them (issue 12). */

/** A cover or category image, for <img src> (readers checked when it is opened). */
export const notebookImageUrl = (fileId: number | null): string | null =>
  fileId === null ? null : `/api/notebook/cover/${fileId}`;

interface OwnerFields {
  owner_id: number;
  owner_truename: string | null;
  owner_account: string;
  owner_avatar: string | null;
}

export function presentOwner(row: OwnerFields): NotebookOwner {
  return {
    id: row.owner_id,
    name: row.owner_truename || maskMobile(row.owner_account),
    avatar: avatarUrl({ id: row.owner_id, avatar_key: row.owner_avatar }),
  };
}

export function presentCategory(row: NotebookCategoryRow, count: number): NotebookCategory {
  return {
    id: row.id,
    name_zh_cn: row.name_zh_cn,
    name_zh_hk: row.name_zh_hk,
    name_en: row.name_en,
    cover_url: notebookImageUrl(row.cover_file_id),
    cover_file_id: row.cover_file_id,
    sort: row.sort,
    notebook_count: count,
  };
}

export function presentSummary(
  row: Omit<NotebookRow, 'content' | 'published'> & OwnerFields,
  categories: Map<number, NotebookCategoryRow>,
  /** What the reader sees: the owner's cells, or the published snapshot's. */
  snapshot: boolean,
  /** The admins' rejection reason is for the owner (and admins), never for other readers. */
  showReview: boolean,
): NotebookSummary {
  const category = row.category_id === null ? undefined : categories.get(row.category_id);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: category
      ? { id: category.id, name_zh_cn: category.name_zh_cn, name_zh_hk: category.name_zh_hk, name_en: category.name_en }
      : null,
    cover_url: notebookImageUrl(row.cover_file_id),
    owner: presentOwner(row),
    state: row.state as NotebookState,
    contribution: row.contribution as ContributionState,
    reject_reason: showReview ? row.reject_reason : null,
    cells: snapshot ? (row.published_cells ?? 0) : row.cells,
    published_at: row.published_at,
    accepted_at: row.accepted_at,
    updated_at: row.updated_at,
  };
}

export function presentAttachment(
  row: { id: number; name: string; size: number; mime: string | null },
  url: string,
): NotebookAttachment {
  return { id: row.id, name: row.name, size: Number(row.size), mime: row.mime, url };
}

export function presentDeliverable(row: Omit<NotebookDeliverableRow, 'content'> & OwnerFields): NotebookDeliverable {
  return {
    id: row.id,
    notebook_id: row.notebook_id,
    target: row.target as NotebookDeliverable['target'],
    target_id: row.target_id,
    title: row.title,
    owner: presentOwner(row),
    created_at: row.created_at,
  };
}
