import { STATUS } from '@mathbridge/contracts/api';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';
import { browserCaller, defineCall } from '../../plugins/call.ts';
import * as service from './content.service.ts';

/**
 * The public portal (`index/*`, spec §7: no sign-in except checkStep) and the admins' content
 * manager (`content/*`: signed in as Admin, everyone else 304), issue 11, DESIGN §11: the calls of
 * contracts' endpoints/content.ts.
 */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  /* ---- public ---- */
  defineCall(app, calls.statistics, () => service.statistics(ctx));
  defineCall(app, calls.subStatic, ({ input }) => service.subStatic(ctx, input.role));
  defineCall(app, calls.banners, () => service.activeBanners(ctx));
  defineCall(app, calls.newsList, ({ input }) => service.newsList(ctx, input));
  defineCall(app, calls.newsDetail, ({ caller, input }) => service.newsDetail(ctx, caller, input.id));
  defineCall(app, calls.recommended, ({ input }) => service.recommendedArticles(ctx, input.limit));
  defineCall(app, calls.userManual, ({ caller, input }) => service.userManual(ctx, caller, input.role));
  defineCall(app, calls.sitePage, ({ input }) => service.sitePage(ctx, input.slug));
  defineCall(app, calls.categories, () => service.listCategories(ctx));
  defineCall(app, calls.cover, async ({ caller, input, request, reply }) => {
    const viewer = await browserCaller(app, request, caller);
    const image = await service.readContentImage(ctx, viewer, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    if (!image) {
      await reply.code(404).send();
      return;
    }
    // Visitors' images are public (a day, like logos); what an admin previews is never cached.
    await sendStoredBytes(reply, image, viewer ? 'private' : 'public');
  });
  defineCall(app, calls.addConsultation, ({ caller, input, ip }) => service.addConsultation(ctx, caller, input, ip));
  defineCall(app, calls.checkStep, ({ caller }) => service.checkStep(ctx, caller));

  /* ---- admin: articles ---- */
  defineCall(app, calls.articleList, ({ caller, input }) => service.adminArticleList(ctx, caller, input));
  defineCall(app, calls.articleDetail, ({ caller, input }) => service.adminArticleDetail(ctx, caller, input.id));
  defineCall(app, calls.articleSave, ({ caller, input, ip, locale }) =>
    service.saveArticle(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.articlePublish, ({ caller, input, ip, locale }) =>
    service.publishArticle(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.articleWithdraw, ({ caller, input, ip }) => service.withdrawArticle(ctx, caller, input.id, ip));
  defineCall(app, calls.articleDelete, ({ caller, input, ip }) => service.deleteArticle(ctx, caller, input.id, ip));
  defineCall(app, calls.uploadCover, async ({ caller, request }) => {
    const file = await request.file();
    if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
    return service.uploadContentImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });

  /* ---- admin: categories ---- */
  defineCall(app, calls.categoryList, () => service.listCategories(ctx));
  defineCall(app, calls.categorySave, ({ caller, input, ip }) => service.saveCategory(ctx, caller, input, ip));
  defineCall(app, calls.categoryDelete, ({ caller, input, ip }) => service.deleteCategory(ctx, caller, input.id, ip));

  /* ---- admin: banners ---- */
  defineCall(app, calls.bannerList, ({ caller }) => service.listBanners(ctx, caller));
  defineCall(app, calls.bannerSave, ({ caller, input, ip, locale }) =>
    service.saveBanner(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.bannerDelete, ({ caller, input, ip }) => service.deleteBanner(ctx, caller, input.id, ip));

  /* ---- admin: user manual ---- */
  defineCall(app, calls.manualList, ({ caller }) => service.listManualPages(ctx, caller));
  defineCall(app, calls.manualSave, ({ caller, input, ip }) => service.saveManualPage(ctx, caller, input, ip));
  defineCall(app, calls.manualDelete, ({ caller, input, ip }) => service.deleteManualPage(ctx, caller, input.id, ip));

  /* ---- admin: micro-site ---- */
  defineCall(app, calls.siteList, ({ caller }) => service.listSitePages(ctx, caller));
  defineCall(app, calls.siteSave, ({ caller, input, ip }) => service.saveSitePage(ctx, caller, input, ip));

  /* ---- admin: consultations ---- */
  defineCall(app, calls.consultationList, ({ caller, input }) => service.listConsultations(ctx, caller, input));
  defineCall(app, calls.consultationHandle, ({ caller, input, ip }) =>
    service.handleConsultation(ctx, caller, input, ip),
  );
}
