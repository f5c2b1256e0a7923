import { SITE_PAGES, type SitePage, type SitePageSave, type SitePageSlug } from '@mathbridge/contracts/content';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';
import { writeAudit } from '../audit-log/audit-log.service.ts';
import { presentSitePage } from './content.presenter.ts';
import { contentPolicy } from './content.policy.ts';
import * as repo from './content.repository.ts';

/** The operating institute's micro-site pages (issue 11, DESIGN §11), edited by admins. */

/** GET index/getSitePage (public): a page never saved reads as empty (title '', body '', updated_at null). */
export async function sitePage(ctx: AppContext, slug: SitePageSlug): Promise<SitePage> {
  return presentSitePage(slug, await repo.findSitePage(ctx.db, slug));
}

/** GET content/site/list (admin): the three pages, saved or not. */
export async function listSitePages(ctx: AppContext, caller: Caller): Promise<SitePage[]> {
  contentPolicy.authorize(caller, 'manage', 'site');
  const rows = new Map((await repo.listSitePages(ctx.db)).map((r) => [r.slug, r]));
  return SITE_PAGES.map((slug) => presentSitePage(slug, rows.get(slug)));
}

export async function saveSitePage(
  ctx: AppContext,
  caller: Caller,
  input: SitePageSave,
  ip: string,
): Promise<SitePage> {
  contentPolicy.authorize(caller, 'manage', 'site');
  const row = await inTransaction(ctx.db, async (trx) => {
    const saved = await repo.upsertSitePage(trx, {
      slug: input.slug,
      title: input.title,
      body: input.body,
      updated_by: caller.id,
      updated_at: nowIso(),
    });
    await writeAudit(trx, {
      actorId: caller.id,
      action: 'content.site.update',
      targetType: 'content_site_page',
      targetId: input.slug,
      ip,
    });
    return saved;
  });
  return presentSitePage(input.slug, row);
}
