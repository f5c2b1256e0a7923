import { performance } from 'node:perf_hooks';
import { signPayload } from '@mathbridge/contracts/signature';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/crypto.ts';
import { load, report, serve } from './lib.ts';

/**
 * DESIGN §8: login ≥ 80% of bare argon2id verify throughput. The baseline runs the same argon2id
 * parameters with the same concurrency (10) in this process, measured in this run.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 100;

async function bareVerify(): Promise<number> {
  const hash = await hashPassword('bench-password');
  let done = 0;
  const end = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        await verifyPassword(hash, 'bench-password');
        done += 1;
      }
    }),
  );
  return done / DURATION_S;
}

export async function benchLogin(): Promise<void> {
  const floor = await bareVerify();
  const server = await serve('bench/login-server.ts', { USERS: String(USERS) });
  try {
    const bodies = Array.from({ length: USERS }, (_, i) => {
      const payload = { phone_details: `1390000${String(i).padStart(4, '0')}`, password: 'bench-password' };
      return JSON.stringify({ ...payload, sign: signPayload(payload), ignore_sign: 0 });
    });
    let n = 0;
    const result = await load({
      url: `${server.url}/api/user/login`,
      duration: DURATION_S,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[n++ % USERS] }),
        },
      ],
    });
    report('login vs bare argon2id verify (10 concurrent)', [
      { what: 'bare argon2id verify (floor)', 'ops/s': floor.toFixed(1) },
      {
        what: 'POST /api/user/login',
        'ops/s': result.rps.toFixed(1),
        'p99 ms': result.p99,
        errors: result.errors + result.non2xx,
      },
      { what: 'ratio (budget ≥ 0.80)', 'ops/s': (result.rps / floor).toFixed(2) },
    ]);
  } finally {
    await server.stop();
  }
}
