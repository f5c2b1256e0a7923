import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WeChat for the tests (issue 13): a real HTTP server implementing the official-account
 * API endpoints the product calls, and a driver that plays WeChat's servers towards the product's
 * callback with correctly (or deliberately wrongly) signed XML events.
 *
 * API: GET /cgi-bin/token (checks appid/secret), POST /cgi-bin/qrcode/create, GET /cgi-bin/user/info,
 * POST /cgi-bin/message/custom/send and /cgi-bin/message/template/send (recorded). Every call but
 * the token checks the access token: unknown or expired → errcode 40001, like WeChat.
 * Control (for a test in another process, e.g. the browser suite): POST /_sim/scan, /_sim/fail-qrcode,
 * /_sim/expire-tokens, /_sim/callback; GET /_sim/state.
 */
export interface WeChatSimulatorOptions {
  appId: string;
  appSecret: string;
  /** The callback token both sides know (WECHAT_TOKEN). */
  token: string;
  /** The product's callback URL (…/api/wechat/callback); can be set later (`callbackUrl`). */
  callbackUrl?: string;
  /** expires_in of the access tokens it issues (WeChat: 7200). */
  tokenTtlS?: number;
  /** Nicknames user/info answers with; an openid without one gets none (as WeChat does today). */
  nicknames?: Record<string, string> | ((openid: string) => string | undefined);
}

export interface SentMessage {
  type: 'custom' | 'template';
  body: Record<string, unknown>;
}

export interface ScanResult {
  status: number;
  body: string;
  /** The 6-digit code in a passive reply, if any. */
  code: string | null;
}

export interface ScanInput {
  scene?: string;
  ticket?: string;
  /** The newest QR code created (the e2e test does not see the QR's content). */
  latest?: boolean;
  openid: string;
  /** A new follower (subscribe with qrscene_) instead of an existing one (SCAN). */
  subscribe?: boolean;
  /** The event's CreateTime; a replay reuses one. */
  createTime?: number;
}

/** The 6-digit code in the product's passive reply, or null. */
export const codeInReply = (body: string): string | null => /(?:验证码|code)[：:\s]*(\d{6})/.exec(body)?.[1] ?? null;

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export class WeChatSimulator {
  /** Base URL of the simulated API (WECHAT_API_BASE). */
  url = '';
  callbackUrl: string | undefined;
  readonly account = 'gh_mathbridge_test';
  /** Successful GET /cgi-bin/token calls. */
  tokenFetches = 0;
  /** Requests per endpoint path. */
  readonly calls: string[] = [];
  readonly messages: SentMessage[] = [];
  /** ticket → scene of every QR code created. */
  readonly tickets = new Map<string, string>();
  latestTicket: string | undefined;
  /** The next this many qrcode/create calls fail (errcode -1, 'system busy'). */
  failQrCreates = 0;
  /** Openids that left the account without the product hearing of it: messages to them fail with 43004. */
  readonly unfollowed = new Set<string>();
  private readonly tokens = new Map<string, number>();
  private readonly lastTime = new Map<string, number>();
  private readonly server: http.Server;

  constructor(private readonly options: WeChatSimulatorOptions) {
    this.callbackUrl = options.callbackUrl;
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
    });
  }

  /** Listens on `port` (0: any free one); after `close()`, again on its old port to come back. */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Every access token issued so far becomes invalid (the next call gets errcode 40001). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** The environment that points the product at this simulator. */
  env(): Record<string, string> {
    return {
      WECHAT_APP_ID: this.options.appId,
      WECHAT_APP_SECRET: this.options.appSecret,
      WECHAT_TOKEN: this.options.token,
      WECHAT_API_BASE: this.url,
    };
  }

  private tokenValid(url: URL): boolean {
    const until = this.tokens.get(url.searchParams.get('access_token') ?? '');
    return until !== undefined && until > Date.now();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = req.method === 'POST' ? await readBody(req) : '';
    this.calls.push(url.pathname);
    if (url.pathname.startsWith('/_sim/')) return this.control(url.pathname, body, res);
    if (url.pathname === '/cgi-bin/token') {
      const q = url.searchParams;
      if (q.get('grant_type') !== 'client_credential')
        return json(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
      if (q.get('appid') !== this.options.appId) return json(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== this.options.appSecret)
        return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
      const token = randomBytes(24).toString('base64url');
      const ttl = this.options.tokenTtlS ?? 7200;
      this.tokens.set(token, Date.now() + ttl * 1000);
      this.tokenFetches += 1;
      return json(res, 200, { access_token: token, expires_in: ttl });
    }
    if (!this.tokenValid(url)) return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
    const data = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    switch (url.pathname) {
      case '/cgi-bin/qrcode/create': {
        if (this.failQrCreates > 0) {
          this.failQrCreates -= 1;
          return json(res, 200, { errcode: -1, errmsg: 'system error' });
        }
        const scene = (data.action_info as { scene?: { scene_str?: string } } | undefined)?.scene?.scene_str;
        if (data.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64)
          return json(res, 200, { errcode: 40053, errmsg: 'invalid action info' });
        const ticket = `gQ${randomBytes(24).toString('base64url')}`;
        this.tickets.set(ticket, scene);
        this.latestTicket = ticket;
        return json(res, 200, {
          ticket,
          expire_seconds: data.expire_seconds,
          url: `http://weixin.qq.com/q/${ticket.slice(2, 24)}`,
        });
      }
      case '/cgi-bin/user/info': {
        const openid = url.searchParams.get('openid') ?? '';
        const { nicknames } = this.options;
        const nickname = typeof nicknames === 'function' ? nicknames(openid) : nicknames?.[openid];
        return json(res, 200, { subscribe: 1, openid, ...(nickname ? { nickname } : {}) });
      }
      case '/cgi-bin/message/custom/send':
      case '/cgi-bin/message/template/send':
        // WeChat's answer to a message for someone who no longer follows the account.
        if (this.unfollowed.has(String(data.touser)))
          return json(res, 200, { errcode: 43004, errmsg: 'require subscribe' });
        if (url.pathname.endsWith('/custom/send')) {
          this.messages.push({ type: 'custom', body: data });
          return json(res, 200, { errcode: 0, errmsg: 'ok' });
        }
        this.messages.push({ type: 'template', body: data });
        return json(res, 200, { errcode: 0, errmsg: 'ok', msgid: this.messages.length });
      default:
        return json(res, 404, { errcode: 404, errmsg: 'unknown endpoint' });
    }
  }

  private async control(pathname: string, body: string, res: http.ServerResponse): Promise<void> {
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    switch (pathname) {
      case '/_sim/scan':
        return json(res, 200, await this.scan(input as unknown as ScanInput));
      case '/_sim/fail-qrcode':
        this.failQrCreates = Number(input.n ?? 1);
        return json(res, 200, { ok: true });
      case '/_sim/expire-tokens':
        this.expireTokens();
        return json(res, 200, { ok: true });
      case '/_sim/callback':
        this.callbackUrl = String(input.url);
        return json(res, 200, { ok: true });
      case '/_sim/state':
        return json(res, 200, {
          tokenFetches: this.tokenFetches,
          messages: this.messages,
          latestTicket: this.latestTicket ?? null,
        });
      default:
        return json(res, 404, {});
    }
  }

  /** The query WeChat adds to a callback: timestamp, nonce and their signature. */
  signedQuery(options: { timestamp?: number; signature?: string; nonce?: string } = {}): URLSearchParams {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = options.nonce ?? String(Math.floor(Math.random() * 1e9));
    const signature =
      options.signature ??
      createHash('sha1').update([this.options.token, timestamp, nonce].sort().join('')).digest('hex');
    return new URLSearchParams({ signature, timestamp, nonce });
  }

  /**
   * POSTs XML to the callback as WeChat would, signed unless told otherwise. `query` sends one
   * signed query again (a replay); `callbackUrl` another instance's callback.
   */
  async post(
    xml: string,
    options: {
      timestamp?: number;
      signature?: string;
      nonce?: string;
      query?: URLSearchParams;
      callbackUrl?: string;
      contentType?: string;
    } = {},
  ): Promise<{ status: number; body: string }> {
    const callbackUrl = options.callbackUrl ?? this.callbackUrl;
    if (!callbackUrl) throw new Error('simulator: no callback URL');
    const query = options.query ?? this.signedQuery(options);
    const response = await fetch(`${callbackUrl}?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': options.contentType ?? 'text/xml' },
      body: xml,
    });
    return { status: response.status, body: await response.text() };
  }

  /** WeChat's URL verification: GET with echostr. */
  async verify(echostr: string, options: { timestamp?: number; signature?: string } = {}) {
    if (!this.callbackUrl) throw new Error('simulator: no callback URL');
    const query = this.signedQuery(options);
    query.set('echostr', echostr);
    const response = await fetch(`${this.callbackUrl}?${query.toString()}`);
    return { status: response.status, body: await response.text() };
  }

  /**
   * A follower's next CreateTime: now, or one second after their previous event (WeChat tells a
   * follower's events apart by FromUserName + CreateTime; tests send several within a second).
   */
  private nextTime(openid: string): number {
    const time = Math.max(Math.floor(Date.now() / 1000), (this.lastTime.get(openid) ?? 0) + 1);
    this.lastTime.set(openid, time);
    return time;
  }

  /** An event's XML, as WeChat sends it. */
  eventXml(fields: { openid: string; event: string; eventKey?: string; ticket?: string; createTime?: number }): string {
    return (
      `<xml><ToUserName><![CDATA[${this.account}]]></ToUserName>` +
      `<FromUserName><![CDATA[${fields.openid}]]></FromUserName>` +
      `<CreateTime>${fields.createTime ?? this.nextTime(fields.openid)}</CreateTime>` +
      `<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${fields.event}]]></Event>` +
      (fields.eventKey !== undefined ? `<EventKey><![CDATA[${fields.eventKey}]]></EventKey>` : '') +
      (fields.ticket ? `<Ticket><![CDATA[${fields.ticket}]]></Ticket>` : '') +
      `</xml>`
    );
  }

  /** A follower scans a QR code: the subscribe or SCAN event, and the product's passive reply. */
  async scan(input: ScanInput): Promise<ScanResult> {
    const ticket = input.ticket ?? (input.latest ? this.latestTicket : undefined);
    const scene = input.scene ?? (ticket ? this.tickets.get(ticket) : undefined);
    if (!scene) throw new Error('simulator: no such QR code');
    const ticketOf = ticket ?? [...this.tickets].find(([, s]) => s === scene)?.[0];
    const xml = this.eventXml({
      openid: input.openid,
      event: input.subscribe ? 'subscribe' : 'SCAN',
      eventKey: input.subscribe ? `qrscene_${scene}` : scene,
      ticket: ticketOf,
      createTime: input.createTime,
    });
    const reply = await this.post(xml);
    return { ...reply, code: codeInReply(reply.body) };
  }

  /** A follower leaves the account. */
  unsubscribe(openid: string, createTime?: number) {
    return this.post(this.eventXml({ openid, event: 'unsubscribe', eventKey: '', createTime }));
  }
}

/** The simulator's driver from another process (through its /_sim control endpoints). */
export function simulatorControl(baseUrl: string) {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/_sim/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as T;
  };
  return {
    scan: (input: ScanInput) => post<ScanResult>('scan', input),
    failQrCreates: (n: number) => post('fail-qrcode', { n }),
    setCallback: (url: string) => post('callback', { url }),
    state: async () =>
      (await (await fetch(`${baseUrl}/_sim/state`)).json()) as {
        tokenFetches: number;
        messages: SentMessage[];
        latestTicket: string | null;
      },
  };
}
