import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below one TCP packet compression saves nothing measurable. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of the
 * build — hashed assets, index.html and the public files — so the server sends compressed bytes
 * without compressing per request (apps/server/src/app.ts serveWeb negotiates Accept-Encoding). A
 * variant is written only when it is smaller than the file; the server falls back to the plain
 * file when one is missing. A local build step rather than a plugin package: the maintained one
 * (vite-plugin-compression2) patches Vite's internal manifest plugins and process.stdout to hook
 * in, which ties it to Vite internals; this only reads the finished output folder.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mathbridge:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are written, and after the other plugins' closeBundle
    // (the service worker, installable-app.ts, is written there).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const source = await fs.readFile(file);
            if (source.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
