import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { startJupyterGateway } from '../apps/server/src/modules/kernels/kernels.fixtures.ts';
import { freePort, loadAverage, report, serve } from './lib.ts';

/**
 * Issues 12 and 25: what a user waits for, through the product (the API's proxy, each kernel in
 * its bubblewrap jail), against a bare Jupyter Server (stock kernelspec, no jail, no proxy) in the
 * same run, alternating in slices so a change in the machine's load hits both alike:
 * - start: POST /api/kernels until 201, then the first `1+1` answered (WebSocket opened,
 *   execute_reply and iopub idle), then the kernel is shut down; BENCH_STARTS of each;
 * - round trip: an execute_request for `1` on a running kernel, through the proxy, against the
 *   same jailed kernel directly and a bare kernel directly; BENCH_ROUNDS of each.
 * Budget (issue 25): start, first result and round trip within 10% of what they were before the
 * jail, both read as ratios against the bare server.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const STARTS = Number(process.env.BENCH_STARTS ?? 12);
const SLICES = 4;

function open(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/** One execute round trip on a connection, in milliseconds. */
function roundTrip(ws: WebSocket, session: string, code = '1'): Promise<number> {
  const msgId = randomUUID();
  const start = performance.now();
  return new Promise((resolve, reject) => {
    let replied = false;
    let idle = false;
    const timer = setTimeout(() => reject(new Error('no reply in 10 s')), 10_000);
    const onMessage = (data: Buffer) => {
      const msg = JSON.parse(String(data)) as {
        header: { msg_type: string };
        parent_header: { msg_id?: string };
        content: { execution_state?: string };
      };
      if (msg.parent_header.msg_id !== msgId) return;
      if (msg.header.msg_type === 'execute_reply') replied = true;
      if (msg.header.msg_type === 'status' && msg.content.execution_state === 'idle') idle = true;
      if (replied && idle) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(performance.now() - start);
      }
    };
    ws.on('message', onMessage);
    ws.send(
      JSON.stringify({
        channel: 'shell',
        header: {
          msg_id: msgId,
          msg_type: 'execute_request',
          session,
          username: 'bench',
          date: new Date().toISOString(),
          version: '5.3',
        },
        parent_header: {},
        metadata: {},
        content: {
          code,
          silent: false,
          store_history: false,
          user_expressions: {},
          allow_stdin: false,
          stop_on_error: true,
        },
        buffers: [],
      }),
    );
  });
}

interface Kernels {
  http: string;
  ws: string;
  headers: Record<string, string>;
}

/** One kernel's start and first `1+1`, in milliseconds from the POST; shut down afterwards. */
async function startToFirstResult(target: Kernels): Promise<{ start: number; first: number }> {
  const begin = performance.now();
  const response = await fetch(`${target.http}/api/kernels`, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'python3' }),
  });
  if (response.status !== 201) throw new Error(`start answered HTTP ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const started = performance.now() - begin;
  const session = randomUUID();
  const ws = await open(`${target.ws}/api/kernels/${id}/channels?session_id=${session}`, target.headers);
  // The kernel may still be coming up: its first request waits in ZeroMQ until it answers.
  await roundTrip(ws, session, '1+1');
  const first = performance.now() - begin;
  ws.close();
  const shutdown = await fetch(`${target.http}/api/kernels/${id}`, { method: 'DELETE', headers: target.headers });
  if (shutdown.status !== 204) throw new Error(`shutdown answered HTTP ${shutdown.status}`);
  return { start: started, first };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export async function benchKernels(): Promise<void> {
  if (!fs.existsSync(process.env.JUPYTER_SERVER_BIN || '/usr/bin/jupyter-server')) {
    console.warn('\n*** bench kernels: jupyter-server is not installed; SKIPPED ***\n');
    return;
  }
  const bare = await startJupyterGateway(await freePort());
  const server = await serve('bench/kernels-server.ts', {
    KERNELS: 'on',
    KERNEL_PORT: String(await freePort()),
    KERNEL_IDLE_SECONDS: '600',
  });
  try {
    const info = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'bench-kernels.json'), 'utf8')) as {
      token: string;
      starterToken: string;
      kernelId: string;
      jupyterWs: string;
      jupyterToken: string;
    };
    const bareUrl = bare.env.KERNEL_GATEWAY_URL;
    const bareHeaders = { authorization: `token ${bare.env.KERNEL_GATEWAY_TOKEN}` };
    const product: Kernels = {
      http: server.url,
      ws: server.url.replace('http', 'ws'),
      headers: { 'x-mathbridge-token': info.starterToken },
    };
    const floor: Kernels = { http: bareUrl, ws: bareUrl.replace('http', 'ws'), headers: bareHeaders };

    // Starts: one of each to warm up, then alternating slices.
    await startToFirstResult(floor);
    await startToFirstResult(product);
    const loadBeforeStarts = loadAverage();
    const starts = {
      floor: [] as { start: number; first: number }[],
      product: [] as { start: number; first: number }[],
    };
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (let i = 0; i < STARTS / SLICES; i += 1) starts.floor.push(await startToFirstResult(floor));
      for (let i = 0; i < STARTS / SLICES; i += 1) starts.product.push(await startToFirstResult(product));
    }
    const median = (all: number[]) =>
      quantile(
        [...all].sort((a, b) => a - b),
        0.5,
      );
    const startRow = (what: string, all: { start: number; first: number }[]) => ({
      what,
      'start p50 ms': median(all.map((s) => s.start)).toFixed(0),
      'first 1+1 p50 ms': median(all.map((s) => s.first)).toFixed(0),
    });
    const f = startRow('bare Jupyter Server (floor)', starts.floor);
    const p = startRow('product: proxy + jail', starts.product);
    report(`kernel start and first 1+1, ${STARTS} each; load ${loadBeforeStarts} → ${loadAverage()}`, [
      f,
      p,
      {
        what: 'ratio product / floor',
        'start p50 ms': (Number(p['start p50 ms']) / Number(f['start p50 ms'])).toFixed(2),
        'first 1+1 p50 ms': (Number(p['first 1+1 p50 ms']) / Number(f['first 1+1 p50 ms'])).toFixed(2),
      },
    ]);

    // Round trips on running kernels: the product's through the proxy and directly, a bare one directly.
    const session = randomUUID();
    const proxied = await open(
      `${server.url.replace('http', 'ws')}/api/kernels/${info.kernelId}/channels?session_id=${session}`,
      { cookie: `mb_token=${info.token}` },
    );
    const direct = await open(`${info.jupyterWs}/api/kernels/${info.kernelId}/channels?session_id=${session}-d`, {
      authorization: `token ${info.jupyterToken}`,
    });
    const bareStart = await fetch(`${bareUrl}/api/kernels`, {
      method: 'POST',
      headers: { ...bareHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'python3' }),
    });
    const bareKernel = ((await bareStart.json()) as { id: string }).id;
    const bareWs = await open(
      `${bareUrl.replace('http', 'ws')}/api/kernels/${bareKernel}/channels?session_id=${session}-b`,
      bareHeaders,
    );
    for (let i = 0; i < 20; i += 1) {
      await roundTrip(proxied, session);
      await roundTrip(direct, `${session}-d`);
      await roundTrip(bareWs, `${session}-b`);
    }
    const loadBefore = loadAverage();
    const times = { proxied: [] as number[], direct: [] as number[], bare: [] as number[] };
    for (let slice = 0; slice < SLICES * 2; slice += 1) {
      const n = ROUNDS / (SLICES * 2);
      for (let i = 0; i < n; i += 1) times.bare.push(await roundTrip(bareWs, `${session}-b`));
      for (let i = 0; i < n; i += 1) times.direct.push(await roundTrip(direct, `${session}-d`));
      for (let i = 0; i < n; i += 1) times.proxied.push(await roundTrip(proxied, session));
    }
    const stats = (all: number[]) => {
      const sorted = [...all].sort((a, b) => a - b);
      return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    };
    const b = stats(times.bare);
    const d = stats(times.direct);
    const x = stats(times.proxied);
    report(`kernel round trip (execute '1' → reply and idle), ${ROUNDS} each; load ${loadBefore} → ${loadAverage()}`, [
      { what: 'bare kernel, direct (floor)', 'p50 ms': b.p50.toFixed(2), 'p99 ms': b.p99.toFixed(2) },
      { what: 'jailed kernel, direct to Jupyter', 'p50 ms': d.p50.toFixed(2), 'p99 ms': d.p99.toFixed(2) },
      { what: 'jailed kernel, through the proxy', 'p50 ms': x.p50.toFixed(2), 'p99 ms': x.p99.toFixed(2) },
      { what: 'ratio proxy / floor', 'p50 ms': (x.p50 / b.p50).toFixed(2), 'p99 ms': (x.p99 / b.p99).toFixed(2) },
      { what: 'added by the proxy', 'p50 ms': (x.p50 - d.p50).toFixed(2), 'p99 ms': (x.p99 - d.p99).toFixed(2) },
    ]);
    proxied.close();
    direct.close();
    bareWs.close();
  } finally {
    await server.stop();
    await bare.stop();
  }
}
