// Bundles the server (and the contracts it imports) into dist/ (or OUT_DIR); node_modules stay external.
import { copyFile, mkdir } from 'node:fs/promises';
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

// The kernel launcher is Python, run by Jupyter from the kernelspec folder (modules/kernels/jail.ts
// reads it beside the bundle: dist/jail/launch-kernel.py).
const out = process.env.OUT_DIR ?? 'dist';
await mkdir(`${out}/jail`, { recursive: true });
await copyFile('src/modules/kernels/jail/launch-kernel.py', `${out}/jail/launch-kernel.py`);
