import type { Banner, BannerSave } from '@mathbridge/contracts/content';
import type { Locale } from '@mathbridge/contracts/locales';
import type { AppContext } from '../../context.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { requireContentImage } from './content-images.service.ts';
import { presentBanner } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/** The home page's banners (issue 11, DESIGN §11): managed by admins, the active ones shown in their order. */

const bannerCache = new ShortCache<'active', Banner[]>(['content_banners']);

/** GET index/getBanner: active banners, in their order. */
export const activeBanners = (ctx: AppContext): Promise<Banner[]> =>
  bannerCache.get(ctx.db, 'active', async () => (await repo.listBanners(ctx.db, true)).map(presentBanner));

/** GET content/banner/list (admin): every banner. */
export async function listBanners(ctx: AppContext, caller: Caller): Promise<Banner[]> {
  contentPolicy.authorize(caller, 'manage', 'banners');
  return (await repo.listBanners(ctx.db, false)).map(presentBanner);
}

/** POST content/banner/save: a new banner or an edit; its image must be a content image. */
export async function saveBanner(
  ctx: AppContext,
  caller: Caller,
  input: BannerSave,
  ip: string,
  locale: Locale,
): Promise<Banner> {
  contentPolicy.authorize(caller, 'manage', 'banners');
  await requireContentImage(ctx.db, input.image_file_id, 'image_file_id', locale);
  const now = nowIso();
  const fields = {
    title: input.title,
    subtitle: input.subtitle ?? null,
    image_file_id: input.image_file_id,
    link: input.link ?? null,
    sort: input.sort,
    active: input.active,
    updated_at: now,
  };
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved =
      input.id === undefined
        ? await repo.insertBanner(trx, { ...fields, created_at: now })
        : await repo.updateBanner(trx, input.id, fields);
    if (!saved) throw notFound('errors.bannerNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: input.id === undefined ? 'content.banner.create' : 'content.banner.update',
      targetType: 'content_banner',
      targetId: saved.id,
      ip,
    });
    return saved;
  });
  return presentBanner(row);
}

export async function deleteBanner(ctx: AppContext, caller: Caller, id: number, ip: string): Promise<null> {
  contentPolicy.authorize(caller, 'manage', 'banners');
  await inTransaction(ctx.db, async (trx) => {
    if (!(await repo.deleteBanner(trx, id))) throw notFound('errors.bannerNotFound');
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.banner.delete',
      targetType: 'content_banner',
      targetId: id,
      ip,
    });
  });
  return null;
}
