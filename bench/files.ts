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

async function timed(rounds: number, one: () => Promise<void>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) await one();
  return (rounds * SIZE) / MiB / ((performance.now() - start) / 1000);
}

async function benchBaseline(content: Buffer) {
  const server = await serve('bench/files-baseline.ts');
  try {
    const headers = { 'content-type': 'application/octet-stream', 'content-length': content.length };
    const up = await timed(ROUNDS, async () => {
      if ((await send(`${server.url}/`, 'POST', headers, content)).status !== 200)
        throw new Error('baseline upload failed');
    });
    const down = await timed(ROUNDS, async () => {
      if ((await send(`${server.url}/`, 'GET', {})).body.length !== SIZE) throw new Error('baseline download failed');
    });
    const memory = await peakDuring(server.pid, () =>
      Promise.all(Array.from({ length: CONCURRENT }, () => send(`${server.url}/`, 'POST', headers, content))),
    );
    return { up, down, memory };
  } finally {
    await server.stop();
  }
}

async function benchServer(content: Buffer) {
  // A quota large enough for every round of this run.
  const server: Served = await serve('bench/files-server.ts', { FILES_USER_QUOTA_BYTES: String(100 * 1024 * MiB) });
  try {
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
    const up = await timed(ROUNDS, async () => {
      await uploadOnce();
    });

    const payload = { id };
    const linkReply = await send(
      `${server.url}/api/upload/downloadUrl`,
      'POST',
      { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ ...payload, sign: signPayload(payload), ignore_sign: 0 })),
    );
    const url = (JSON.parse(linkReply.body.toString()) as { result: { url: string } }).result.url;
    const down = await timed(ROUNDS, async () => {
      const reply = await send(`${server.url}${url}`, 'GET', {});
      if (reply.body.length !== SIZE) throw new Error(`download: got ${reply.body.length} bytes`);
    });

    const memory = await peakDuring(server.pid, () => Promise.all(Array.from({ length: CONCURRENT }, uploadOnce)));
    return { up, down, memory };
  } finally {
    await server.stop();
  }
}

export async function benchFiles(): Promise<void> {
  const content = pngOfSize(SIZE);
  const floor = await benchBaseline(content);
  const real = await benchServer(content);
  const mb = (n: number) => n.toFixed(0);
  report(`files: 10 MB upload/download (${ROUNDS} sequential rounds) vs bare node:http stream-to-disk`, [
    { what: 'bare node:http upload (floor)', 'MB/s': mb(floor.up) },
    { what: 'POST /api/upload/upload', 'MB/s': mb(real.up) },
    { what: 'upload ratio', 'MB/s': (real.up / floor.up).toFixed(2) },
    { what: 'bare node:http download (floor)', 'MB/s': mb(floor.down) },
    { what: 'GET signed /api/upload/download/:id', 'MB/s': mb(real.down) },
    { what: 'download ratio', 'MB/s': (real.down / floor.down).toFixed(2) },
  ]);
  report(`files: server memory during ${CONCURRENT} concurrent 10 MB uploads (budget < 200 MB above idle)`, [
    {
      what: 'bare node:http',
      'idle MiB': mb(floor.memory.idle),
      'peak MiB': mb(floor.memory.peak),
      'above idle MiB': mb(floor.memory.peak - floor.memory.idle),
    },
    {
      what: 'MathBridge server',
      'idle MiB': mb(real.memory.idle),
      'peak MiB': mb(real.memory.peak),
      'above idle MiB': mb(real.memory.peak - real.memory.idle),
    },
  ]);
  agent.destroy();
}
