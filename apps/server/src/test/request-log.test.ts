import type { FileNode, SignedUrl } from '@mathbridge/contracts/files';
import { expect, it } from 'vitest';
import { fetchLink, png, upload } from '../modules/files/files.fixtures.ts';
import { call, describeApi, inParallel, registerUser, settledValues, useTestApp } from './harness.ts';

/** Every line the app logs, parsed (pino writes one JSON object per line). */
class LogCapture {
  lines: string[] = [];
  write(chunk: string): void {
    this.lines.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
  }
  get text(): string {
    return this.lines.join('\n');
  }
  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const sigOf = (url: string) => new URL(url, 'http://x').searchParams.get('s') ?? '';

describeApi('request log (issue 9 point 14): bearer links and tokens never reach it; one line per request', () => {
  const log = new LogCapture();
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: log });

  it('20 parallel downloads by signed link and a zip link log no signature and no token, one line each', async () => {
    const { app } = t();
    const user = await registerUser(app);
    const file = (await upload(app, user.token, 'plot.png', png(2_000))).result as FileNode;
    const links = settledValues(
      await inParallel(20, () =>
        call<SignedUrl>(app, 'POST', 'upload/downloadUrl', { id: file.id }, { token: user.token }),
      ),
    ).map((reply) => reply.result.url);
    const zip = (await call<SignedUrl>(app, 'POST', 'upload/batchDownLoad', { ids: [file.id] }, { token: user.token }))
      .result.url;
    const signatures = [...links, zip].map(sigOf);
    expect(signatures.every((sig) => sig.length >= 40)).toBe(true);

    const before = log.lines.length;
    const responses = settledValues(await inParallel(links.length, (i) => fetchLink(app, links[i] ?? '')));
    expect(responses.map((r) => r.statusCode)).toEqual(links.map(() => 200));
    expect((await fetchLink(app, zip)).statusCode).toBe(200);
    // A tampered link is refused (304 in the envelope) and logged without its query either.
    expect(JSON.parse((await fetchLink(app, `${links[0]}x`)).body)).toMatchObject({ status: 304 });

    for (const sig of signatures) expect(log.text).not.toContain(sig);
    expect(log.text).not.toContain(user.token);
    expect(log.text).not.toMatch(/[?&]s=/);

    const downloads = log
      .records()
      .slice(before)
      .filter((r) => typeof r.url === 'string' && r.url.startsWith('/api/upload/'));
    // 20 file downloads + the zip + the tampered one: exactly one line each, path only.
    expect(downloads).toHaveLength(22);
    expect(downloads.filter((r) => r.url === `/api/upload/download/${file.id}`)).toHaveLength(21);
    expect(downloads.filter((r) => r.url === '/api/upload/batchDownLoad')).toHaveLength(1);
    // HTTP 200 carries the envelope's own status when they differ: the tampered link's 304.
    expect(downloads.filter((r) => r.envelope === 304)).toHaveLength(1);
    expect(downloads.filter((r) => r.envelope !== undefined)).toHaveLength(1);
    for (const record of downloads) {
      expect(record).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
      expect(typeof record.ms).toBe('number');
      expect(typeof record.reqId).toBe('string');
    }
  });

  it('calls with a session token log one compact line without the token or the query', async () => {
    const { app } = t();
    const user = await registerUser(app);
    const before = log.lines.length;
    const n = 50;
    settledValues(
      await inParallel(n, () => call(app, 'GET', 'upload/getAttachmentList', { page: 1 }, { token: user.token })),
    );
    const lines = log.lines.slice(before);
    expect(lines).toHaveLength(n);
    expect(lines.join('\n')).not.toContain(user.token);
    expect(lines.join('\n')).not.toContain('sign=');
    const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    // What a request costs in the log (recorded in docs/architecture.md 'Logs'; not a timing assertion).
    console.info(`request log: ${lines.length} lines for ${n} requests, ${Math.round(bytes / n)} bytes per request`);
  });

  it('a request id from the proxy in front names the log line and comes back; a malformed one is replaced', async () => {
    const { app } = t();
    const send = (id?: string) =>
      app.inject({ method: 'GET', url: '/api/health', headers: id === undefined ? {} : { 'x-request-id': id } });
    const before = log.lines.length;
    const carried = await send('edge-7f3a9c.42');
    expect(carried.headers['x-request-id']).toBe('edge-7f3a9c.42');
    const bad = 'x'.repeat(65);
    const forged = await send(`${bad}`);
    const injected = await send('a\nfake log line');
    const none = await send();
    for (const reply of [forged, injected, none])
      expect(String(reply.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const ids = log
      .records()
      .slice(before)
      .map((record) => record.reqId);
    expect(ids).toEqual([
      'edge-7f3a9c.42',
      forged.headers['x-request-id'],
      injected.headers['x-request-id'],
      none.headers['x-request-id'],
    ]);
  });
});
