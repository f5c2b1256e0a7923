import { SELECTABLE_ROLES } from '@mathbridge/contracts/roles';
import type { ContentManualPageRow } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';

/**
 * Who may do what to the portal's content (issue 11, DESIGN §11): articles (read one hidden from
 * visitors, preview), content images (see), user-manual pages (shown by default) and the areas of
 * the admins' content manager (manage: articles, categories, images, banners, manual pages,
 * micro-site pages, consultations).
 */

/** Who acts: a signed-in caller; null: a visitor. */
export type ContentActor = Pick<Caller, 'roles'>;

/** The parts of the admins' content manager (`content/*`). */
export type ContentArea = 'articles' | 'categories' | 'images' | 'banners' | 'manual' | 'site' | 'consultations';

const admin = (actor: ContentActor | null): boolean => actor !== null && isAdmin(actor);

export const contentPolicy = definePolicy({
  /** Create, edit, publish, delete and list what the content manager holds: admins. */
  manage: (actor: ContentActor, _area: ContentArea) => isAdmin(actor),
  /**
   * Read an article whatever its state (a draft, a withdrawn or scheduled one) as a preview that
   * counts no view: admins.
   */
  preview: (actor: ContentActor | null, _article: { visible: boolean }) => admin(actor),
  /** An article: anyone while it is visible (published, its time passed); else only a preview. */
  read: (actor: ContentActor | null, article: { visible: boolean }) => article.visible || admin(actor),
  /**
   * A content image: anyone when it is the cover of a visible article or an active banner's image
   * (`shown`); admins any (drafts' covers, inactive banners).
   */
  seeImage: (actor: ContentActor | null, image: { shown: boolean }) => image.shown || admin(actor),
  /**
   * The manual pages shown to a caller who names no role: the pages for everyone, and those for
   * their selectable roles; every page for admins. (With a role named, the pages for it are public.)
   */
  showManual: (actor: ContentActor | null, page: Pick<ContentManualPageRow, 'audience'>) =>
    page.audience === 'all' ||
    admin(actor) ||
    (actor !== null && SELECTABLE_ROLES.some((role) => role === page.audience && actor.roles.includes(role))),
});
