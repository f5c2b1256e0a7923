import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { PART_STALE_MS } from '../lib/storage.ts';
import { startChildServer, startUpload, waitFor } from './child-server.ts';
import { describeApi, registerUser, useTestApp, type TestApp } from './harness.ts';

/**
 * Issue 9 point 13: uploads cut off by kill -9 leave `.part` files; the app sweeps them when it
 * starts (and hourly), never touching a write still in progress. The real case: the server runs
 * in a child process (as `npm start` runs it), 5 uploads stream into it in parallel, it is killed
 * with SIGKILL mid-stream, and the app is started again on the same data folder.
 */
const HOST =
  hostname()
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 60) || 'host';

function partsUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.part'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Starts the app again on the same data folder and database, as a restart does; answers what its start-up left. */
async function restart(t: TestApp): Promise<void> {
  const again = await buildApp(t.ctx.config);
  await again.app.ready();
  await again.app.close();
}

describeApi('leftover partial uploads (issue 9, point 13)', () => {
  const t = useTestApp();
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('a server killed with SIGKILL during 5 parallel uploads leaves .part files; the next start removes them', async () => {
    const { app, dataDir } = t();
    const user = await registerUser(app);
    const server = await startChildServer(t());
    child = server.child;
    const { port } = server;
    const spaces = path.join(dataDir, 'files', 'spaces');
    const before = partsUnder(spaces).length;
    const uploads = Array.from({ length: 5 }, (_, i) =>
      startUpload(port, user.token, `big${i}.png`, 8 * 1024 * 1024, 2 * 1024 * 1024),
    );
    await waitFor('5 partial files with bytes', () => {
      const parts = partsUnder(spaces);
      return parts.length === before + 5 && parts.every((p) => fs.statSync(p).size > 0);
    });
    child.kill('SIGKILL');
    await server.exited;
    for (const upload of uploads) upload.request.destroy();
    const leftBehind = partsUnder(spaces);
    const writerPid = child.pid;
    await restart(t());
    const afterRestart = partsUnder(spaces);
    console.log(
      'kill -9 mid-upload:',
      JSON.stringify({ writerPid, leftBehind: leftBehind.length, afterRestart: afterRestart.length }),
    );
    expect(leftBehind).toHaveLength(5);
    expect(leftBehind.every((p) => p.endsWith(`~${HOST}.${writerPid}.part`))).toBe(true);
    expect(afterRestart).toEqual([]);
  });

  it('an upload whose connection is destroyed leaves nothing, without a restart', async () => {
    const { app, dataDir } = t();
    const user = await registerUser(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const spaces = path.join(dataDir, 'files', 'spaces');
      const uploads = Array.from({ length: 3 }, (_, i) =>
        startUpload(port, user.token, `cut${i}.png`, 4 * 1024 * 1024, 1024 * 1024),
      );
      await waitFor('3 partial files', () => partsUnder(spaces).length === 3);
      for (const upload of uploads) upload.request.destroy();
      await waitFor('the server to remove them', () => partsUnder(spaces).length === 0);
      expect(partsUnder(spaces)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the start-up sweep removes dead writers’ parts and keeps what may be a live upload elsewhere', async () => {
    const t0 = t();
    const dir = path.join(t0.dataDir, 'files', 'spaces', '2020', '01');
    fs.mkdirSync(dir, { recursive: true });
    const write = (name: string, ageMs = 0) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'partial');
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(file, at, at);
      return file;
    };
    // A pid that surely ran on this host and ended: a child that has exited.
    const gone = spawn('true');
    await new Promise((r) => gone.once('exit', r));
    const files = {
      legacy: write('aaaa.part'),
      deadHere: write(`bbbb~${HOST}.${gone.pid}.part`),
      thisPidBeforeStart: write(`cccc~${HOST}.${process.pid}.part`),
      otherHostFresh: write('dddd~other-host.4242.part'),
      otherHostStale: write('eeee~other-host.4243.part', PART_STALE_MS + 60_000),
      liveHereFresh: write(`ffff~${HOST}.1.part`),
    };
    await restart(t0);
    const left = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, fs.existsSync(f)]));
    console.log('start-up sweep, still there:', JSON.stringify(left));
    expect(left).toEqual({
      legacy: false,
      deadHere: false,
      thisPidBeforeStart: false,
      otherHostFresh: true,
      otherHostStale: false,
      liveHereFresh: true,
    });
  });
});
