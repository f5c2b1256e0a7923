import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GENERAL_MAX_UPLOAD_BYTES } from '@mathbridge/contracts/constants';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { signPayload } from '@mathbridge/contracts/signature';
import { report, serve, type Served } from './lib.ts';

/**
 * Issue 4 / DESIGN §8: upload and download throughput of a 10 MB file through the real API
 * (multipart parsing, magic-byte sniffing, hashing, quota, database rows, signed link) against
 * a bare node:http server that only streams bytes to and from disk, measured in the same run;
 * and the server's peak memory during 20 concurrent 10 MB uploads (budget: < 200 MB above idle).
 */
const ROUNDS = Number(process.env.BENCH_FILE_ROUNDS ?? 20);
const SLICES = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENT = 20;
const SIZE = GENERAL_MAX_UPLOAD_BYTES;
const MiB = 1024 * 1024;

/** A PNG (signature, IHDR, one IDAT chunk of random bytes) of exactly `size` bytes: passes the sniffer, does not compress. */
function pngOfSize(size: number): Buffer {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const idat = Buffer.alloc(8);
  idat.writeUInt32BE(size - head.length - 8, 0);
  idat.write('IDAT', 4, 'latin1');
  return Buffer.concat([head, idat, randomBytes(size - head.length - 8)]);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Memory of a process as Linux reports it (kB → MiB). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every few ms while `work` runs; returns idle (before) and peak. */
async function peakDuring(pid: number, work: () => Promise<unknown>): Promise<{ idle: number; peak: number }> {
  await new Promise((r) => setTimeout(r, 1000));
  const idle = Math.min(rssMiB(pid), rssMiB(pid));
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssMiB(pid));
  return { idle, peak };
}

function multipart(content: Buffer) {
  const boundary = '----mbbench7d1a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** MB/s of `rounds` sequential runs of `one`, each moving SIZE bytes. */
async function timed(rounds: number, one: () => Promise<void>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) await one();
  return (rounds * SIZE) / MiB / ((performance.now() - start) / 1000);
}

/** One side of the comparison, started and ready: what an upload and a download of SIZE bytes are. */
interface Side {
  server: Served;
  upload: () => Promise<void>;
  download: () => Promise<void>;
}

async function startFloor(content: Buffer): Promise<Side> {
  const server = await serve('bench/files-baseline.ts');
  const headers = { 'content-type': 'application/octet-stream', 'content-length': content.length };
  const upload = async () => {
    if ((await send(`${server.url}/`, 'POST', headers, content)).status !== 200) throw new Error('floor upload failed');
  };
  await upload();
  return {
    server,
    upload,
    download: async () => {
      if ((await send(`${server.url}/`, 'GET', {})).body.length !== SIZE) throw new Error('floor download failed');
    },
  };
}

async function startProduct(content: Buffer): Promise<Side> {
  // A quota large enough for every round of this run.
  const server: Served = await serve('bench/files-server.ts', { FILES_USER_QUOTA_BYTES: String(100 * 1024 * MiB) });
  const token = fs.readFileSync(path.join(server.dataDir, 'bench-token'), 'utf8');
  const { body, type } = multipart(content);
  const headers = { [TOKEN_HEADER]: token, 'content-type': type, 'content-length': body.length };
  const uploadOnce = async () => {
    const reply = await send(`${server.url}/api/upload/upload?ignore_sign=1&size=${SIZE}`, 'POST', headers, body);
    const envelope = JSON.parse(reply.body.toString()) as { status: number; message: string; result: { id: number } };
    if (envelope.status !== 200) throw new Error(`upload: ${envelope.status} ${envelope.message}`);
    return envelope.result.id;
  };
  // Warm-up: code paths loaded and compiled before anything is measured.
  const id = await uploadOnce();
  const payload = { id };
  const linkReply = await send(
    `${server.url}/api/upload/downloadUrl`,
    'POST',
    { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ ...payload, sign: signPayload(payload), ignore_sign: 0 })),
  );
  const url = (JSON.parse(linkReply.body.toString()) as { result: { url: string } }).result.url;
  return {
    server,
    upload: async () => {
      await uploadOnce();
    },
    download: async () => {
      const reply = await send(`${server.url}${url}`, 'GET', {});
      if (reply.body.length !== SIZE) throw new Error(`download: got ${reply.body.length} bytes`);
    },
  };
}

/**
 * Floor and product measured in alternating slices (SLICES of ROUNDS / SLICES rounds each, the
 * side that goes first alternating too), so a change of the machine's load meets both alike.
 */
async function interleaved(floor: Side, product: Side, op: 'upload' | 'download') {
  const perSlice = Math.max(1, Math.round(ROUNDS / SLICES));
  const rates = { floor: [] as number[], product: [] as number[] };
  for (let slice = 0; slice < SLICES; slice += 1) {
    const order = slice % 2 === 0 ? (['floor', 'product'] as const) : (['product', 'floor'] as const);
    for (const side of order) rates[side].push(await timed(perSlice, (side === 'floor' ? floor : product)[op]));
  }
  // MB/s over all slices: the harmonic mean of equal-sized slices.
  const over = (all: number[]) => all.length / all.reduce((sum, r) => sum + 1 / r, 0);
  return { floor: over(rates.floor), product: over(rates.product) };
}

export async function benchFiles(): Promise<void> {
  const content = pngOfSize(SIZE);
  const floor = await startFloor(content);
  const product = await startProduct(content).catch(async (error: unknown) => {
    await floor.server.stop();
    throw error;
  });
  try {
    const up = await interleaved(floor, product, 'upload');
    const down = await interleaved(floor, product, 'download');
    // Memory one after the other: both at once would share the machine's memory bandwidth.
    const floorMemory = await peakDuring(floor.server.pid, () =>
      Promise.all(Array.from({ length: CONCURRENT }, floor.upload)),
    );
    const productMemory = await peakDuring(product.server.pid, () =>
      Promise.all(Array.from({ length: CONCURRENT }, product.upload)),
    );
    const mb = (n: number) => n.toFixed(0);
    report(
      `files: 10 MB upload/download (${ROUNDS} sequential rounds each, ${SLICES} alternating slices) vs bare node:http stream-to-disk`,
      [
        { what: 'bare node:http upload (floor)', 'MB/s': mb(up.floor) },
        { what: 'POST /api/upload/upload', 'MB/s': mb(up.product) },
        { what: 'upload ratio (≥ 0.80)', 'MB/s': (up.product / up.floor).toFixed(2) },
        { what: 'bare node:http download (floor)', 'MB/s': mb(down.floor) },
        { what: 'GET signed /api/upload/download/:id', 'MB/s': mb(down.product) },
        { what: 'download ratio (≥ 0.80)', 'MB/s': (down.product / down.floor).toFixed(2) },
      ],
    );
    report(`files: server memory during ${CONCURRENT} concurrent 10 MB uploads (budget < 200 MB above idle)`, [
      {
        what: 'bare node:http',
        'idle MiB': mb(floorMemory.idle),
        'peak MiB': mb(floorMemory.peak),
        'above idle MiB': mb(floorMemory.peak - floorMemory.idle),
      },
      {
        what: 'MathBridge server',
        'idle MiB': mb(productMemory.idle),
        'peak MiB': mb(productMemory.peak),
        'above idle MiB': mb(productMemory.peak - productMemory.idle),
      },
    ]);
  } finally {
    await product.server.stop();
    await floor.server.stop();
    agent.destroy();
  }
}
