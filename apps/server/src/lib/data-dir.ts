import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder (DATA_DIR) holds the SQLite database, stored files and generated keys: only the
 * server's own user may read it (issue 9). Folders are created 0700 and files 0600 whatever the
 * umask, and ones an older version left world-readable are tightened when the app starts.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and missing parents) readable by the server's user alone; tightens it if it exists. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates an empty file readable by the server's user alone, or tightens the existing one. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Tightens a file if it exists (e.g. SQLite's -wal and -shm left by an older version). */
export function tightenFile(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
}

/** A whole tree readable by the server's user alone: folders 0700, files 0600 (a restored backup). */
export function tightenTree(root: string): void {
  fs.chmodSync(root, PRIVATE_DIR_MODE);
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    fs.chmodSync(file, entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  }
}
