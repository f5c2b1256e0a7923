import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A server key kept in `DATA_DIR/secrets/<name>`: generated (32 random bytes, hex) on first start
 * with the folder 0700 and the file 0600, and read on every later start. Two instances starting
 * at once both end up with the first writer's key (`wx` refuses to overwrite).
 */
export function keyFromDataDir(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
