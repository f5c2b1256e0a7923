import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { createBackup, restoreBackup } from './lib/backup.ts';

/**
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]` (lib/backup.ts), on the
 * DATA_DIR of the environment, the server's own. A backup can be taken while the server runs; a
 * restore is made with the server stopped.
 */
const { values, positionals } = parseArgs({
  options: { out: { type: 'string' }, force: { type: 'boolean' }, restore: { type: 'boolean' } },
  allowPositionals: true,
});
const config = loadConfig();
try {
  if (values.restore) {
    const archive = positionals[0];
    if (!archive) {
      console.error('usage: npm run restore -- FILE [--force]');
      process.exit(2);
    }
    const { manifest, keptAs } = await restoreBackup(archive, config.dataDir, { force: values.force === true });
    console.log(
      `Restored ${archive} (taken ${manifest.created_at}, ${manifest.files} files) into ${config.dataDir}` +
        (keptAs ? `; the data folder it replaced is kept as ${keptAs}` : ''),
    );
  } else {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(values.out ?? `mathbridge-backup-${stamp}.tar.gz`);
    const manifest = await createBackup(config, out);
    console.log(
      `Backup written to ${out}: database (${manifest.migration}) and ${manifest.files} files, ${manifest.bytes} bytes.`,
    );
    console.log('It holds the keys of DATA_DIR/secrets: keep it as safely as the keys themselves.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
