import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WeChatConfig } from '../../config.ts';

/** Every outbound call to WeChat gives up after this long (spec §9's request time-out). */
export const WECHAT_TIMEOUT_MS = 5000;
/** errcodes meaning the access token is invalid or expired: refresh once and retry. */
const INVALID_TOKEN_CODES = new Set([40001, 40014, 42001]);
/** A token is replaced this long before WeChat's `expires_in` ends (at most half its life). */
const REFRESH_EARLY_S = 300;
/** How long one instance may hold the refresh lock, and how long others wait for its token. */
const LOCK_MS = 10_000;
const WAIT_STEP_MS = 100;

/** A failed WeChat call. The message names the endpoint and errcode only (never a code or token). */
export class WeChatApiError extends Error {
  constructor(
    readonly endpoint: string,
    readonly errcode: number | null,
    reason: string,
  ) {
    super(`wechat ${endpoint}: ${reason}`);
    this.name = 'WeChatApiError';
  }

  /**
   * No retry reaches this follower (delivery then falls back to SMS at once): 40003 unknown openid,
   * 43004 not following, 43101 refused the message, 45015 outside the 48-hour customer-message window.
   */
  get permanent(): boolean {
    return this.errcode !== null && UNREACHABLE_FOLLOWER.has(this.errcode);
  }
}

const UNREACHABLE_FOLLOWER = new Set([40003, 43004, 43101, 45015]);

/**
 * WeChat's API could not be reached at all: connection refused, DNS failure, no answer within
 * WECHAT_TIMEOUT_MS, or a gateway in front of it saying it is down (HTTP 502/503/504). An outage
 * to wait out (envelope 503), unlike an answer with an errcode.
 */
export class WeChatUnreachableError extends WeChatApiError {
  constructor(endpoint: string, reason: string) {
    super(endpoint, null, reason);
    this.name = 'WeChatUnreachableError';
  }
}

const timedOut = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/** HTTP statuses of a proxy or gateway whose upstream (WeChat) is down or did not answer. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

interface CachedToken {
  token: string;
  untilMs: number;
}

// Deletes the shared token only if it is still the one found invalid (another instance may have
// stored a fresh one meanwhile), and the lock only if this instance holds it.
const DELETE_IF_EQUAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * The official account's API (DESIGN §13): the access token from `GET /cgi-bin/token`, kept until
 * shortly before `expires_in` and refreshed once when WeChat calls it invalid (40001, 40014,
 * 42001). With Redis (REDIS_URL) the token is shared by every instance: one instance refreshes
 * under a `SET NX` lock while the others wait for what it stores, since each refresh invalidates
 * the previous token for everyone.
 */
export class WeChatClient {
  private cached: CachedToken | null = null;
  private loading: Promise<string> | null = null;
  private readonly redis: Redis | null;
  private readonly instance = randomBytes(8).toString('hex');
  private readonly tokenKey: string;
  private readonly lockKey: string;

  constructor(
    readonly config: WeChatConfig,
    options: { redisUrl?: string; redisPrefix?: string; log?: FastifyBaseLogger } = {},
  ) {
    this.log = options.log;
    this.redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : null;
    this.redis?.on('error', (error) => this.log?.warn({ err: error }, 'wechat: Redis unreachable'));
    const prefix = `${options.redisPrefix ?? 'mb:'}wechat:${config.appId}:`;
    this.tokenKey = `${prefix}token`;
    this.lockKey = `${prefix}token-lock`;
  }

  private readonly log: FastifyBaseLogger | undefined;

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /** The current access token: this instance's copy, the shared one, or a fresh one. */
  accessToken(): Promise<string> {
    if (this.cached && this.cached.untilMs > Date.now()) return Promise.resolve(this.cached.token);
    // One load at a time per instance: parallel callers share it.
    this.loading ??= this.loadToken().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async loadToken(): Promise<string> {
    if (!this.redis) return this.keep(await this.fetchToken());
    try {
      const shared = await this.sharedToken();
      if (shared) return shared;
      const locked = await this.redis.set(this.lockKey, this.instance, 'PX', LOCK_MS, 'NX');
      if (locked === 'OK') {
        try {
          // Another instance may have stored one between the read and the lock.
          const again = await this.sharedToken();
          if (again) return again;
          const fresh = await this.fetchToken();
          await this.redis.set(this.tokenKey, fresh.token, 'PX', fresh.ttlMs);
          return this.keep(fresh);
        } finally {
          await this.redis.eval(DELETE_IF_EQUAL, 1, this.lockKey, this.instance).catch(() => undefined);
        }
      }
      // Another instance is refreshing: wait for its token rather than invalidating it.
      for (let waited = 0; waited < LOCK_MS; waited += WAIT_STEP_MS) {
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
        const stored = await this.sharedToken();
        if (stored) return stored;
      }
    } catch (error) {
      if (error instanceof WeChatApiError) throw error;
      this.log?.warn({ err: error }, 'wechat: shared token unavailable; fetching one for this instance');
    }
    return this.keep(await this.fetchToken());
  }

  private async sharedToken(): Promise<string | null> {
    if (!this.redis) return null;
    const [[, token], [, ttl]] = ((await this.redis.multi().get(this.tokenKey).pttl(this.tokenKey).exec()) ?? [
      [null, null],
      [null, -2],
    ]) as [[unknown, string | null], [unknown, number]];
    if (!token || Number(ttl) <= 0) return null;
    return this.keep({ token, ttlMs: Number(ttl) });
  }

  private keep(token: { token: string; ttlMs: number }): string {
    this.cached = { token: token.token, untilMs: Date.now() + token.ttlMs };
    return token.token;
  }

  /** Forgets a token WeChat refused, here and (if still the same) in Redis. */
  private async invalidate(token: string): Promise<void> {
    if (this.cached?.token === token) this.cached = null;
    await this.redis?.eval(DELETE_IF_EQUAL, 1, this.tokenKey, token).catch(() => undefined);
  }

  private async fetchToken(): Promise<{ token: string; ttlMs: number }> {
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    });
    const body = await this.request<{ access_token?: string; expires_in?: number }>('cgi-bin/token', query, undefined);
    if (!body.access_token) throw new WeChatApiError('cgi-bin/token', null, 'no access_token');
    const expiresS = Number(body.expires_in) > 0 ? Number(body.expires_in) : 7200;
    const ttlS = Math.max(expiresS - REFRESH_EARLY_S, Math.floor(expiresS / 2));
    return { token: body.access_token, ttlMs: ttlS * 1000 };
  }

  /** One HTTP exchange with WeChat: 5 s time-out, JSON answer, `errcode` ≠ 0 thrown; no answer at all is WeChatUnreachableError. */
  private async request<T>(endpoint: string, query: URLSearchParams, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiBase}/${endpoint}?${query.toString()}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WeChatUnreachableError(endpoint, timedOut(error) ? 'timed out' : 'unreachable');
    }
    if (GATEWAY_DOWN.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      throw new WeChatUnreachableError(endpoint, `HTTP ${response.status}`);
    }
    if (!response.ok) throw new WeChatApiError(endpoint, null, `HTTP ${response.status}`);
    let data: T & { errcode?: number };
    try {
      data = (await response.json()) as T & { errcode?: number };
    } catch (error) {
      // A body that stalls past the time-out or is cut off is an outage too; only unparsable JSON is WeChat's answer.
      if (!(error instanceof SyntaxError))
        throw new WeChatUnreachableError(endpoint, timedOut(error) ? 'timed out' : 'answer cut off');
      throw new WeChatApiError(endpoint, null, 'answer is not JSON');
    }
    const errcode = Number(data.errcode ?? 0);
    if (errcode !== 0) throw new WeChatApiError(endpoint, errcode, `errcode ${errcode}`);
    return data;
  }

  /** A call with the access token; a token WeChat calls invalid is refreshed once and the call retried. */
  async call<T>(endpoint: string, params: Record<string, string>, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.accessToken();
      try {
        return await this.request<T>(endpoint, new URLSearchParams({ ...params, access_token: token }), body);
      } catch (error) {
        const invalid = error instanceof WeChatApiError && INVALID_TOKEN_CODES.has(error.errcode ?? 0);
        if (!invalid || attempt > 1) throw error;
        await this.invalidate(token);
      }
    }
  }

  /** A temporary QR code carrying `scene` (QR_STR_SCENE): its ticket and the content to draw. */
  createQrScene(
    scene: string,
    expireSeconds: number,
  ): Promise<{ ticket: string; url: string; expire_seconds: number }> {
    return this.call(
      'cgi-bin/qrcode/create',
      {},
      {
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: scene } },
      },
    );
  }

  /** A follower's profile; `nickname` only where the account still gets it. */
  userInfo(openid: string): Promise<{ nickname?: string; subscribe?: number }> {
    return this.call('cgi-bin/user/info', { openid, lang: 'zh_CN' });
  }

  sendText(openid: string, content: string): Promise<unknown> {
    return this.call('cgi-bin/message/custom/send', {}, { touser: openid, msgtype: 'text', text: { content } });
  }

  sendTemplate(openid: string, templateId: string, data: Record<string, { value: string }>): Promise<unknown> {
    return this.call('cgi-bin/message/template/send', {}, { touser: openid, template_id: templateId, data });
  }
}
