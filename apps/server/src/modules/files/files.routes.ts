import { fileEndpoints as calls } from '@mathbridge/contracts/endpoints/files';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineCall } from '../../plugins/call.ts';
import * as download from './download.service.ts';
import * as files from './nodes.service.ts';
import { listMySpaces } from './spaces.service.ts';
import * as trash from './trash.service.ts';
import { sweepUnrecorded } from './storage-journal.ts';

/** How often the trash is swept for items past their retention. */
const TRASH_SWEEP_MS = 60 * 60 * 1000;

/** The one file the multipart body carries, pulled only when the service asks for it. */
function incoming(request: FastifyRequest): files.IncomingUpload {
  const length = Number(request.headers['content-length']);
  return {
    contentLength: Number.isFinite(length) && length > 0 ? length : undefined,
    file: async () => {
      const part = await request.file();
      return part ? { filename: part.filename, stream: part.file } : undefined;
    },
  };
}

function stream(reply: FastifyReply, out: download.Download) {
  return reply.headers(out.headers).send(out.stream);
}

/** File spaces, uploads, trash, batch download (spec §7 'Uploads', issue 4). */
export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineCall(app, calls.spaces, ({ caller }) => listMySpaces(ctx, caller));
  defineCall(app, calls.attachmentList, ({ caller, input }) => files.listFolder(ctx, caller, input));
  defineCall(app, calls.upload, ({ caller, input, request, locale, ip }) =>
    files.uploadFile(ctx, caller, input, incoming(request), locale, ip),
  );
  defineCall(app, calls.update, ({ caller, input, request, locale, ip }) =>
    files.replaceContent(ctx, caller, input, incoming(request), locale, ip),
  );
  defineCall(app, calls.createDirOrFile, ({ caller, input, ip }) => files.createDirOrFile(ctx, caller, input, ip));
  defineCall(app, calls.moveFile, ({ caller, input, ip }) => files.moveNodes(ctx, caller, input, ip));
  defineCall(app, calls.updateFileName, ({ caller, input, ip }) => files.renameNode(ctx, caller, input, ip));
  defineCall(app, calls.delete, ({ caller, input, ip }) => trash.trashNodes(ctx, caller, input, ip));
  defineCall(app, calls.trashList, ({ caller, input }) => trash.listTrash(ctx, caller, input));
  defineCall(app, calls.restore, ({ caller, input, ip }) => trash.restoreNodes(ctx, caller, input, ip));
  defineCall(app, calls.purge, ({ caller, input, ip }) => trash.purgeNodes(ctx, caller, input, ip));
  defineCall(app, calls.emptyTrash, ({ caller, input, ip }) => trash.emptyTrash(ctx, caller, input.space_id, ip));
  defineCall(app, calls.downloadUrl, ({ caller, input }) => download.downloadUrl(ctx, caller, input));
  defineCall(app, calls.batchDownloadUrl, ({ caller, input }) => download.batchDownloadUrl(ctx, caller, input));
  // Opened by the browser itself (<img>, <a>, a new tab): the link's HMAC stands in for the session.
  // A reply is awaited until it is sent (what returning it did before; a file answer returns nothing).
  defineCall(app, calls.download, async ({ input, reply }) => {
    await stream(reply, await download.openDownload(ctx, input));
  });
  defineCall(app, calls.batchDownload, async ({ input, reply }) => {
    await stream(reply, await download.openZip(ctx, input));
  });

  ctx.scheduler.registerJob({
    name: 'files.trash-sweep',
    everyMs: TRASH_SWEEP_MS,
    run: () => trash.purgeExpiredTrash(ctx),
  });

  // Partial files of uploads a crash or kill -9 cut off (lib/storage.ts sweepPartials): once when
  // the app is ready, before it listens (this process has no upload of its own yet), then hourly.
  const sweepPartials = async (atStart: boolean) => {
    const removed = (await ctx.storage.sweepPartials?.({ atStart })) ?? 0;
    if (removed > 0) ctx.log.info({ removed }, 'removed partial files of interrupted uploads');
    return removed;
  };
  app.addHook('onReady', async () => {
    // Leftovers cost disk, not correctness: a failed sweep is logged and the app still starts.
    await sweepPartials(true).catch((error: unknown) => ctx.log.error({ err: error }, 'partial files not swept'));
  });
  ctx.scheduler.registerJob({ name: 'files.part-sweep', everyMs: TRASH_SWEEP_MS, run: () => sweepPartials(false) });
  // Objects no row names (a kill -9 between the write and its record): storage-journal.ts.
  ctx.scheduler.registerJob({
    name: 'files.unrecorded-sweep',
    everyMs: TRASH_SWEEP_MS,
    run: async () => {
      const removed = await sweepUnrecorded(ctx.db, ctx.storage);
      if (removed > 0) ctx.log.info({ removed }, 'removed stored objects no file names (interrupted uploads)');
    },
  });
}
