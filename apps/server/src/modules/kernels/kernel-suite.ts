import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe } from 'vitest';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import { freePort, waitFor } from '../../test/child-server.ts';
import { call, describeApi, useTestApp, type TestApp } from '../../test/harness.ts';
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

export interface KernelApp {
  testApp: () => TestApp;
  /** http://127.0.0.1:port of the app, listening. */
  base: () => string;
  /** ws://127.0.0.1:port. */
  wsBase: () => string;
}

/**
 * A test app with its own Jupyter Server (on a free port), listening on a real port (kernel
 * WebSockets need one), once Jupyter runs kernels; a Jupyter that fails or a jail that cannot be
 * built fails the file at once.
 */
export function useKernelApp(env: Record<string, string>): KernelApp {
  const settings: Record<string, string> = { KERNELS: 'on', ...env };
  beforeAll(async () => {
    settings.KERNEL_PORT = String(await freePort());
  });
  const testApp = useTestApp(settings);
  let port = 0;
  beforeAll(async () => {
    const { app } = testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    await waitFor(
      'Jupyter',
      async () => {
        const info = await call<KernelInfo>(app, 'GET', 'notebook/kernelInfo');
        if (info.result.reason === 'failed' || info.result.reason === 'no_sandbox') {
          throw new Error(`kernels unavailable: ${info.result.reason}`);
        }
        return info.result.available;
      },
      80_000,
    );
  }, 90_000);
  return { testApp, base: () => `http://127.0.0.1:${port}`, wsBase: () => `ws://127.0.0.1:${port}` };
}
