import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
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
}

/** Starts the server in a child process on `t`'s data folder and database and waits until it answers. */
export async function startChildServer(t: TestApp, env: Record<string, string> = {}): Promise<ChildServer> {
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
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor('the child server', () => answers(port));
  return { port, child, exited };
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
