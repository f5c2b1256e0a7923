import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { freePort, loadAverage, report, serve } from './lib.ts';

/**
 * Issue 12: kernel round-trip latency through the API's authenticated WebSocket proxy against a
 * direct connection to the same Jupyter kernel, in the same run. One round trip = send an
 * execute_request for `1`, wait for its execute_reply and its iopub `idle`. The two connections
 * alternate in slices so a change in the machine's load hits both alike. The proxy should add
 * little: it reads each frame's header for the limits and forwards it.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const SLICES = 8;

function open(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/** One execute round trip on a connection, in milliseconds. */
function roundTrip(ws: WebSocket, session: string): Promise<number> {
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
          code: '1',
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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export async function benchKernels(): Promise<void> {
  if (!fs.existsSync(process.env.JUPYTER_SERVER_BIN || '/usr/bin/jupyter-server')) {
    console.warn('\n*** bench kernels: jupyter-server is not installed; SKIPPED ***\n');
    return;
  }
  const server = await serve('bench/kernels-server.ts', {
    KERNELS: 'on',
    KERNEL_PORT: String(await freePort()),
    KERNEL_IDLE_SECONDS: '600',
  });
  try {
    const info = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'bench-kernels.json'), 'utf8')) as {
      token: string;
      kernelId: string;
      jupyterWs: string;
      jupyterToken: string;
    };
    const session = randomUUID();
    const proxied = await open(
      `${server.url.replace('http', 'ws')}/api/kernels/${info.kernelId}/channels?session_id=${session}`,
      { cookie: `mb_token=${info.token}` },
    );
    const direct = await open(`${info.jupyterWs}/api/kernels/${info.kernelId}/channels?session_id=${session}-d`, {
      authorization: `token ${info.jupyterToken}`,
    });
    for (let i = 0; i < 20; i += 1) {
      await roundTrip(proxied, session);
      await roundTrip(direct, `${session}-d`);
    }
    const loadBefore = loadAverage();
    const times = { proxied: [] as number[], direct: [] as number[] };
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (let i = 0; i < ROUNDS / SLICES; i += 1) times.direct.push(await roundTrip(direct, `${session}-d`));
      for (let i = 0; i < ROUNDS / SLICES; i += 1) times.proxied.push(await roundTrip(proxied, session));
    }
    const stats = (all: number[]) => {
      const sorted = [...all].sort((a, b) => a - b);
      return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    };
    const d = stats(times.direct);
    const p = stats(times.proxied);
    report(`kernel round trip (execute '1' → reply and idle), ${ROUNDS} each; load ${loadBefore} → ${loadAverage()}`, [
      { what: 'direct to Jupyter (floor)', 'p50 ms': d.p50.toFixed(2), 'p99 ms': d.p99.toFixed(2) },
      { what: 'through /api/kernels proxy', 'p50 ms': p.p50.toFixed(2), 'p99 ms': p.p99.toFixed(2) },
      {
        what: 'ratio proxy / direct',
        'p50 ms': (p.p50 / d.p50).toFixed(2),
        'p99 ms': (p.p99 / d.p99).toFixed(2),
      },
      { what: 'added by the proxy', 'p50 ms': (p.p50 - d.p50).toFixed(2), 'p99 ms': (p.p99 - d.p99).toFixed(2) },
    ]);
    proxied.close();
    direct.close();
  } finally {
    await server.stop();
  }
}
