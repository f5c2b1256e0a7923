import { benchCluster } from './cluster.ts';
import { benchContent } from './content.ts';
import { benchDemands } from './demands.ts';
import { benchFiles } from './files.ts';
import { benchKernels } from './kernels.ts';
import { benchLogin } from './login.ts';
import { benchResearch } from './research.ts';
import { benchSerializer } from './serializer.ts';
import { benchWeb } from './web.ts';

/** `npm run bench [-- name…]`: runs the named benchmarks (default all) and prints their ratios. */
const benches: Record<string, () => Promise<void>> = {
  login: benchLogin,
  files: benchFiles,
  demands: benchDemands,
  web: benchWeb,
  research: benchResearch,
  content: benchContent,
  kernels: benchKernels,
  cluster: benchCluster,
  serializer: benchSerializer,
};
const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run();
}
