import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AttachmentList } from '@mathbridge/contracts/files';
import { afterAll, expect, it } from 'vitest';
import { answers, startChildServer, startUpload, waitFor } from './child-server.ts';
import { call, describeApi, registerUser, useTestApp } from './harness.ts';

/**
 * Issue 14, graceful shutdown, on a real server process: SIGTERM stops new connections at once,
 * an upload in flight still completes and is kept, the process closes its pools and exits 0;
 * a request that never finishes cannot hold it past SHUTDOWN_GRACE_MS (exit 1).
 */
const partsUnder = (dir: string) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part'))
    : [];

describeApi('graceful shutdown of a real server process', () => {
  const t = useTestApp();
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('on SIGTERM it refuses new connections, finishes the upload in flight, keeps the file and exits 0', async () => {
    const { app, dataDir } = t();
    const user = await registerUser(app);
    const server = await startChildServer(t());
    children.push(server.child);
    const spaces = path.join(dataDir, 'files', 'spaces');
    const upload = startUpload(server.port, user.token, 'in-flight.png', 3 * 1024 * 1024, 1024 * 1024);
    await waitFor('the upload to be writing', () => partsUnder(spaces).length === 1);

    server.child.kill('SIGTERM');
    // The listener closes at once: a new connection gets no answer.
    await waitFor('new connections to be refused', async () => !(await answers(server.port)), 10_000);
    // The process waits for the request in flight, which still completes.
    let exitedEarly = false;
    void server.exited.then(() => (exitedEarly = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(exitedEarly).toBe(false);
    upload.finish();
    const reply = await upload.answer;
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ status: 200, result: { name: 'in-flight.png' } });
    expect(await server.exited).toBe(0);

    // What it stored is there for the next start, and nothing half-written is left.
    const listed = await call<AttachmentList>(app, 'GET', 'upload/getAttachmentList', {}, { token: user.token });
    expect(listed.result.items.map((node) => node.name)).toContain('in-flight.png');
    expect(partsUnder(spaces)).toEqual([]);
  });

  it('a request that never finishes cannot hold the process past SHUTDOWN_GRACE_MS (exit 1)', async () => {
    const user = await registerUser(t().app);
    const server = await startChildServer(t(), { SHUTDOWN_GRACE_MS: '1500' });
    children.push(server.child);
    const upload = startUpload(server.port, user.token, 'stuck.png', 3 * 1024 * 1024, 64 * 1024);
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    upload.request.destroy();
  });
});
