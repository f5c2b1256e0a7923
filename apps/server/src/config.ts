import path from 'node:path';
import { KERNEL_DEFAULTS, KERNEL_USERS, type KernelUsers } from '@mathbridge/contracts/notebooks';
import {
  LOGIN_FAIL_HOURLY_MAX_PER_IP,
  REGISTER_HOURLY_MAX_PER_IP,
  VERIFY_CODE_HOURLY_MAX_PER_IP,
} from '@mathbridge/contracts/constants';

export type TrustProxy = false | number | string[];

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  /** Root of everything the server writes: the SQLite file and stored files. */
  dataDir: string;
  /** postgres://… to use PostgreSQL; unset = SQLite file `${dataDir}/mathbridge.db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests isolate each run in its own). */
  databaseSchema: string | undefined;
  /** redis://… to share rate limits and cache invalidation between API instances; unset = in the database. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  production: boolean;
  /**
   * Check every answer of a call in the endpoint table against it (DESIGN §19): on in the test
   * projects (NODE_ENV=test, or CHECK_RESPONSES=1 for the e2e server), a drift answers 500.
   */
  checkResponses: boolean;
  /** Phone of the first admin created on first start. */
  adminPhone: string;
  /** Built web app served for non-/api paths; absent folder = API only. */
  webDist: string;
  logLevel: string;
  /**
   * Who may tell the client's address in X-Forwarded-For (per-IP limits, audit log, sessions):
   * nobody (false), the nearest `n` proxy hops (each appends the address it saw, so the client's
   * own entries further left are never read), or the listed proxy addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /**
   * Lifetime of the short caches (caller behind a token, organisation, maintained totals;
   * db/short-cache.ts), 2000 ms by default. This process's own writes drop them at once, and so do
   * other API instances' writes, announced over Redis (lib/cache-bus.ts); a process that announces
   * nothing (`npm run admin`) is seen after this long. CACHE_MS overrides (0 turns them off).
   */
  cacheMs: number;
  /**
   * Per-IP hourly caps. Behind a campus or corporate NAT many people share one address, so an
   * operator may raise them; per-phone limits are fixed.
   */
  limits: { registrationsPerIpHour: number; codesPerIpHour: number; loginFailuresPerIpHour: number };
  /**
   * Key that seals ID numbers at rest (ID_NUMBER_KEY: 64 hex characters or base64 of 32 bytes);
   * unset = generated once into DATA_DIR/secrets/id-number.key (modules/identity/id-numbers.ts).
   */
  idNumberKey: string | undefined;
  /** Bearer token that opens GET /metrics (Prometheus); unset = no metrics endpoint (404). */
  metricsToken: string | undefined;
  /**
   * On SIGTERM/SIGINT the server stops taking connections, lets requests in flight finish and
   * closes its pools; past this many milliseconds it exits anyway (with code 1).
   */
  shutdownGraceMs: number;
  /** Live code kernels (issue 12, modules/kernels): where Jupyter is, and the limits of a kernel. */
  kernels: KernelConfig;
  /** Who delivers SMS codes (SMS_PROVIDER and the provider's variables; README 'Code delivery'). */
  sms: SmsConfig;
  /** The WeChat official account (issue 13, modules/wechat); null = binding unavailable. */
  wechat: WeChatConfig | null;
}

/**
 * SMS_PROVIDER: `outbox` (default; nothing leaves the machine, codes are read at /api/dev/outbox
 * outside production), `aliyun` (Aliyun SMS) or `tencent` (Tencent Cloud SMS). A provider's
 * endpoint is a host (https) or a full http(s)://host:port origin (the tests' local peers).
 */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
      endpoint: string;
    };

/** The provider's variables, or a start failure naming every one that is missing. */
function required<K extends string>(env: NodeJS.ProcessEnv, provider: string, names: K[]): Record<K, string> {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0)
    throw new Error(`SMS_PROVIDER=${provider} needs ${missing.join(', ')} (README: Code delivery)`);
  return Object.fromEntries(names.map((name) => [name, env[name]?.trim() ?? ''])) as Record<K, string>;
}

export function smsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER ?? '').trim().toLowerCase() || 'outbox';
  if (provider === 'outbox') return { provider };
  if (provider === 'aliyun') {
    const v = required(env, provider, [
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    return {
      provider,
      accessKeyId: v.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: v.ALIYUN_ACCESS_KEY_SECRET,
      signName: v.ALIYUN_SMS_SIGN_NAME,
      templateCode: v.ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || 'dysmsapi.aliyuncs.com',
    };
  }
  if (provider === 'tencent') {
    const v = required(env, provider, [
      'TENCENTCLOUD_SECRET_ID',
      'TENCENTCLOUD_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
    ]);
    return {
      provider,
      secretId: v.TENCENTCLOUD_SECRET_ID,
      secretKey: v.TENCENTCLOUD_SECRET_KEY,
      sdkAppId: v.TENCENT_SMS_SDK_APP_ID,
      signName: v.TENCENT_SMS_SIGN_NAME,
      templateId: v.TENCENT_SMS_TEMPLATE_ID,
      region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
      endpoint: env.TENCENT_SMS_ENDPOINT?.trim() || 'sms.tencentcloudapi.com',
    };
  }
  throw new Error(`SMS_PROVIDER must be outbox, aliyun or tencent (got '${provider}')`);
}

/** README's WECHAT_* variables. Set WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_TOKEN together. */
export interface WeChatConfig {
  appId: string;
  appSecret: string;
  /** The callback token configured in the official account's server settings (signature check). */
  token: string;
  /** https://api.weixin.qq.com; tests point it at their simulator. */
  apiBase: string;
  /** Template message ids for a verification code / a notification; unset = a customer text message. */
  codeTemplateId: string | undefined;
  noticeTemplateId: string | undefined;
}

/** The official account, when its three credentials are all set. */
function wechatConfig(env: NodeJS.ProcessEnv): WeChatConfig | null {
  const appId = env.WECHAT_APP_ID?.trim();
  const appSecret = env.WECHAT_APP_SECRET?.trim();
  const token = env.WECHAT_TOKEN?.trim();
  if (!appId || !appSecret || !token) return null;
  return {
    appId,
    appSecret,
    token,
    apiBase: (env.WECHAT_API_BASE?.trim() || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    codeTemplateId: env.WECHAT_CODE_TEMPLATE_ID?.trim() || undefined,
    noticeTemplateId: env.WECHAT_NOTICE_TEMPLATE_ID?.trim() || undefined,
  };
}

/** README's KERNEL_* variables; limits default to contracts' KERNEL_DEFAULTS. */
export interface KernelConfig {
  /** KERNELS=off turns running code off even where Jupyter is installed. */
  enabled: boolean;
  /** The local Jupyter Server the API starts and supervises (JUPYTER_SERVER_BIN). */
  jupyterBin: string;
  /** Port of the local Jupyter Server on 127.0.0.1 (KERNEL_PORT). */
  port: number;
  /** An external Jupyter Server / Enterprise Gateway instead of a local one (KERNEL_GATEWAY_URL, _TOKEN). */
  gatewayUrl: string | undefined;
  gatewayToken: string | undefined;
  cpuSeconds: number;
  memoryMb: number;
  wallSeconds: number;
  idleSeconds: number;
  outputBytes: number;
  /** Kernels running at once on this platform, all users together (KERNEL_MAX): memory is finite. */
  maxKernels: number;
  fileMb: number;
  /** Everything one kernel writes: the size of its jail's tmpfs (KERNEL_DISK_MB). */
  diskMb: number;
  /** Processes and threads of one kernel (KERNEL_PROCS, RLIMIT_NPROC in its own user namespace). */
  processes: number;
  /** Who may start a kernel (KERNEL_USERS): certified users only by default. */
  users: KernelUsers;
  /** bubblewrap, which builds each kernel's jail (KERNEL_BWRAP_BIN); missing = kernels off. */
  bwrapBin: string;
  /** After an interrupt past the wall-clock limit, how long the execution may take to stop before the kernel restarts. */
  interruptGraceMs: number;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function cacheMs(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? Math.min(n, 10_000) : fallback;
}

/** TRUST_PROXY: unset/0/false, a number of hops, or comma-separated addresses and CIDRs. */
function trustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  // 'true' once trusted every hop, so a client's own left-most X-Forwarded-For entry won; it now
  // means the one reverse proxy it was meant for.
  if (text === 'true') return 1;
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** KERNELS: `off` turns running code off, `on` turns it on; unset = on, except under NODE_ENV=test. */
function kernelsEnabled(value: string | undefined, nodeEnv: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'off') return false;
  if (text === 'on') return true;
  return nodeEnv !== 'test';
}

/** KERNEL_USERS: `verified` (default) or `signed_in`; anything else is refused at start. */
function kernelUsers(value: string | undefined): KernelUsers {
  const text = (value ?? '').trim();
  if (text === '') return 'verified';
  const found = KERNEL_USERS.find((option) => option === text);
  if (!found) throw new Error(`KERNEL_USERS must be one of ${KERNEL_USERS.join(', ')} (got ${JSON.stringify(value)})`);
  return found;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'mb:',
    production: env.NODE_ENV === 'production',
    checkResponses: env.CHECK_RESPONSES ? env.CHECK_RESPONSES === '1' : env.NODE_ENV === 'test',
    adminPhone: env.ADMIN_PHONE ?? '13800000000',
    // dist/server.js and src/server.ts both sit two levels below apps/.
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    cacheMs: cacheMs(env.CACHE_MS, 2000),
    limits: {
      registrationsPerIpHour: positiveInt(env.REGISTRATIONS_PER_IP_HOUR, REGISTER_HOURLY_MAX_PER_IP),
      codesPerIpHour: positiveInt(env.CODES_PER_IP_HOUR, VERIFY_CODE_HOURLY_MAX_PER_IP),
      loginFailuresPerIpHour: positiveInt(env.LOGIN_FAILURES_PER_IP_HOUR, LOGIN_FAIL_HOURLY_MAX_PER_IP),
    },
    idNumberKey: env.ID_NUMBER_KEY || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceMs: positiveInt(env.SHUTDOWN_GRACE_MS, 25_000),
    kernels: {
      // Test apps start no Jupyter unless they ask (KERNELS=on): every API test file builds an app.
      enabled: kernelsEnabled(env.KERNELS, env.NODE_ENV),
      jupyterBin: env.JUPYTER_SERVER_BIN || '/usr/bin/jupyter-server',
      port: positiveInt(env.KERNEL_PORT, 3010),
      gatewayUrl: env.KERNEL_GATEWAY_URL?.replace(/\/+$/, '') || undefined,
      gatewayToken: env.KERNEL_GATEWAY_TOKEN || undefined,
      cpuSeconds: positiveInt(env.KERNEL_CPU_SECONDS, KERNEL_DEFAULTS.cpuSeconds),
      memoryMb: positiveInt(env.KERNEL_MEMORY_MB, KERNEL_DEFAULTS.memoryMb),
      wallSeconds: positiveInt(env.KERNEL_WALL_SECONDS, KERNEL_DEFAULTS.wallSeconds),
      idleSeconds: positiveInt(env.KERNEL_IDLE_SECONDS, KERNEL_DEFAULTS.idleSeconds),
      outputBytes: positiveInt(env.KERNEL_OUTPUT_BYTES, KERNEL_DEFAULTS.outputBytes),
      fileMb: positiveInt(env.KERNEL_FILE_MB, KERNEL_DEFAULTS.fileMb),
      diskMb: positiveInt(env.KERNEL_DISK_MB, KERNEL_DEFAULTS.diskMb),
      processes: positiveInt(env.KERNEL_PROCS, KERNEL_DEFAULTS.processes),
      users: kernelUsers(env.KERNEL_USERS),
      bwrapBin: env.KERNEL_BWRAP_BIN || '/usr/bin/bwrap',
      maxKernels: positiveInt(env.KERNEL_MAX, 20),
      interruptGraceMs: positiveInt(env.KERNEL_INTERRUPT_GRACE_MS, 3000),
    },
    sms: smsConfig(env),
    wechat: wechatConfig(env),
  };
}
