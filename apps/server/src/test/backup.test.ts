import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileNode, SignedUrl } from '@mathbridge/contracts/files';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { backupRefusal, createBackup, restoreBackup } from '../lib/backup.ts';
import { fetchLink, png, upload } from '../modules/files/files.fixtures.ts';
import { certifiedUser, signInAdmin } from '../modules/identity/identity.fixtures.ts';
import { call, describeApi, registerUser, useTestApp } from './harness.ts';

/**
 * Issue 14: `npm run backup` / `npm run restore` for the embedded defaults. A backup taken while
 * the app serves is restored onto an empty data folder, and a server started there has the same
 * accounts, files, keys and sealed ID numbers. Restores never destroy what they replace.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const backupEntry = path.resolve(import.meta.dirname, '../backup.ts');
const tsxLoader = path.resolve(import.meta.dirname, '../../../../node_modules/tsx/dist/loader.mjs');

/** The CLI as `npm run backup` / `npm run restore` runs it, on `dataDir`. */
const cli = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', pathToFileURL(tsxLoader).href, backupEntry, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

describeApi('backup and restore of the embedded defaults', () => {
  const t = useTestApp();

  it('a backup taken while serving restores onto an empty folder: accounts, files, keys and ID numbers work', async () => {
    const { app, ctx } = t();
    if (ctx.config.databaseUrl) {
      // PostgreSQL deployments use pg_dump: the command says so and writes nothing.
      expect(backupRefusal(ctx.config)).toMatch(/pg_dump/);
      await expect(createBackup(ctx.config, path.join(work, 'pg.tar.gz'))).rejects.toThrow(/pg_dump/);
      expect(fs.existsSync(path.join(work, 'pg.tar.gz'))).toBe(false);
      return;
    }
    const admin = await signInAdmin(t());
    const specialist = await certifiedUser(app, admin, 'Specialist');
    const user = await registerUser(app);
    const content = png(20_000);
    const stored = (await upload(app, user.token, 'result.png', content)).result as FileNode;

    type AuthInfo = { certification: { data: { idNumber?: string } } | null };
    const idNumberOf = async (server: typeof app) =>
      (await call<AuthInfo>(server, 'GET', 'user/authInfo', {}, { token: specialist.token })).result.certification?.data
        .idNumber;
    const number = await idNumberOf(app);
    expect(number).toMatch(/^\d{17}[\dX]$/);

    const archive = path.join(work, 'online.tar.gz');
    const manifest = await createBackup(ctx.config, archive);
    expect(manifest).toMatchObject({ format: 1, files: expect.any(Number) as number });
    expect(manifest.files).toBeGreaterThanOrEqual(2);
    expect(manifest.migration).toMatch(/^\d{4}-/);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const fresh = path.join(work, 'fresh-data');
    await restoreBackup(archive, fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(fresh, 'mathbridge.db')).mode & 0o777).toBe(0o600);
    const restored = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: fresh, WEB_DIST: path.join(work, 'none') }),
    );
    try {
      const again = restored.app;
      const login = await call<{ token: { access_token: string } }>(again, 'POST', 'user/login', {
        phone_details: user.phone,
        password: user.password,
      });
      expect(login.status).toBe(200);
      const token = login.result.token.access_token;
      const link = await call<SignedUrl>(again, 'POST', 'upload/downloadUrl', { id: stored.id }, { token });
      expect(link.status).toBe(200);
      const body = await fetchLink(again, link.result.url);
      expect(body.statusCode).toBe(200);
      expect(body.rawPayload.equals(content)).toBe(true);
      // The sealed ID number opens with the restored key (and the session came along): the owner reads it whole.
      expect(await idNumberOf(again)).toBe(number);
      console.info(`restored: login ${login.status}, file ${body.rawPayload.length} bytes, ID number readable`);
    } finally {
      await restored.app.close();
    }
  });

  it('restore refuses a folder that holds a database unless forced, and then keeps it beside; a broken archive changes nothing', async () => {
    if (t().ctx.config.databaseUrl) {
      // S3 deployments back the bucket up with its own tools.
      const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' };
      expect(backupRefusal({ databaseUrl: undefined }, s3)).toMatch(/bucket/);
      return;
    }
    const archive = path.join(work, 'second.tar.gz');
    await createBackup(t().ctx.config, archive);
    const target = path.join(work, 'occupied');
    await restoreBackup(archive, target);
    await expect(restoreBackup(archive, target)).rejects.toThrow(/already holds a database/);
    fs.writeFileSync(path.join(target, 'marker'), 'mine');
    const { keptAs } = await restoreBackup(archive, target, { force: true });
    expect(keptAs).not.toBeNull();
    expect(fs.readFileSync(path.join(keptAs ?? '', 'marker'), 'utf8')).toBe('mine');
    expect(fs.existsSync(path.join(target, 'marker'))).toBe(false);

    // The folder above the data folder is the operator's (/tmp, /var/lib): its mode stays as it was.
    const parent = path.join(work, 'shared-parent');
    fs.mkdirSync(parent, { mode: 0o755 });
    fs.chmodSync(parent, 0o755);
    await restoreBackup(archive, path.join(parent, 'data'));
    expect(fs.statSync(parent).mode & 0o777).toBe(0o755);

    const broken = path.join(work, 'broken.tar.gz');
    fs.writeFileSync(broken, fs.readFileSync(archive).subarray(0, 2000));
    const untouched = path.join(work, 'untouched');
    await expect(restoreBackup(broken, untouched)).rejects.toThrow();
    expect(fs.existsSync(untouched)).toBe(false);
    expect(fs.readdirSync(work).filter((name) => name.includes('.restoring-'))).toEqual([]);
  });

  it('npm run backup and npm run restore (the CLI) do the same from the environment’s DATA_DIR', () => {
    const pgUrl = t().ctx.config.databaseUrl;
    if (pgUrl) {
      const refused = cli(t().dataDir, ['--out', path.join(work, 'pg-cli.tar.gz')], { DATABASE_URL: pgUrl });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/pg_dump/);
      return;
    }
    const out = path.join(work, 'cli.tar.gz');
    const made = cli(t().dataDir, ['--out', out]);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Backup written to');
    const target = path.join(work, 'cli-restored');
    const restored = cli(target, ['--restore', out]);
    expect(restored.status).toBe(0);
    expect(fs.existsSync(path.join(target, 'mathbridge.db'))).toBe(true);
    expect(cli(target, ['--restore', out]).status).toBe(1);
  });
});
