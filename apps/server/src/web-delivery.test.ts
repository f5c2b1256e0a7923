import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeApi, useTestApp } from './test/harness.ts';
import { negotiateEncoding } from './app.ts';

/**
 * Issue 15: the built web app is sent precompressed (brotli, gzip, or as it is, per Accept-Encoding),
 * hashed assets are cached for a year and index.html never without revalidation. A small fake build
 * stands in for apps/web/dist: one hashed script with its .br and .gz, one without variants,
 * index.html with both, and a favicon.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-web-dist-'));
const script = `export const answer = ${JSON.stringify('数桥 '.repeat(400))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
fs.mkdirSync(path.join(dist, 'assets'));
const write = (file: string, content: string | Buffer) => fs.writeFileSync(path.join(dist, file), content);
write('assets/index-AbC123.js', script);
write('assets/index-AbC123.js.br', zlib.brotliCompressSync(script));
write('assets/index-AbC123.js.gz', zlib.gzipSync(script));
write('assets/small-XyZ789.css', 'body{margin:0}');
write('index.html', html);
write('index.html.br', zlib.brotliCompressSync(html));
write('index.html.gz', zlib.gzipSync(html));
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The installable app's files (issue 30: apps/web/installable-app.ts).
const worker = `importScripts('./workbox-1a2b3c.js');\n${'// precache list\n'.repeat(100)}`;
write('sw.js', worker);
write('sw.js.br', zlib.brotliCompressSync(worker));
write('workbox-1a2b3c.js', 'self.workbox = {};');
write('registerSW.js', "navigator.serviceWorker.register('/sw.js', { scope: '/' });");
write('manifest.zh-HK.webmanifest', JSON.stringify({ name: '數橋', lang: 'zh-HK' }));
write('offline.html', '<!doctype html><title>offline</title>');
fs.mkdirSync(path.join(dist, 'icons'));
write('icons/icon-192.png', Buffer.from('89504e470d0a1a0a', 'hex'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What @fastify/send's mime table names .js (RFC 9239 prefers text/javascript; browsers take either). */
const JS = 'application/javascript; charset=utf-8';
const size = (file: string) => String(fs.statSync(path.join(dist, file)).size);

describeApi('web delivery: precompressed assets and cache headers', () => {
  const t = useTestApp({ WEB_DIST: dist });
  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t().app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends brotli to a client that accepts it, with the type and length of what it sends', async () => {
    const reply = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe(JS);
    expect(reply.headers['content-length']).toBe(size('assets/index-AbC123.js.br'));
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts gzip only', async () => {
    const reply = await get('/assets/index-AbC123.js', 'gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['content-type']).toBe(JS);
    expect(reply.headers['content-length']).toBe(size('assets/index-AbC123.js.gz'));
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file with no Accept-Encoding, with identity, and when every coding is refused', async () => {
    for (const header of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const reply = await get('/assets/index-AbC123.js', header);
      expect(reply.statusCode, String(header)).toBe(200);
      expect(reply.headers['content-encoding'], String(header)).toBeUndefined();
      expect(reply.headers['content-type']).toBe(JS);
      expect(reply.headers['content-length']).toBe(size('assets/index-AbC123.js'));
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(reply.headers['cache-control']).toBe(IMMUTABLE);
      expect(reply.body).toBe(script);
    }
  });

  it('honours q values: q=0 refuses a coding, the higher q wins, * stands for the codings not named', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0.8, gzip;q=0.9', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['GZIP;Q=0.5', 'gzip'],
      ['x-gzip', 'gzip'],
    ];
    for (const [header, coding] of cases) {
      const reply = await get('/assets/index-AbC123.js', header);
      expect(reply.headers['content-encoding'], header).toBe(coding);
    }
    expect(negotiateEncoding('br;q=0, gzip;q=0, identity')).toBeNull();
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get('/assets/index-AbC123.js', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toBe(JS);
    expect(head.headers['content-length']).toBe(size('assets/index-AbC123.js.br'));
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.headers.vary).toBe('Accept-Encoding');
    expect(head.body).toBe('');
  });

  it('sends an asset without precompressed variants as it is, whatever the client accepts', async () => {
    const reply = await get('/assets/small-XyZ789.css', 'br, gzip');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(reply.body).toBe('body{margin:0}');
  });

  it('answers a missing hashed asset with a 404, never with index.html (a stale client after a deploy)', async () => {
    for (const url of ['/assets/x.js', '/assets/index-OLD999.js', '/assets/nested/x.css']) {
      const reply = await get(url, 'br, gzip');
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).not.toContain('text/html');
      expect(reply.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });

  it('answers every SPA route with index.html that is never cached without revalidation', async () => {
    // A path that climbs out of the build folder is a route like any other, never a file outside it.
    const routes = [
      '/',
      '/start',
      '/manage/demandManage/detail/12?tab=solutions',
      '/no/such/page',
      '/..%2f..%2fetc%2fpasswd',
    ];
    for (const url of routes) {
      const reply = await get(url, 'gzip, br');
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control'], url).toBe('no-cache');
      expect(reply.headers['content-encoding'], url).toBe('br');
      expect(reply.headers.vary, url).toBe('Accept-Encoding');
      expect(reply.headers.etag, url).toBeTruthy();
      expect(zlib.brotliDecompressSync(reply.rawPayload).toString(), url).toBe(html);
    }
    const plain = await get('/start');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(size('index.html'));
    expect(plain.body).toBe(html);
    const head = await get('/start', 'gzip', 'HEAD');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.headers['content-length']).toBe(size('index.html.gz'));
    expect(head.body).toBe('');
  });

  it('revalidates index.html with its ETag (304)', async () => {
    const first = await get('/start', 'br');
    const again = await t().app.inject({
      method: 'GET',
      url: '/start',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the service worker, its registration and the web manifests fresh, under a CSP that allows them', async () => {
    const sw = await get('/sw.js', 'br');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe(JS);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(sw.rawPayload).toString()).toBe(worker);
    const register = await get('/registerSW.js');
    expect(register.headers['content-type']).toBe(JS);
    expect(register.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.zh-HK.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: '數橋', lang: 'zh-HK' });
    // Named by content (Workbox's runtime), or precached under a revision: an hour is enough.
    const rootFiles: [url: string, type: string][] = [
      ['/workbox-1a2b3c.js', JS],
      ['/offline.html', 'text/html; charset=utf-8'],
      ['/icons/icon-192.png', 'image/png'],
    ];
    for (const [url, type] of rootFiles) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['content-type'], url).toBe(type);
      expect(reply.headers['cache-control'], url).toBe('public, max-age=3600');
    }
    const csp = String((await get('/start')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(sw.headers['content-security-policy']).toBe(csp);
  });

  it('caches other root files for a short time and keeps /api 404s as API answers', async () => {
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/svg+xml');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const api = await get('/api/no/such/call');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
