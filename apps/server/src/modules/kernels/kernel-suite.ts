import fs from 'node:fs';
import { describe } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { BWRAP, JUPYTER } from './kernels.fixtures.ts';

/**
 * `describe` for suites that run jailed kernels: skipped loudly where Jupyter or bubblewrap is
 * missing, and failing instead under REQUIRE_ALL=1 (CI). Apart from kernels.fixtures.ts, which the
 * benches import outside Vitest.
 */
export function kernelSuite(what: string): typeof describe {
  const missing = [JUPYTER, '/usr/bin/python3', BWRAP].filter((file) => !fs.existsSync(file));
  if (!missing.length) return describeApi;
  if (process.env.REQUIRE_ALL === '1')
    throw new Error(`REQUIRE_ALL=1 but ${missing.join(', ')} missing: ${what} cannot run`);
  console.warn(`\n*** kernels: ${missing.join(', ')} missing; the ${what} are SKIPPED ***\n`);
  return describe.skip as typeof describe;
}
