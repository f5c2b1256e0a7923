import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';
import { report, root, serve } from './lib.ts';

/**
 * Issue 15 / DESIGN §8: what the first visit of each main route costs. Builds the web app into a
 * temporary folder (or takes BENCH_WEB_DIST), serves it with the real server (bench/web-server.ts),
 * opens each route with a cold cache in headless Chromium (signed in where the route needs it) and
 * counts the requests and the JS/CSS bytes: raw (decoded), on the wire as served, and what gzip -9
 * and brotli q11 make of the same bytes. Budgets (DESIGN §8): a public page's first-load JS ≤ 250 kB
 * gzipped — everything it loads except the renderers it fetches lazily for its content once the page
 * is up (Markdown and KaTeX, ECharts, the formula editor's KaTeX: issue 11 "charts and the editor
 * load lazily"), which are shown in their own column; a workspace route chunk ≤ 150 kB gzipped, checked on the largest JS file the route loads
 * beyond the shell (what index.html loads). The route's whole JS beyond the shell is shown beside it.
 * kB = 1,000 bytes. No timings: these numbers do not depend on the machine.
 */
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PUBLIC_BUDGET = 250_000;
/** Chunks a page loads lazily for its content after it shows (their Vite names follow their modules). */
const LAZY_CONTENT = /\/assets\/(render-markdown|render-math|katex|doughnut-chart|echarts)[-.]/;
const ROUTE_BUDGET = 150_000;

interface Asset {
  url: string;
  type: 'script' | 'stylesheet';
  raw: number;
  gz: number;
  br: number;
  wire: number;
  encoding: string;
}

interface Visit {
  requests: number;
  wire: number;
  assets: Asset[];
}

const kB = (n: number) => (n / 1000).toFixed(1);

function buildWeb(): { dist: string; cleanup: () => void } {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dist: path.resolve(given), cleanup: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-bench-web-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('web build failed');
  return { dist: dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The files index.html loads by itself (entry, modulepreloads, stylesheets): the shell every route pays. */
function shellFiles(dist: string): Set<string> {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? ''));
}

async function visit(
  browser: Browser,
  base: string,
  route: string,
  token: string | null,
  ready: string,
): Promise<Visit> {
  // A fresh context: empty cache and cookies, as for a first visit.
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  if (token) await context.addCookies([{ name: 'mb_token', value: token, url: base }]);
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(route, { waitUntil: 'networkidle' });
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== route) throw new Error(`${route} ended at ${page.url()}`);
  const shots = process.env.BENCH_WEB_SHOTS;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({
      path: path.join(shots, `${route.split('/').filter(Boolean).join('-')}.png`),
      fullPage: true,
    });
  }
  const assets: Asset[] = [];
  let wire = 0;
  for (const response of responses) {
    const sizes = await response.request().sizes();
    wire += sizes.responseBodySize + sizes.responseHeadersSize;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') continue;
    const body = await response.body();
    assets.push({
      url: new URL(response.url()).pathname,
      type,
      raw: body.length,
      gz: zlib.gzipSync(body, { level: 9 }).length,
      br: zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).length,
      wire: sizes.responseBodySize,
      encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    });
  }
  await context.close();
  return { requests: responses.length, wire, assets };
}

const sum = (assets: Asset[], key: 'raw' | 'gz' | 'br' | 'wire') => assets.reduce((n, a) => n + a[key], 0);

export async function benchWeb(): Promise<void> {
  const { dist, cleanup } = buildWeb();
  const server = await serve('bench/web-server.ts', { WEB_DIST: dist });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const info = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'bench.json'), 'utf8')) as {
      enterpriseToken: string;
      demandId: number;
      jobId: number;
      plainArticleId: number;
      mathArticleId: number;
      /** Null when the branch has no notebook calls to seed it with. */
      notebookId: number | null;
    };
    const shell = shellFiles(dist);
    const routes = [
      // Every public page a visitor may land on first (DESIGN §8: first-load JS ≤ 250 kB gz).
      ...[
        '/start',
        '/enterprise',
        '/service',
        '/industry',
        '/aboutUs',
        '/news',
        `/news/detail/${info.plainArticleId}`,
        `/news/detail/${info.mathArticleId}`,
        '/innovate-forum',
        '/members',
        '/employ',
        `/employ/detail/${info.jobId}`,
        '/xxribd/home',
        '/utilities/formula',
        '/utilities/msc',
        '/utilities/regions',
        '/achievement',
        ...(info.notebookId ? [`/achievement/${info.notebookId}`] : []),
        '/tryit',
        '/signin',
      ].map((route) => ({
        what: `${route} (public)`,
        route,
        token: null,
        ready: 'main h1, main h2',
        workspace: false,
      })),
      {
        what: 'workspace dashboard',
        route: '/manage/dashboard',
        token: info.enterpriseToken,
        ready: '.ant-layout-sider, main h1',
        workspace: true,
      },
      // The notebooks' workspace routes (issue 12): the list and the editor (CodeMirror, the kernel client).
      {
        what: 'my notebooks',
        route: '/account/notebooks',
        token: info.enterpriseToken,
        ready: 'main h1',
        workspace: true,
      },
      ...(info.notebookId
        ? [
            {
              what: 'notebook editor',
              route: `/notebooks/${info.notebookId}`,
              token: info.enterpriseToken,
              ready: '.nb-cell',
              workspace: true,
            },
          ]
        : []),
      {
        what: 'demand detail with formulas',
        route: `/manage/demandManage/detail/${info.demandId}`,
        token: info.enterpriseToken,
        ready: '.katex',
        workspace: true,
      },
    ];
    const rows: Record<string, string | number>[] = [];
    const chunks: Record<string, string | number>[] = [];
    for (const r of routes) {
      const v = await visit(browser, server.url, r.route, r.token, r.ready);
      const js = v.assets.filter((a) => a.type === 'script');
      const css = v.assets.filter((a) => a.type === 'stylesheet');
      const own = js.filter((a) => !shell.has(a.url));
      const encodings = [...new Set(v.assets.map((a) => a.encoding))].join('/');
      const budget = r.workspace ? ROUTE_BUDGET : PUBLIC_BUDGET;
      const largestOwn = Math.max(0, ...own.map((a) => a.gz));
      const content = js.filter((a) => LAZY_CONTENT.test(a.url));
      const firstLoad = js.filter((a) => !LAZY_CONTENT.test(a.url));
      const measured = r.workspace ? largestOwn : sum(firstLoad, 'gz');
      rows.push({
        route: r.what,
        requests: v.requests,
        'js+css req': js.length + css.length,
        'JS raw kB': kB(sum(js, 'raw')),
        'JS gz kB': kB(sum(js, 'gz')),
        'first-load gz kB': r.workspace ? '—' : kB(sum(firstLoad, 'gz')),
        'lazy content gz kB': kB(sum(content, 'gz')),
        'JS br kB': kB(sum(js, 'br')),
        'JS wire kB': `${kB(sum(js, 'wire'))} (${encodings})`,
        'CSS raw/gz kB': `${kB(sum(css, 'raw'))}/${kB(sum(css, 'gz'))}`,
        'beyond shell gz kB': r.workspace ? kB(sum(own, 'gz')) : '—',
        'largest chunk gz kB': r.workspace ? kB(largestOwn) : '—',
        budget: `${r.workspace ? 'route chunk' : 'first-load JS'} ≤ ${kB(budget)} gz`,
        result: measured <= budget ? 'pass' : 'FAIL',
      });
      if (process.env.BENCH_WEB_LIST)
        for (const a of v.assets)
          console.log(`${r.route}\t${a.url}\t${a.raw}\t${a.gz}\t${shell.has(a.url) ? 'shell' : ''}`);
      const largest = [...js].sort((a, b) => b.gz - a.gz).slice(0, 3);
      for (const a of largest) chunks.push({ route: r.what, file: a.url, 'raw kB': kB(a.raw), 'gz kB': kB(a.gz) });
    }
    report('web: first visit per route (cold cache, Chromium; kB = 1,000 bytes)', rows);
    report('web: the three largest JS files per route', chunks);
  } finally {
    await browser.close();
    await server.stop();
    cleanup();
  }
}
