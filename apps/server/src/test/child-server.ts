import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { Config } from '../config.ts';
import { multipart, png } from '../modules/files/files.fixtures.ts';
import type { TestApp } from './harness.ts';

/**
 * The server as `npm start` runs it, in a child process on a real port, over a test app's data
 * folder and database: for what only a real process shows (signals, kill -9, sockets).
 */
const serverEntry = path.resolve(import.meta.dirname, '../server.ts');
const tsxLoader = path.resolve(import.meta.dirname, '../../../../node_modules/tsx/dist/loader.mjs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a new connection to the port gets an answer from /api/health. */
export const answers = (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

export interface ChildServer {
  port: number;
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far (the last 64 KB): a crash's stack. */
  stderr: () => string;
}

/** What the child takes from a test app: its data folder and database (a test with a database of its own passes just these). */
export type ChildServerBase = Pick<TestApp, 'dataDir'> & {
  ctx: { config: Pick<Config, 'databaseUrl' | 'databaseSchema'> };
};

/**
 * Starts the server in a child process on `t`'s data folder and database and waits until it answers.
 * A child that exits first, or is not answering within 45 s, fails the start with its stderr.
 */
export async function startChildServer(t: ChildServerBase, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const { databaseUrl, databaseSchema } = t.ctx.config;
  // node itself runs the server (tsx only as a loader): the pid signalled is the pid that serves.
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(t.dataDir, 'no-web'),
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_SCHEMA: databaseSchema ?? '',
      ...env,
    },
    // stderr is kept (the last 64 KB) either way: with LOG_LEVEL silent it holds only a crash.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-65_536)));
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      hasExited = true;
      resolve(code);
    }),
  );
  // A child that dies or hangs before answering fails at once with its last words, not at a hook's timeout.
  const answering = () => {
    if (hasExited) throw new Error(`the child server exited (${child.exitCode ?? child.signalCode}) before answering`);
    return answers(port);
  };
  await waitFor('the child server', answering, 45_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its stderr:\n${stderr}`);
  });
  return { port, child, exited, stderr: () => stderr };
}

export interface ChildReply<T> {
  /** The HTTP status (application outcomes come in 200, their status in the envelope). */
  http: number;
  status: number;
  message: string;
  result: T;
}

/**
 * A call to a child server over HTTP, as a browser or another program makes it (unsigned:
 * NODE_ENV=test accepts ignore_sign), in `locale`, bounded by `boundMs` when given (a hang fails).
 */
export async function callChild<T = unknown>(
  server: Pick<ChildServer, 'port'>,
  method: 'GET' | 'POST',
  call: string,
  body: Record<string, unknown> = {},
  options: { token?: string; locale?: string; boundMs?: number } = {},
): Promise<ChildReply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.locale) headers['accept-language'] = options.locale;
  if (options.token) headers[TOKEN_HEADER] = options.token;
  const base = `http://127.0.0.1:${server.port}/api/${call}`;
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
    ignore_sign: '1',
  });
  const response = await fetch(method === 'GET' ? `${base}?${query.toString()}` : base, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify({ ...body, ignore_sign: 1 }) : undefined,
    signal: options.boundMs ? AbortSignal.timeout(options.boundMs) : undefined,
  });
  return { http: response.status, ...((await response.json()) as Omit<ChildReply<T>, 'http'>) };
}

/**
 * An upload of `total` bytes to a real socket with only its first `sendBytes` sent: `finish` sends
 * the rest, `answer` is the reply (rejects when the connection is cut).
 */
export function startUpload(port: number, token: string, name: string, total: number, sendBytes: number) {
  const { body, contentType } = multipart(name, png(total));
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload/upload?ignore_sign=1',
    headers: { 'content-type': contentType, 'content-length': body.length, [TOKEN_HEADER]: token },
  });
  const answer = new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  request.write(body.subarray(0, sendBytes));
  return { request, answer, finish: () => request.end(body.subarray(sendBytes)) };
}
