import { DEFAULT_QUOTA_BYTES } from '@mathbridge/contracts/files';
import type { AppContext } from '../../context.ts';
import { keyFromDataDir } from '../../lib/secrets.ts';

/** Settings of the files module, read once per app from the environment (README 'Configuration'). */
export interface FilesConfig {
  /** Default quota of a user's own spaces; a file_quotas row may override it per user. */
  userQuotaBytes: number;
  /** Default quota of an organisation's spaces. */
  orgQuotaBytes: number;
  /** Default quota of platform spaces (shared templates). */
  platformQuotaBytes: number;
  /** HMAC key of signed download links. */
  urlSecret: Buffer;
}

function bytesFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    throw new Error(`${name} must be a whole number of bytes, got ${value}`);
  return bytes;
}

/**
 * The link secret comes from FILES_URL_SECRET (needed when several instances serve one site), else
 * from DATA_DIR/secrets/files-url.key, created on first start and readable only by the server.
 */
function urlSecret(dataDir: string, env: NodeJS.ProcessEnv): Buffer {
  if (env.FILES_URL_SECRET) {
    if (env.FILES_URL_SECRET.length < 32) throw new Error('FILES_URL_SECRET must have at least 32 characters');
    return Buffer.from(env.FILES_URL_SECRET, 'utf8');
  }
  return Buffer.from(keyFromDataDir(dataDir, 'files-url.key'), 'utf8');
}

export function loadFilesConfig(dataDir: string, env: NodeJS.ProcessEnv = process.env): FilesConfig {
  return {
    userQuotaBytes: bytesFromEnv(env.FILES_USER_QUOTA_BYTES, DEFAULT_QUOTA_BYTES, 'FILES_USER_QUOTA_BYTES'),
    orgQuotaBytes: bytesFromEnv(env.FILES_ORG_QUOTA_BYTES, DEFAULT_QUOTA_BYTES, 'FILES_ORG_QUOTA_BYTES'),
    platformQuotaBytes: bytesFromEnv(env.FILES_PLATFORM_QUOTA_BYTES, DEFAULT_QUOTA_BYTES, 'FILES_PLATFORM_QUOTA_BYTES'),
    urlSecret: urlSecret(dataDir, env),
  };
}

const loaded = new WeakMap<AppContext, FilesConfig>();

/** The files settings of this app instance (loaded on first use). */
export function filesConfig(ctx: AppContext): FilesConfig {
  let config = loaded.get(ctx);
  if (!config) {
    config = loadFilesConfig(ctx.config.dataDir);
    loaded.set(ctx, config);
  }
  return config;
}
