import { STATUS } from '@mathbridge/contracts/api';
import {
  AchievementQuerySchema,
  ContributionsQuerySchema,
  DeliverablesQuerySchema,
  MyNotebooksQuerySchema,
  NOTEBOOK_MAX_BYTES,
  NOTEBOOK_TITLE_MAX_UNITS,
  NotebookAttachSchema,
  NotebookAttachmentIdSchema,
  NotebookCategoryIdSchema,
  NotebookCategorySaveSchema,
  NotebookCopySchema,
  NotebookIdSchema,
  NotebookReviewSchema,
  NotebookSaveSchema,
  UserNotebooksQuerySchema,
} from '@mathbridge/contracts/notebooks';
import { translate } from '@mathbridge/contracts/messages';
import { findNulCharacter, IdSchema, titleString } from '@mathbridge/contracts/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';
import { browserCaller, defineCall } from '../../plugins/call.ts';
import { contentDisposition } from '../files/download.service.ts';
import * as service from './notebooks.service.ts';

/**
 * A form field of a notebook upload is at most a title or an id. The multipart plugin parses a
 * field sent as `application/json` itself (no depth limit): 1 MB of nesting cost ~0.5 s of CPU.
 */
const FORM_FIELD_MAX_BYTES = 4 * 1024;

/** The one file of a multipart call. */
async function fileOf(request: FastifyRequest) {
  const file = await request.file({ limits: { fieldSize: FORM_FIELD_MAX_BYTES } });
  if (!file) throw new AppError(STATUS.invalid, 'errors.uploadFailed');
  return file;
}

/** `notebook/upload_attachment?id=` and `notebook/import?title=` carry their fields in the signed query. */
const AttachmentUploadQuerySchema = z.object({ id: IdSchema });
const ImportQuerySchema = z.object({ title: titleString(NOTEBOOK_TITLE_MAX_UNITS).optional() });
/** A signed attachment link; `u` is 0 for a visitor's. */
const AttachmentLinkSchema = z.object({
  id: IdSchema,
  u: z.coerce.number().int().min(0),
  e: z.coerce.number().int(),
  n: z.string().min(1).max(300),
  s: z.string().min(1).max(100),
});

/** A saved notebook is JSON of up to NOTEBOOK_MAX_BYTES plus the form around it. */
const SAVE_BODY_LIMIT = NOTEBOOK_MAX_BYTES + 256 * 1024;

/**
 * Notebooks and the achievement area (`notebook/*`) and their categories (`category/*`), issue 12,
 * DESIGN §12. `notebook/kernelInfo` belongs to the kernels module.
 */
export function notebooksRoutes(app: FastifyInstance, ctx: AppContext): void {
  const ADMIN = { auth: 'user', admin: true } as const;

  /* ---- reading ---- */
  defineCall(app, {
    method: 'GET',
    path: 'notebook/my',
    auth: 'user',
    input: MyNotebooksQuerySchema,
    handler: ({ caller, input }) => service.myNotebooks(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/detail/:id',
    auth: 'none',
    input: NotebookIdSchema,
    handler: ({ caller, input }) => service.notebookDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/export/:id',
    auth: 'none',
    unsigned: true,
    input: NotebookIdSchema,
    handler: async ({ caller, input, request, reply }) => {
      const viewer = await browserCaller(app, request, caller);
      const out = await service.exportNotebook(ctx, viewer, input.id);
      return reply
        .header('content-type', 'application/x-ipynb+json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', out.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(out.body);
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/cover/:id',
    auth: 'none',
    unsigned: true,
    input: NotebookIdSchema,
    handler: async ({ caller, input, request, reply }) => {
      const viewer = await browserCaller(app, request, caller);
      const image = await service.readImage(ctx, viewer, input.id);
      if (!image) return reply.code(404).send();
      return sendStoredBytes(reply, image, image.cache);
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/attachment',
    auth: 'none',
    unsigned: true,
    input: AttachmentLinkSchema,
    handler: async ({ input, reply }) => {
      const file = await service.openAttachment(ctx, input);
      reply.header('content-disposition', contentDisposition('attachment', file.name));
      return sendStoredBytes(reply, file, 'private');
    },
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/achievements',
    auth: 'none',
    input: AchievementQuerySchema,
    handler: ({ input }) => service.achievements(ctx, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/userNotebooks',
    auth: 'none',
    input: UserNotebooksQuerySchema,
    handler: ({ caller, input }) => service.userNotebooks(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/contributions',
    ...ADMIN,
    input: ContributionsQuerySchema,
    handler: ({ caller, input }) => service.contributions(ctx, caller, input),
  });

  /* ---- writing ---- */
  defineCall(app, {
    method: 'POST',
    path: 'notebook/save',
    auth: 'user',
    bodyLimit: SAVE_BODY_LIMIT,
    input: NotebookSaveSchema,
    handler: ({ caller, input, ip, locale }) => service.saveNotebook(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/import',
    auth: 'user',
    multipart: true,
    input: ImportQuerySchema,
    handler: async ({ caller, input, request, locale }) => {
      const file = await fileOf(request);
      const field = file.fields.title;
      const fromForm = field && 'value' in field && typeof field.value === 'string' ? field.value : undefined;
      // The form field skips the call's own checks (those read the query): NUL is refused as there.
      if (fromForm !== undefined && findNulCharacter(fromForm) !== null)
        throw invalidField('title', 'nulCharacter', translate(locale, 'validation.nulCharacter'));
      return service.importNotebook(
        ctx,
        caller,
        { filename: file.filename, stream: file.file },
        input.title ?? fromForm,
        request.ip,
        locale,
      );
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/upload_cover',
    auth: 'user',
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await fileOf(request);
      return service.uploadImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });
  for (const [action, move] of [
    ['delete', service.deleteNotebook],
    ['publish', service.publishNotebook],
    ['unpublish', service.unpublishNotebook],
    ['contribute', service.contributeNotebook],
  ] as const)
    defineCall(app, {
      method: 'POST',
      path: `notebook/${action}`,
      auth: 'user',
      input: NotebookIdSchema,
      handler: ({ caller, input, ip }) => move(ctx, caller, input.id, ip),
    });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/review',
    ...ADMIN,
    input: NotebookReviewSchema,
    handler: ({ caller, input, ip }) => service.reviewNotebook(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/copy',
    auth: 'user',
    input: NotebookCopySchema,
    handler: ({ caller, input, ip, locale }) => service.copyNotebook(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/upload_attachment',
    auth: 'user',
    multipart: true,
    input: AttachmentUploadQuerySchema,
    handler: async ({ caller, input, request }) => {
      const file = await fileOf(request);
      return service.uploadAttachment(
        ctx,
        caller,
        input.id,
        { filename: file.filename, stream: file.file },
        request.ip,
      );
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/delete_attachment',
    auth: 'user',
    input: NotebookAttachmentIdSchema,
    handler: ({ caller, input, ip }) => service.deleteAttachment(ctx, caller, input.id, ip),
  });

  /* ---- deliverables ---- */
  defineCall(app, {
    method: 'POST',
    path: 'notebook/attach',
    auth: 'user',
    input: NotebookAttachSchema,
    handler: ({ caller, input, ip }) => service.attachNotebook(ctx, caller, input, ip),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/deliverables',
    auth: 'user',
    input: DeliverablesQuerySchema,
    handler: ({ caller, input }) => service.listDeliverables(ctx, caller, input),
  });
  defineCall(app, {
    method: 'GET',
    path: 'notebook/deliverable/:id',
    auth: 'user',
    input: NotebookIdSchema,
    handler: ({ caller, input }) => service.deliverableDetail(ctx, caller, input.id),
  });
  defineCall(app, {
    method: 'POST',
    path: 'notebook/detach',
    auth: 'user',
    input: NotebookIdSchema,
    handler: ({ caller, input, ip }) => service.detachNotebook(ctx, caller, input.id, ip),
  });

  /* ---- categories ---- */
  defineCall(app, {
    method: 'GET',
    path: 'category/list',
    auth: 'none',
    handler: () => service.listCategories(ctx),
  });
  defineCall(app, {
    method: 'POST',
    path: 'category/save',
    ...ADMIN,
    input: NotebookCategorySaveSchema,
    handler: ({ caller, input, ip, locale }) => service.saveCategory(ctx, caller, input, ip, locale),
  });
  defineCall(app, {
    method: 'POST',
    path: 'category/upload_cover',
    ...ADMIN,
    multipart: true,
    handler: async ({ caller, request }) => {
      const file = await fileOf(request);
      return service.uploadImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
    },
  });
  defineCall(app, {
    method: 'POST',
    path: 'category/delete',
    ...ADMIN,
    input: NotebookCategoryIdSchema,
    handler: ({ caller, input, ip }) => service.deleteCategory(ctx, caller, input.id, ip),
  });
}
