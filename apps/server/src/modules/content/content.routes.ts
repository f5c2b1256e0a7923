import { STATUS } from '@mathbridge/contracts/api';
import { contentEndpoints as calls } from '@mathbridge/contracts/endpoints/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';
import { browserCaller, defineCall } from '../../plugins/call.ts';
import {
  adminArticleDetail,
  adminArticleList,
  deleteArticle,
  newsDetail,
  newsList,
  publishArticle,
  recommendedArticles,
  saveArticle,
  withdrawArticle,
} from './articles.service.ts';
import { activeBanners, deleteBanner, listBanners, saveBanner } from './banners.service.ts';
import { addConsultation, handleConsultation, listConsultations } from './consultations.service.ts';
import { deleteCategory, listCategories, saveCategory } from './content-categories.service.ts';
import { readContentImage, uploadContentImage } from './content-images.service.ts';
import { checkStep } from './onboarding.service.ts';
import { listSitePages, saveSitePage, sitePage } from './site-pages.service.ts';
import { statistics, subStatic } from './statistics.service.ts';
import { deleteManualPage, listManualPages, saveManualPage, userManual } from './user-manual.service.ts';
import { contentLinks } from './content.links.ts';

/**
 * The public portal (`index/*`, spec §7: no sign-in except checkStep) and the admins' content
 * manager (`content/*`: signed in as Admin, everyone else 304), issue 11, DESIGN §11: the calls of
 * contracts' endpoints/content.ts.
 */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(contentLinks);
  /* ---- public ---- */
  defineCall(app, calls.statistics, () => statistics(ctx));
  defineCall(app, calls.subStatic, ({ input }) => subStatic(ctx, input.role));
  defineCall(app, calls.banners, () => activeBanners(ctx));
  defineCall(app, calls.newsList, ({ input }) => newsList(ctx, input));
  defineCall(app, calls.newsDetail, ({ caller, input }) => newsDetail(ctx, caller, input.id));
  defineCall(app, calls.recommended, ({ input }) => recommendedArticles(ctx, input.limit));
  defineCall(app, calls.userManual, ({ caller, input }) => userManual(ctx, caller, input.role));
  defineCall(app, calls.sitePage, ({ input }) => sitePage(ctx, input.slug));
  defineCall(app, calls.categories, () => listCategories(ctx));
  defineCall(app, calls.cover, async ({ caller, input, request, reply }) => {
    const viewer = await browserCaller(app, request, caller);
    const image = await readContentImage(ctx, viewer, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    if (!image) {
      await reply.code(404).send();
      return;
    }
    // Visitors' images are public (a day, like logos); what an admin previews is never cached.
    await sendStoredBytes(reply, image, viewer ? 'private' : 'public');
  });
  defineCall(app, calls.addConsultation, ({ caller, input, ip }) => addConsultation(ctx, caller, input, ip));
  defineCall(app, calls.checkStep, ({ caller }) => checkStep(ctx, caller));

  /* ---- admin: articles ---- */
  defineCall(app, calls.articleList, ({ caller, input }) => adminArticleList(ctx, caller, input));
  defineCall(app, calls.articleDetail, ({ caller, input }) => adminArticleDetail(ctx, caller, input.id));
  defineCall(app, calls.articleSave, ({ caller, input, ip, locale }) => saveArticle(ctx, caller, input, ip, locale));
  defineCall(app, calls.articlePublish, ({ caller, input, ip, locale }) =>
    publishArticle(ctx, caller, input, ip, locale),
  );
  defineCall(app, calls.articleWithdraw, ({ caller, input, ip }) => withdrawArticle(ctx, caller, input.id, ip));
  defineCall(app, calls.articleDelete, ({ caller, input, ip }) => deleteArticle(ctx, caller, input.id, ip));
  defineCall(app, calls.uploadCover, async ({ caller, request }) => {
    const file = await request.file();
    if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
    return uploadContentImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });

  /* ---- admin: categories ---- */
  defineCall(app, calls.categoryList, () => listCategories(ctx));
  defineCall(app, calls.categorySave, ({ caller, input, ip }) => saveCategory(ctx, caller, input, ip));
  defineCall(app, calls.categoryDelete, ({ caller, input, ip }) => deleteCategory(ctx, caller, input.id, ip));

  /* ---- admin: banners ---- */
  defineCall(app, calls.bannerList, ({ caller }) => listBanners(ctx, caller));
  defineCall(app, calls.bannerSave, ({ caller, input, ip, locale }) => saveBanner(ctx, caller, input, ip, locale));
  defineCall(app, calls.bannerDelete, ({ caller, input, ip }) => deleteBanner(ctx, caller, input.id, ip));

  /* ---- admin: user manual ---- */
  defineCall(app, calls.manualList, ({ caller }) => listManualPages(ctx, caller));
  defineCall(app, calls.manualSave, ({ caller, input, ip }) => saveManualPage(ctx, caller, input, ip));
  defineCall(app, calls.manualDelete, ({ caller, input, ip }) => deleteManualPage(ctx, caller, input.id, ip));

  /* ---- admin: micro-site ---- */
  defineCall(app, calls.siteList, ({ caller }) => listSitePages(ctx, caller));
  defineCall(app, calls.siteSave, ({ caller, input, ip }) => saveSitePage(ctx, caller, input, ip));

  /* ---- admin: consultations ---- */
  defineCall(app, calls.consultationList, ({ caller, input }) => listConsultations(ctx, caller, input));
  defineCall(app, calls.consultationHandle, ({ caller, input, ip }) => handleConsultation(ctx, caller, input, ip));
}
