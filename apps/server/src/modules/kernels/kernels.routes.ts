import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { translate } from '@mathbridge/contracts/messages';
import { resolveLocale, type Locale } from '@mathbridge/contracts/locales';
import { kernelEndpoints as calls } from '@mathbridge/contracts/endpoints/kernels';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AppContext } from '../../context.ts';
import { defineCall, tokenCookie, type Caller } from '../../plugins/call.ts';
import { KernelService, unavailable, type Upstream } from './kernels.service.ts';
import { JupyterSupervisor } from './supervisor.ts';
import { decodeFrame, streamFrame } from './wire.ts';

/**
 * Live kernels (issue 12, DESIGN §12): `notebook/kernelInfo` (contracts' endpoints/kernels.ts), and
 * Jupyter's own kernel REST and WebSocket API under `/api/kernels…`, proxied to the Jupyter Server
 * for the signed-in caller.
 *
 * DEVIATION from DESIGN §3: the `/api/kernels…` and `/api/kernelspecs` paths are Jupyter's API,
 * spoken by `@jupyterlab/services` in the browser, so they answer with real HTTP statuses (401 not
 * signed in, 404 not your kernel, 409 one kernel per user, 503 no Jupyter here) and Jupyter's JSON
 * shapes (`{message, reason}` for errors), never our envelope, and are unsigned. The caller is the
 * session token of the `mb_token` cookie or the X-MathBridge-Token header; Jupyter's own token is
 * added on the upstream side only. A state-changing request or a WebSocket whose Origin is not
 * this host is refused (cross-site requests riding the cookie).
 */
export function kernelsRoutes(app: FastifyInstance, ctx: AppContext): KernelService {
  const supervisor = new JupyterSupervisor(ctx.config.kernels, ctx.log);
  const service = new KernelService(ctx.db, supervisor, ctx.config.kernels, ctx.log);
  // The slots are the kernels that really run: rows of a previous process go at once.
  supervisor.onRunning(() => {
    service.reconcile().catch((error: unknown) => ctx.log.warn({ err: error }, 'kernels: reconcile failed'));
  });
  app.addHook('onReady', async () => supervisor.start());
  app.addHook('onClose', async () => {
    service.close();
    await supervisor.stop();
  });
  ctx.scheduler.registerJob({
    name: 'kernels.sweep',
    everyMs: Math.max(5_000, Math.min(60_000, ctx.config.kernels.idleSeconds * 1000)),
    run: () => service.sweep(),
  });

  defineCall(app, calls.kernelInfo, async ({ caller }): Promise<KernelInfo> => {
    const c = ctx.config.kernels;
    const state = supervisor.state;
    const running = state === 'running';
    return {
      available: running,
      reason: running ? null : unavailableReason(state),
      limits: {
        cpu_seconds: c.cpuSeconds,
        memory_mb: c.memoryMb,
        wall_seconds: c.wallSeconds,
        idle_seconds: c.idleSeconds,
        output_bytes: c.outputBytes,
        file_mb: c.fileMb,
        disk_mb: c.diskMb,
        processes: c.processes,
      },
      kernel_id: caller && running ? await service.kernelOf(caller.id) : null,
      access: !caller ? 'sign_in' : service.mayStart(caller) ? 'allowed' : 'verify',
      ...(running && supervisor.isolation ? { isolation: supervisor.isolation } : {}),
    };
  });

  /** The signed-in caller of a kernel request, or null after answering 401/403 in Jupyter's shape. */
  const callerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> => {
    if (request.method !== 'GET' && !sameOrigin(request.raw)) {
      await reply.code(403).send({ message: 'Cross-origin request refused', reason: 'origin' });
      return null;
    }
    try {
      return await app.resolveSession(sessionToken(request.raw));
    } catch {
      await reply.code(401).send({ message: 'Sign in to run code', reason: 'not_signed_in' });
      return null;
    }
  };
  const send = (reply: FastifyReply, answer: Upstream | null) => {
    const a = answer ?? unavailable(supervisor.state);
    return reply
      .code(a.status)
      .header('cache-control', 'no-store')
      .send(a.body ?? null);
  };
  const notYours = (reply: FastifyReply) => reply.code(404).send({ message: 'No such kernel', reason: 'not_found' });
  const guarded = (
    handler: (caller: Caller, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ): ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    return async (request, reply) => {
      const caller = await callerOf(request, reply);
      if (!caller) return reply;
      return handler(caller, request, reply);
    };
  };
  const kernelPath = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(
    '/api/kernels',
    guarded(async (caller, _request, reply) => {
      if (!supervisor.endpoint()) return send(reply, null);
      const id = await service.kernelOf(caller.id);
      if (!id) return send(reply, { status: 200, body: [] });
      const model = await service.upstream('GET', `/api/kernels/${encodeURIComponent(id)}`);
      // Culled between the two looks: no kernel (the row goes on the next look), not a 404 list.
      if (model?.status === 404) return send(reply, { status: 200, body: [] });
      return send(reply, model && model.status === 200 ? { status: 200, body: [model.body] } : model);
    }),
  );
  app.post(
    '/api/kernels',
    guarded(async (caller, _request, reply) => {
      // Unverified accounts are free to make: by default only certified users hold a kernel.
      if (!service.mayStart(caller)) {
        return reply.code(403).send({ message: 'Certify your identity to run code', reason: 'not_verified' });
      }
      return send(reply, await service.start(caller.id));
    }),
  );
  app.get(
    '/api/kernels/:id',
    guarded(async (caller, request, reply) => {
      const id = kernelPath(request);
      if (!(await service.owns(caller.id, id))) return notYours(reply);
      const answer = await service.upstream('GET', `/api/kernels/${encodeURIComponent(id)}`);
      if (answer?.status === 404) await service.kernelOf(caller.id);
      return send(reply, answer);
    }),
  );
  app.delete(
    '/api/kernels/:id',
    guarded(async (caller, request, reply) => {
      const id = kernelPath(request);
      if (!(await service.owns(caller.id, id, 'stop'))) return notYours(reply);
      return send(reply, await service.shutdown(caller.id, id));
    }),
  );
  for (const action of ['interrupt', 'restart'] as const) {
    app.post(
      `/api/kernels/:id/${action}`,
      guarded(async (caller, request, reply) => {
        const id = kernelPath(request);
        if (!(await service.owns(caller.id, id))) return notYours(reply);
        if (action === 'restart') service.watch(id).clear();
        return send(reply, await service.upstream('POST', `/api/kernels/${encodeURIComponent(id)}/${action}`));
      }),
    );
  }
  // Only the one kernelspec this server runs (the limits are in its launcher).
  app.get(
    '/api/kernelspecs',
    guarded(async (_caller, _request, reply) => {
      const answer = await service.upstream('GET', '/api/kernelspecs');
      if (!answer || answer.status !== 200) return send(reply, answer);
      const all = answer.body as { default?: string; kernelspecs?: Record<string, unknown> };
      const python3 = all.kernelspecs?.python3;
      return send(reply, {
        status: 200,
        body: { default: 'python3', kernelspecs: python3 ? { python3 } : {} },
      });
    }),
  );

  installChannelsProxy(app, service);
  return service;
}

function unavailableReason(state: JupyterSupervisor['state']): NonNullable<KernelInfo['reason']> {
  if (state === 'starting' || state === 'failed' || state === 'no_sandbox') return state;
  return 'not_installed';
}

/** The session token: X-MathBridge-Token, else the `mb_token` cookie (browsers send it on WebSockets too). */
function sessionToken(request: IncomingMessage): string | undefined {
  const header = request.headers[TOKEN_HEADER.toLowerCase()];
  return (Array.isArray(header) ? header[0] : header) || tokenCookie(request.headers.cookie);
}

/** No Origin (not a browser) or the Origin of this very host. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

const CHANNELS = /^\/api\/kernels\/([A-Za-z0-9-]{1,64})\/channels(?:\?|$)/;
const OUTPUT_TYPES = new Set(['stream', 'display_data', 'execute_result', 'error', 'update_display_data']);

function refuse(socket: Duplex, status: number, text: string): void {
  const body = JSON.stringify({ message: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * `GET /api/kernels/{id}/channels` (WebSocket): the caller's own kernel only (401 without a
 * session, 403 from another origin, 404 for a kernel not theirs). The upstream connection gets
 * Jupyter's token and the client's `session_id` and subprotocols; the client is answered with the
 * subprotocol Jupyter chose (`v1.kernel.websocket.jupyter.org` or the default JSON protocol). Each
 * frame from Jupyter is read for the limits: iopub status feeds the wall-clock watch, and output
 * of one execution past KERNEL_OUTPUT_BYTES is dropped with one stderr notice.
 */
function installChannelsProxy(app: FastifyInstance, service: KernelService): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024 * 1024,
    // The client is answered with the subprotocol Jupyter chose (set on the request below).
    handleProtocols: (_offered, request) => (request as ProxiedRequest).jupyterProtocol || false,
  });
  const open = new Set<WebSocket>();
  // Before the HTTP server closes: it waits for every connection, upgraded ones included.
  app.addHook('preClose', async () => {
    for (const socket of open) socket.terminate();
    wss.close();
  });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = CHANNELS.exec(request.url ?? '');
    if (!match) return refuse(socket, 404, 'Not Found');
    if (!sameOrigin(request)) return refuse(socket, 403, 'Forbidden');
    const kernelId = match[1]!;
    void (async () => {
      let caller: Caller;
      try {
        caller = await app.resolveSession(sessionToken(request));
      } catch {
        return refuse(socket, 401, 'Unauthorized');
      }
      if (!(await service.owns(caller.id, kernelId))) return refuse(socket, 404, 'Not Found');
      const endpoint = service.supervisor.endpoint();
      if (!endpoint) return refuse(socket, 503, 'Service Unavailable');
      const query = new URL(request.url ?? '', 'http://x').searchParams;
      const sessionId = query.get('session_id') ?? '';
      const offered = (request.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const url = `${endpoint.wsUrl}/api/kernels/${kernelId}/channels?session_id=${encodeURIComponent(sessionId)}`;
      const headers: Record<string, string> = endpoint.token ? { authorization: `token ${endpoint.token}` } : {};
      const upstream = await connectUpstream(url, offered, headers).catch((error: unknown) => {
        app.log.warn({ err: error, kernel: kernelId }, 'kernels: upstream WebSocket failed');
        return null;
      });
      if (!upstream) return refuse(socket, 502, 'Bad Gateway');
      const locale = resolveLocale(request.headers['accept-language']);
      (request as ProxiedRequest).jupyterProtocol = upstream.protocol;
      wss.handleUpgrade(request, socket, head, (client) => {
        open.add(client);
        pipe(client, upstream, service, kernelId, locale);
        client.once('close', () => open.delete(client));
      });
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'kernels: WebSocket upgrade failed');
      refuse(socket, 500, 'Internal Server Error');
    });
  });
}

type ProxiedRequest = IncomingMessage & { jupyterProtocol?: string };

/**
 * Opens the upstream socket with the client's subprotocols; a server that answers none (the
 * default JSON protocol) is tried again without them, as @jupyterlab/services itself does.
 */
async function connectUpstream(url: string, protocols: string[], headers: Record<string, string>): Promise<WebSocket> {
  const attempt = (offer: string[]) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, offer, { headers, maxPayload: 256 * 1024 * 1024 });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upstream answered HTTP ${res.statusCode}`)));
    });
  try {
    return await attempt(protocols);
  } catch (error) {
    if (protocols.length && /no subprotocol/.test(String(error))) return attempt([]);
    throw error;
  }
}

function pipe(client: WebSocket, upstream: WebSocket, service: KernelService, kernelId: string, locale: Locale): void {
  const protocol = upstream.protocol;
  const cap = service.config.outputBytes;
  const watch = service.watch(kernelId);
  // Output bytes per execution (parent msg_id) on this connection; dropped when the execution ends.
  const sent = new Map<string, number>();
  const truncated = new Set<string>();

  upstream.on('message', (data: RawData, isBinary: boolean) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const msg = decodeFrame(buffer, isBinary, protocol);
    if (msg && msg.channel === 'iopub') {
      if (msg.msgType === 'status') {
        const state = msg.content.execution_state;
        if (msg.parentType === 'execute_request' && msg.parentId) {
          if (state === 'busy') watch.busy(msg.parentId);
          if (state === 'idle') {
            watch.idle(msg.parentId);
            sent.delete(msg.parentId);
            truncated.delete(msg.parentId);
          }
        }
        if (state === 'restarting' || state === 'dead') watch.idle(null);
      } else if (OUTPUT_TYPES.has(msg.msgType) && msg.parentId) {
        const total = (sent.get(msg.parentId) ?? 0) + buffer.length;
        sent.set(msg.parentId, total);
        if (total > cap) {
          if (!truncated.has(msg.parentId)) {
            truncated.add(msg.parentId);
            const text = `\n${translate(locale, 'errors.kernelOutputTruncated', { bytes: cap })}\n`;
            const notice = streamFrame(protocol, msg, 'stderr', text);
            if (client.readyState === WebSocket.OPEN) client.send(notice.data, { binary: notice.binary });
          }
          return;
        }
      }
    }
    if (client.readyState === WebSocket.OPEN) client.send(buffer, { binary: isBinary });
  });
  client.on('message', (data: RawData, isBinary: boolean) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data as Buffer, { binary: isBinary });
  });
  const closeCode = (code: number) => (code >= 1000 && code <= 4999 && code !== 1005 && code !== 1006 ? code : 1000);
  client.on('close', (code) => upstream.close(closeCode(code)));
  upstream.on('close', (code) => client.close(closeCode(code)));
  client.on('error', () => upstream.terminate());
  upstream.on('error', () => client.terminate());
}
