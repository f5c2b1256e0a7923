// Bundles the server (and the contracts it imports) into dist/ (or OUT_DIR); node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/admin.ts', 'src/backup.ts'],
  outdir: process.env.OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The contracts package is TypeScript source inside the repo: bundle it instead.
  alias: { '@mathbridge/contracts': '../../packages/contracts/src' },
  logLevel: 'warning',
});
