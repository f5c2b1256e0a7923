import { STATUS } from '@mathbridge/contracts/api';
import {
  ArticleAdminListQuerySchema,
  ArticlePublishSchema,
  ArticleSaveSchema,
  BannerSaveSchema,
  CategorySaveSchema,
  ConsultationHandleSchema,
  ConsultationListQuerySchema,
  ConsultationSchema,
  ContentIdSchema,
  ContentImageIdSchema,
  ManualSaveSchema,
  NewsDetailQuerySchema,
  NewsListQuerySchema,
  RecommendQuerySchema,
  SitePageQuerySchema,
  SitePageSaveSchema,
  SubStaticQuerySchema,
  UserManualQuerySchema,
} from '@mathbridge/contracts/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';
import { browserCaller, defineCall } from '../../plugins/call.ts';
import * as service from './content.service.ts';

/**
 * The public portal (`index/*`, spec §7: no sign-in except checkStep) and the admins' content
 * manager (`content/*`: signed in as Admin, everyone else 304), issue 11, DESIGN §11.
 */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const ADMIN = { auth: 'user', admin: true } as const;
  /* ---- public ---- */
  defineCall(app, {
    method: 'GET',
    path: 'index/statistics',
    auth: 'none',
    handler: () => service.statistics(ctx),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getSubStatic',
    auth: 'none',
    input: SubStaticQuerySchema,
    handler: ({ input }) => service.subStatic(ctx, input.role),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getBanner',
    auth: 'none',
    handler: () => service.activeBanners(ctx),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getNewsList',
    auth: 'none',
    input: NewsListQuerySchema,
    handler: ({ input }) => service.newsList(ctx, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getNewsDetail',
    auth: 'none',
    input: NewsDetailQuerySchema,
    handler: ({ caller, input }) => service.newsDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getRecomendArticle',
    auth: 'none',
    input: RecommendQuerySchema,
    handler: ({ input }) => service.recommendedArticles(ctx, input.limit),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/userManual',
    auth: 'none',
    input: UserManualQuerySchema,
    handler: ({ caller, input }) => service.userManual(ctx, caller, input.role),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/getSitePage',
    auth: 'none',
    input: SitePageQuerySchema,
    handler: ({ input }) => service.sitePage(ctx, input.slug),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/categories',
    auth: 'none',
    handler: () => service.listCategories(ctx),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/cover/:id',
    auth: 'none',
    unsigned: true,
    input: ContentImageIdSchema,
    handler: async ({ caller, input, request, reply }) => {
      const viewer = await browserCaller(app, request, caller);
      const image = await service.readContentImage(ctx, viewer, input.id);
      if (!image) return reply.code(404).send();
      // Visitors' images are public (a day, like logos); what an admin previews is never cached.
      return sendStoredBytes(reply, image, viewer ? 'private' : 'public');
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'index/addConsultation',
    auth: 'none',
    input: ConsultationSchema,
    handler: ({ caller, input, ip }) => service.addConsultation(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'index/checkStep',
    auth: 'user',
    handler: ({ caller }) => service.checkStep(ctx, caller),
  });

  /* ---- admin: articles ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/article/list',
    ...ADMIN,
    input: ArticleAdminListQuerySchema,
    handler: ({ caller, input }) => service.adminArticleList(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'content/article/detail/:id',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input }) => service.adminArticleDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/article/save',
    ...ADMIN,
    input: ArticleSaveSchema,
    handler: ({ caller, input, ip, locale }) => service.saveArticle(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/article/publish',
    ...ADMIN,
    input: ArticlePublishSchema,
    handler: ({ caller, input, ip, locale }) => service.publishArticle(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/article/withdraw',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input, ip }) => service.withdrawArticle(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/article/delete',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input, ip }) => service.deleteArticle(ctx, caller, input.id, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/upload_cover',
    ...ADMIN,
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await request.file();
      if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
      return service.uploadContentImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });

  /* ---- admin: categories ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/category/list',
    ...ADMIN,
    handler: () => service.listCategories(ctx),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/category/save',
    ...ADMIN,
    input: CategorySaveSchema,
    handler: ({ caller, input, ip }) => service.saveCategory(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/category/delete',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input, ip }) => service.deleteCategory(ctx, caller, input.id, ip),
  });

  /* ---- admin: banners ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/banner/list',
    ...ADMIN,
    handler: ({ caller }) => service.listBanners(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/banner/save',
    ...ADMIN,
    input: BannerSaveSchema,
    handler: ({ caller, input, ip, locale }) => service.saveBanner(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/banner/delete',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input, ip }) => service.deleteBanner(ctx, caller, input.id, ip),
  });

  /* ---- admin: user manual ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/manual/list',
    ...ADMIN,
    handler: ({ caller }) => service.listManualPages(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/manual/save',
    ...ADMIN,
    input: ManualSaveSchema,
    handler: ({ caller, input, ip }) => service.saveManualPage(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/manual/delete',
    ...ADMIN,
    input: ContentIdSchema,
    handler: ({ caller, input, ip }) => service.deleteManualPage(ctx, caller, input.id, ip),
  });

  /* ---- admin: micro-site ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/site/list',
    ...ADMIN,
    handler: ({ caller }) => service.listSitePages(ctx, caller),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/site/save',
    ...ADMIN,
    input: SitePageSaveSchema,
    handler: ({ caller, input, ip }) => service.saveSitePage(ctx, caller, input, ip),
  });

  /* ---- admin: consultations ---- */
  defineCall(app, {
    method: 'GET',
    path: 'content/consultation/list',
    ...ADMIN,
    input: ConsultationListQuerySchema,
    handler: ({ caller, input }) => service.listConsultations(ctx, caller, input),
  });
  defineCall(app, {
    method: 'POST',
    path: 'content/consultation/handle',
    ...ADMIN,
    input: ConsultationHandleSchema,
    handler: ({ caller, input, ip }) => service.handleConsultation(ctx, caller, input, ip),
  });
}
