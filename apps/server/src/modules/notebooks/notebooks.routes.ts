import { STATUS } from '@mathbridge/contracts/api';
import { notebookEndpoints as calls } from '@mathbridge/contracts/endpoints/notebooks';
import { translate } from '@mathbridge/contracts/messages';
import { findNulCharacter } from '@mathbridge/contracts/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerLinks } from '../../lib/links.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { sendStoredBytes } from '../../lib/send-bytes.ts';
import { browserCaller, defineCall } from '../../plugins/call.ts';
import { contentDisposition } from '../files/download.service.ts';
import { deleteAttachment, openAttachment, uploadAttachment } from './notebook-attachments.service.ts';
import { deleteCategory, listCategories, saveCategory } from './notebook-categories.service.ts';
import { notebookLinks } from './notebooks.links.ts';
import {
  attachNotebook,
  deliverableDetail,
  detachNotebook,
  listDeliverables,
} from './notebook-deliverables.service.ts';
import { copyNotebook, importNotebook, saveNotebook } from './notebook-editing.service.ts';
import { readImage, uploadImage } from './notebook-images.service.ts';
import {
  achievements,
  contributions,
  exportNotebook,
  myNotebooks,
  notebookDetail,
  userNotebooks,
} from './notebook-reading.service.ts';
import {
  contributeNotebook,
  deleteNotebook,
  publishNotebook,
  reviewNotebook,
  unpublishNotebook,
} from './notebook-states.service.ts';

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

/**
 * Notebooks and the achievement area (`notebook/*`) and their categories (`category/*`), issue 12,
 * DESIGN §12: the calls of contracts' endpoints/notebooks.ts. `notebook/kernelInfo` belongs to the
 * kernels module.
 */
export function notebooksRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerLinks(notebookLinks);
  /* ---- reading ---- */
  defineCall(app, calls.my, ({ caller, input }) => myNotebooks(ctx, caller, input));
  defineCall(app, calls.detail, ({ caller, input }) => notebookDetail(ctx, caller, input.id));
  defineCall(app, calls.export, async ({ caller, input, request, reply }) => {
    const viewer = await browserCaller(app, request, caller);
    const out = await exportNotebook(ctx, viewer, input.id);
    // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
    await reply
      .header('content-type', 'application/x-ipynb+json; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', out.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(out.body);
  });
  defineCall(app, calls.cover, async ({ caller, input, request, reply }) => {
    const viewer = await browserCaller(app, request, caller);
    const image = await readImage(ctx, viewer, input.id);
    if (!image) {
      await reply.code(404).send();
      return;
    }
    await sendStoredBytes(reply, image, image.cache);
  });
  defineCall(app, calls.attachment, async ({ input, reply }) => {
    const file = await openAttachment(ctx, input);
    reply.header('content-disposition', contentDisposition('attachment', file.name));
    await sendStoredBytes(reply, file, 'private');
  });
  defineCall(app, calls.achievements, ({ input }) => achievements(ctx, input));
  defineCall(app, calls.userNotebooks, ({ caller, input }) => userNotebooks(ctx, caller, input));
  defineCall(app, calls.contributions, ({ caller, input }) => contributions(ctx, caller, input));

  /* ---- writing ---- */
  defineCall(app, calls.save, ({ caller, input, ip, locale }) => saveNotebook(ctx, caller, input, ip, locale));
  defineCall(app, calls.import, async ({ caller, input, request, locale }) => {
    const file = await fileOf(request);
    const field = file.fields.title;
    const fromForm = field && 'value' in field && typeof field.value === 'string' ? field.value : undefined;
    // The form field skips the call's own checks (those read the query): NUL is refused as there.
    if (fromForm !== undefined && findNulCharacter(fromForm) !== null)
      throw invalidField('title', 'nulCharacter', translate(locale, 'validation.nulCharacter'));
    return importNotebook(
      ctx,
      caller,
      { filename: file.filename, stream: file.file },
      input.title ?? fromForm,
      request.ip,
      locale,
    );
  });
  defineCall(app, calls.uploadCover, async ({ caller, request }) => {
    const file = await fileOf(request);
    return uploadImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.delete, ({ caller, input, ip }) => deleteNotebook(ctx, caller, input.id, ip));
  defineCall(app, calls.publish, ({ caller, input, ip }) => publishNotebook(ctx, caller, input.id, ip));
  defineCall(app, calls.unpublish, ({ caller, input, ip }) => unpublishNotebook(ctx, caller, input.id, ip));
  defineCall(app, calls.contribute, ({ caller, input, ip }) => contributeNotebook(ctx, caller, input.id, ip));
  defineCall(app, calls.review, ({ caller, input, ip }) => reviewNotebook(ctx, caller, input, ip));
  defineCall(app, calls.copy, ({ caller, input, ip, locale }) => copyNotebook(ctx, caller, input, ip, locale));
  defineCall(app, calls.uploadAttachment, async ({ caller, input, request }) => {
    const file = await fileOf(request);
    return uploadAttachment(ctx, caller, input.id, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.deleteAttachment, ({ caller, input, ip }) => deleteAttachment(ctx, caller, input.id, ip));

  /* ---- deliverables ---- */
  defineCall(app, calls.attach, ({ caller, input, ip }) => attachNotebook(ctx, caller, input, ip));
  defineCall(app, calls.deliverables, ({ caller, input }) => listDeliverables(ctx, caller, input));
  defineCall(app, calls.deliverable, ({ caller, input }) => deliverableDetail(ctx, caller, input.id));
  defineCall(app, calls.detach, ({ caller, input, ip }) => detachNotebook(ctx, caller, input.id, ip));

  /* ---- categories ---- */
  defineCall(app, calls.categoryList, () => listCategories(ctx));
  defineCall(app, calls.categorySave, ({ caller, input, ip, locale }) => saveCategory(ctx, caller, input, ip, locale));
  defineCall(app, calls.categoryUploadCover, async ({ caller, request }) => {
    const file = await fileOf(request);
    return uploadImage(ctx, caller, { filename: file.filename, stream: file.file }, request.ip);
  });
  defineCall(app, calls.categoryDelete, ({ caller, input, ip }) => deleteCategory(ctx, caller, input.id, ip));
}
