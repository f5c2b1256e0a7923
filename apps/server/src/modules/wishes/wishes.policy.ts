import type { WishRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';

/**
 * Who may do what to cooperation wishes and their responses (issue 26 §4): a wish is its
 * enterprise's to close and to read the responses of; institutes see it while it is open, and
 * once they responded also after it closed, with the enterprise's contact. Admins see every wish
 * and its responses. Whether the wish is still open (409) stays in the service.
 */

/** Who looks at a wish, as the service loaded them. */
export interface WishViewer {
  /** Admins see every wish (spec §6); they act for no organisation here. */
  admin: boolean;
  /** The certified enterprise the caller acts for, or null. */
  enterpriseId: number | null;
  /** The certified research institute the caller acts for, or null. */
  instituteId: number | null;
  /** Their institute has responded to this wish. */
  responded: boolean;
}

type Enterprise = Pick<WishViewer, 'enterpriseId'>;

const ownsWish = (viewer: Enterprise, wish: Pick<WishRow, 'org_id'>): boolean =>
  viewer.enterpriseId !== null && viewer.enterpriseId === wish.org_id;

export const wishPolicy = definePolicy({
  /** The detail: its enterprise and admins always; institutes while it is open, or once they responded. */
  see: (viewer: WishViewer, wish: Pick<WishRow, 'org_id' | 'status'>) =>
    viewer.admin ||
    ownsWish(viewer, wish) ||
    (viewer.instituteId !== null && (wish.status === 'open' || viewer.responded)),
  /** The enterprise's contact: its own, and the institutes that responded (they gave theirs). */
  seeContact: (viewer: Pick<WishViewer, 'enterpriseId' | 'responded'>, wish: Pick<WishRow, 'org_id'>) =>
    ownsWish(viewer, wish) || viewer.responded,
  close: ownsWish,
  /** Any institute responds to an open wish, once. */
  respond: (viewer: Pick<WishViewer, 'instituteId'>, _wish: Pick<WishRow, 'id'>) => viewer.instituteId !== null,
  /** The responses: its enterprise and admins. */
  readResponses: (viewer: Pick<WishViewer, 'admin' | 'enterpriseId'>, wish: Pick<WishRow, 'org_id'>) =>
    viewer.admin || ownsWish(viewer, wish),
});
