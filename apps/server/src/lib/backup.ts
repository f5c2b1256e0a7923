import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenTree } from './data-dir.ts';
import { s3SettingsFromEnv } from './storage.ts';

/**
 * Backup and restore of the embedded defaults (issue 14): the SQLite database, the stored files
 * (`DATA_DIR/files`) and the generated keys (`DATA_DIR/secrets`: without the ID-number key the
 * sealed ID numbers cannot be read, without the link key old links fail) in one `.tar.gz`
 * (node-tar), with a manifest.
 * - The database copy is SQLite's online backup API: a consistent snapshot while the server runs.
 *   Files are copied after it, so every file the snapshot names is there; a file purged from the
 *   trash in between may be missing, which only affects a file already in the trash.
 * - Partial uploads (`*.part`) are left out.
 * - The archive holds keys: it is written 0600, and should be kept like the keys themselves.
 * PostgreSQL and S3 deployments back up with their own tools (README 'Backups').
 */

export const BACKUP_FORMAT = 1;
const DB_FILE = 'mathbridge.db';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: number;
  created_at: string;
  /** The newest migration the database had. */
  migration: string | null;
  /** Stored files and their bytes when the backup began (uploads running meanwhile may add some). */
  files: number;
  bytes: number;
}

/** Why this deployment cannot use `npm run backup`, or null when it can. */
export function backupRefusal(
  config: Pick<Config, 'databaseUrl'>,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (config.databaseUrl)
    return 'DATABASE_URL is set: back PostgreSQL up with pg_dump (README, Backups); npm run backup covers the embedded SQLite.';
  if (s3SettingsFromEnv(env))
    return 'S3 storage is set: back the bucket up with its own versioning or replication (README, Backups).';
  return null;
}

function filesUnder(root: string): { count: number; bytes: number } {
  if (!fs.existsSync(root)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    count += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** Writes a backup of `config.dataDir` to `out` (0600); answers its manifest. */
export async function createBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  out: string,
): Promise<BackupManifest> {
  const refusal = backupRefusal(config);
  if (refusal) throw new Error(refusal);
  const database = path.join(config.dataDir, DB_FILE);
  if (!fs.existsSync(database)) throw new Error(`no database at ${database}: nothing to back up`);
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(out)), '.mb-backup-'));
  fs.chmodSync(staging, PRIVATE_DIR_MODE);
  try {
    const source = new SQLite(database, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(staging, DB_FILE));
    } finally {
      source.close();
    }
    const copy = new SQLite(path.join(staging, DB_FILE), { readonly: true });
    const newest = copy.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    copy.close();
    // The files after the snapshot, so everything it names is there.
    const included: string[] = [DB_FILE, MANIFEST];
    for (const folder of ['files', 'secrets']) {
      const from = path.join(config.dataDir, folder);
      if (!fs.existsSync(from)) continue;
      fs.symlinkSync(from, path.join(staging, folder));
      included.push(folder);
    }
    const { count, bytes } = filesUnder(path.join(config.dataDir, 'files'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      migration: newest?.name ?? null,
      files: count,
      bytes,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    const partial = `${out}.part`;
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        portable: true,
        // The two folders are links into DATA_DIR: archive what they point to.
        follow: true,
        filter: (name) => !name.endsWith('.part'),
        mode: PRIVATE_FILE_MODE,
      },
      included,
    );
    fs.chmodSync(partial, PRIVATE_FILE_MODE);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into `dataDir`. A data folder that already holds a database is refused unless
 * `force`; then it is kept beside, renamed `<dataDir>.before-restore-<time>`, never deleted. The
 * archive is unpacked next to the target first and checked (manifest format, SQLite integrity) so
 * a bad archive changes nothing.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; keptAs: string | null }> {
  const target = path.resolve(dataDir);
  if (fs.existsSync(path.join(target, DB_FILE)) && !force)
    throw new Error(
      `${target} already holds a database; restore with --force keeps it beside as ${path.basename(target)}.before-restore-…`,
    );
  // The parent is the operator's (often /tmp or /var/lib): made if missing, its mode left alone.
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(`${target}.restoring-`);
  try {
    fs.chmodSync(staging, PRIVATE_DIR_MODE);
    // node-tar refuses absolute paths and `..` (no preservePaths), so nothing lands outside staging.
    await tar.extract({ file: archive, cwd: staging, strict: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${String(manifest.format)}`);
    const db = new SQLite(path.join(staging, DB_FILE), { fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    db.close();
    if (integrity !== 'ok') throw new Error(`the backup's database fails its integrity check: ${String(integrity)}`);
    fs.rmSync(path.join(staging, MANIFEST));
    tightenTree(staging);
    let keptAs: string | null = null;
    if (fs.existsSync(target)) {
      keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(target, keptAs);
    }
    fs.renameSync(staging, target);
    return { manifest, keptAs };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
