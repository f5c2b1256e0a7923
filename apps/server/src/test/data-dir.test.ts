import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeApi, inParallel, registerUser, settledValues, useTestApp } from './harness.ts';
import { png, upload } from '../modules/files/files.fixtures.ts';
import { buildApp } from '../app.ts';

/**
 * Issue 9 point 12: the data folder and everything in it are the server's user's alone. The app
 * starts on a data folder it creates itself (as `npm start` does with ./data) inside a folder
 * everyone may enter; after parallel uploads another local user (uid 65534, 'nobody') tries to
 * read the database, its WAL, the stored files and the link key.
 */
const parent = path.join(os.tmpdir(), `mb-perm-${randomBytes(4).toString('hex')}`);
fs.mkdirSync(parent, { mode: 0o755 });
fs.chmodSync(parent, 0o755);
const dataDir = path.join(parent, 'data');

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
const everything = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((e) => path.join(e.parentPath, e.name));
/** What another local user gets when reading `file`: 'read' or the error cat printed. */
function asNobody(file: string): string {
  const run = spawnSync('cat', [file], { uid: 65534, gid: 65534, stdio: ['ignore', 'ignore', 'pipe'] });
  return run.status === 0 ? 'read' : run.stderr.toString().includes('Permission denied') ? 'denied' : 'error';
}

describeApi('data folder permissions (issue 9, point 12)', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('creates the data folder 0700 and the database, stored files and keys 0600; another user reads nothing', async () => {
    const { app } = t();
    const user = await registerUser(app);
    const replies = settledValues(await inParallel(10, (i) => upload(app, user.token, `p${i}.png`, png(2000 + i))));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    await upload(app, user.token, 'me.png', png(3000), {}, { path: 'user/upload_avatar' });

    const entries = everything(dataDir);
    const dirs = [dataDir, ...entries.filter((e) => fs.statSync(e).isDirectory())];
    const files = entries.filter((e) => fs.statSync(e).isFile());
    const named = (suffix: string) => files.filter((f) => f.endsWith(suffix));
    const report = {
      dirs: Object.fromEntries(dirs.map((d) => [path.relative(parent, d) || '.', modeOf(d)])),
      fileModes: [...new Set(files.map(modeOf))],
      files: files.length,
      nobody: Object.fromEntries(
        [
          ...named('mathbridge.db'),
          ...named('mathbridge.db-wal'),
          ...named('files-url.key'),
          ...files.filter((f) => f.includes(`${path.sep}spaces${path.sep}`)).slice(0, 2),
          ...files.filter((f) => f.includes(`${path.sep}avatars${path.sep}`)),
        ].map((f) => [path.relative(dataDir, f), asNobody(f)]),
      ),
    };
    console.log('permissions:', JSON.stringify(report));
    expect(Object.values(report.dirs).every((mode) => mode === '700')).toBe(true);
    expect(report.fileModes).toEqual(['600']);
    // SQLite only in the server-sqlite project; stored files, avatar and the link key in both.
    expect(named('files-url.key')).toHaveLength(1);
    expect(files.filter((f) => f.includes(`${path.sep}spaces${path.sep}`)).length).toBe(10);
    if (process.env.TEST_DB !== 'postgres') {
      expect(named('mathbridge.db')).toHaveLength(1);
      expect(named('mathbridge.db-wal')).toHaveLength(1);
      expect(named('mathbridge.db-shm')).toHaveLength(1);
    }
    expect(Object.values(report.nobody).every((outcome) => outcome === 'denied')).toBe(true);
  });

  it('tightens a data folder an older version left world-readable when the app starts on it', async () => {
    const { ctx } = t();
    const entries = everything(dataDir);
    for (const entry of [dataDir, ...entries]) fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
    const key = entries.find((f) => f.endsWith('files-url.key')) ?? '';
    expect(asNobody(key)).toBe('read');
    const restarted = await buildApp(ctx.config);
    try {
      await restarted.app.ready();
      // The key is read (and tightened) when the files module first needs it.
      const user = await registerUser(restarted.app);
      expect((await upload(restarted.app, user.token, 'again.png', png(1500))).status).toBe(200);
      const tightened = [dataDir, key, ...entries.filter((f) => /mathbridge\.db(-wal|-shm)?$/.test(f))];
      const modes = Object.fromEntries(tightened.map((f) => [path.relative(parent, f), modeOf(f)]));
      console.log('after restart on a 0755/0644 folder:', JSON.stringify({ modes, key: asNobody(key) }));
      expect(modeOf(dataDir)).toBe('700');
      expect(Object.entries(modes).every(([f, mode]) => mode === (f === 'data' ? '700' : '600'))).toBe(true);
      expect(asNobody(key)).toBe('denied');
    } finally {
      await restarted.app.close();
    }
  });
});
