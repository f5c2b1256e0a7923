import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { WeChatSimulator } from '../../server/src/test/wechat-simulator.ts';

/**
 * Builds the product as `npm start` does, serves it on a free port with a fresh data folder,
 * and hands the tests its address and the first admin's credentials. Real server, real
 * database, real browser: nothing is mocked.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPhone: string;
    adminPassword: string;
    browserAvailable: boolean;
    /** The WeChat simulator the server talks to; tests drive it through its /_sim endpoints. */
    wechatSimulatorURL: string;
    /** Where the server's answers that drifted from the endpoint table are written (drift-check.ts). */
    driftLog: string;
  }
}

export const CHROMIUM = '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let serverDist: string | undefined;
let wechat: WeChatSimulator | undefined;

/** The e2e WeChat: a follower whose openid starts with `o-nick-` has a nickname. */
export const E2E_WECHAT_NICKNAME = '数桥测试员';

export async function setup(project: TestProject): Promise<void> {
  const browserAvailable = fs.existsSync(CHROMIUM);
  project.provide('browserAvailable', browserAvailable);
  if (!browserAvailable) {
    if (process.env.REQUIRE_ALL === '1')
      throw new Error(`REQUIRE_ALL=1 but ${CHROMIUM} is missing (apt-get install chromium)`);
    console.warn(`\n*** e2e: ${CHROMIUM} is missing; the browser suite is SKIPPED (apt-get install chromium) ***\n`);
    return;
  }
  // Built into a folder of its own, so a developer's build of apps/web/dist cannot swap the
  // assets under a running test (and the tests never overwrite the developer's build).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-e2e-'));
  const driftLog = path.join(dataDir, 'drifts.log');
  fs.writeFileSync(driftLog, '');
  const webDist = path.join(dataDir, 'web');
  // The server bundle keeps node_modules external, so it must sit inside the repo to resolve them.
  serverDist = path.join(root, 'apps/server/dist', `e2e-${path.basename(dataDir)}`);
  const web = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (web.status !== 0) throw new Error('web build failed');
  const server = spawnSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: serverDist },
  });
  if (server.status !== 0) throw new Error('server build failed');

  const port = await freePort();
  // The product's own Jupyter Server (issue 12) on a free port, not 3010, which API tests or a
  // developer's server may hold.
  const kernelPort = await freePort();
  const adminPhone = '13800000000';
  // A local WeChat (issue 13): the server's official-account calls go to it, and it plays
  // WeChat's callbacks to the server.
  wechat = await new WeChatSimulator({
    appId: 'wx-e2e',
    appSecret: 'e2e-secret',
    token: 'e2e-callback-token',
    nicknames: (openid) => (openid.startsWith('o-nick-') ? E2E_WECHAT_NICKNAME : undefined),
  }).start();
  child = spawn(process.execPath, [path.join(serverDist, 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      NODE_ENV: 'development',
      ADMIN_PHONE: adminPhone,
      LOG_LEVEL: 'warn',
      // Every answer is checked against the contracts' endpoint table (DESIGN §19): drift fails the journey.
      CHECK_RESPONSES: '1',
      KERNELS: 'on',
      KERNEL_PORT: String(kernelPort),
      DATABASE_URL: '',
      // Every journey signs up from 127.0.0.1: lift the per-IP caps (per-phone limits still apply).
      REGISTRATIONS_PER_IP_HOUR: '1000',
      CODES_PER_IP_HOUR: '1000',
      LOGIN_FAILURES_PER_IP_HOUR: '1000',
      ...wechat.env(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const adminPassword = await new Promise<string>((resolve, reject) => {
    let out = '';
    let logTail = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The server checks its answers against the endpoint table (CHECK_RESPONSES): each drift it
      // logs is kept for the e2e file that met it to fail on (drift-check.ts).
      logTail += chunk.toString();
      const lines = logTail.split('\n');
      logTail = lines.pop() ?? '';
      for (const line of lines)
        if (line.includes('does not match the endpoint table')) fs.appendFileSync(driftLog, `${line}\n`);
      const match = /password: (\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child?.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    const ok = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  wechat.callbackUrl = `${baseURL}/api/wechat/callback`;
  project.provide('wechatSimulatorURL', wechat.url);
  project.provide('baseURL', baseURL);
  project.provide('adminPhone', adminPhone);
  project.provide('adminPassword', adminPassword);
  project.provide('driftLog', driftLog);
}

export async function teardown(): Promise<void> {
  child?.kill('SIGTERM');
  await wechat?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverDist) fs.rmSync(serverDist, { recursive: true, force: true });
}
