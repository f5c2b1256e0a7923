import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from './data-dir.ts';

/**
 * A server key kept in `DATA_DIR/secrets/<name>`: generated (32 random bytes, hex) on first start
 * with the folder 0700 and the file 0600 (tightened if an older version left it readable), and read
 * on every later start. Two instances starting at once both end up with the first writer's key
 * (`wx` refuses to overwrite). Used for the download-link key and the ID-number key.
 */
export function keyFromDataDir(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  ensurePrivateDir(path.dirname(file));
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  tightenFile(file);
  return fs.readFileSync(file, 'utf8').trim();
}
