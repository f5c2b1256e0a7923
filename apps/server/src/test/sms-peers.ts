import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP peers that play the SMS APIs of Aliyun (dysmsapi 2017-05-25, SendSms) and Tencent
 * Cloud (sms 2021-01-11, SendSms) for the tests (issue 13: real peers, no mocks). Each one checks
 * the request signature the official SDK computed, recomputing it from the secret it was given:
 * - Aliyun: ACS3-HMAC-SHA256 (what @alicloud/openapi-core signs with by default): HMAC-SHA256
 *   over `ACS3-HMAC-SHA256\n` + SHA-256 of the canonical request (method, path, sorted
 *   percent-encoded query, the signed `host`/`x-acs-*`/`content-type` headers, their names, and
 *   the body's SHA-256, which must also equal `x-acs-content-sha256`);
 * - Tencent Cloud: TC3-HMAC-SHA256: the signing key derived from `TC3<secret>`, the date and the
 *   service of the credential scope; the canonical request of the signed headers and the body's hash;
 *   a timestamp more than 5 minutes off is refused, as Tencent Cloud does.
 * A wrong key or signature gets the provider's own error answer. Accepted messages are recorded;
 * `failNext(n, mode)` makes the next n correctly signed requests fail the way the provider fails.
 */

export interface ReceivedSms {
  phone: string;
  signName: string;
  template: string;
  /** Aliyun: the TemplateParam object; Tencent: TemplateParamSet. */
  params: unknown;
}

export interface SmsPeer {
  url: string;
  /** Messages accepted (signature valid, answered as sent). */
  received: ReceivedSms[];
  /** Error codes answered, in order (signature failures and induced failures). */
  refused: string[];
  /** Every request that reached the peer. */
  requests: number;
  /** The key pair the peer checks against; change `secret` to make the server's key wrong. */
  keyId: string;
  secret: string;
  /** The next `count` correctly signed requests fail (`mode`: 'limit', 'http500', 'status' for Tencent); 0 clears. */
  failNext(count: number, mode: string): void;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function headerValue(request: http.IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

interface Handled {
  status: number;
  body: unknown;
}

async function startPeer(
  keyId: string,
  secret: string,
  handle: (peer: SmsPeer, request: http.IncomingMessage, body: Buffer, failure: string | null) => Handled,
): Promise<SmsPeer> {
  const failures: string[] = [];
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const peer: SmsPeer = {
    url: `http://127.0.0.1:${port}`,
    received: [],
    refused: [],
    requests: 0,
    keyId,
    secret,
    failNext(count, mode) {
      failures.length = 0;
      for (let i = 0; i < count; i += 1) failures.push(mode);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    peer.requests += 1;
    void readBody(request).then((body) => {
      let answer: Handled;
      try {
        answer = handle(peer, request, body, null);
        // A correctly signed request that was told to fail: answered as the provider fails instead.
        if (answer.status === 200 && failures.length > 0 && isAccepted(answer.body)) {
          answer = handle(peer, request, body, failures.shift() ?? null);
          peer.received.pop();
        }
      } catch (error) {
        answer = { status: 400, body: { error: String(error) } };
      }
      if (answer.status === 500) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(answer.body));
    });
  });
  return peer;
}

const isAccepted = (body: unknown) => {
  const b = body as { Code?: string; Response?: { SendStatusSet?: { Code?: string }[] } };
  return b.Code === 'OK' || b.Response?.SendStatusSet?.[0]?.Code === 'Ok';
};

/** The percent-encoding of Aliyun's canonical query (RFC 3986: also ! ' ( ) *). */
const aliyunEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun SMS (dysmsapi.aliyuncs.com), SendSms over ACS3-HMAC-SHA256. */
export function startAliyunSmsPeer(keyId: string, secret: string): Promise<SmsPeer> {
  return startPeer(keyId, secret, (peer, request, body, failure) => {
    const requestId = randomUUID().toUpperCase();
    const error = (status: number, code: string, message: string): Handled => {
      peer.refused.push(code);
      return { status, body: { RequestId: requestId, Code: code, Message: message, HostId: 'dysmsapi.aliyuncs.com' } };
    };
    const url = new URL(request.url ?? '/', 'http://peer');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
      headerValue(request, 'authorization'),
    );
    if (!auth) return error(400, 'MissingAuthorization', 'Authorization is mandatory for this action.');
    const [, credential = '', signedHeaderList = '', signature = ''] = auth;
    if (credential !== peer.keyId)
      return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedHeaderList.split(';');
    for (const needed of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce'])
      if (!signed.includes(needed)) return error(400, 'IncompleteSignature', `The header ${needed} is not signed.`);
    const payloadHash = sha256Hex(body);
    if (headerValue(request, 'x-acs-content-sha256') !== payloadHash)
      return error(400, 'IncompleteSignature', 'The x-acs-content-sha256 does not match the body.');
    const keys = [...new Set(url.searchParams.keys())].sort();
    const query = keys.map((key) => `${key}=${aliyunEncode(url.searchParams.get(key) ?? '')}`).join('&');
    const headers = signed.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
    const canonical = [request.method, url.pathname, query, headers, signedHeaderList, payloadHash].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`;
    const expected = hmac(peer.secret, stringToSign).toString('hex');
    if (!sameHex(expected, signature))
      // As Aliyun does, the answer shows what the server signed (here the whole canonical request,
      // so the test proves the code in it never reaches a log or last_error).
      return error(
        400,
        'SignatureDoesNotMatch',
        `Specified signature does not match our calculation. canonical request:${canonical} server string to sign is:${stringToSign}`,
      );
    if (headerValue(request, 'x-acs-action') !== 'SendSms' || headerValue(request, 'x-acs-version') !== '2017-05-25')
      return error(400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');

    if (failure === 'http500') return { status: 500, body: null };
    if (failure === 'limit') return error(200, 'isv.BUSINESS_LIMIT_CONTROL', '触发小时级流控Permits:5');
    if (failure) return error(200, failure, 'induced failure');

    const phone = url.searchParams.get('PhoneNumbers') ?? '';
    if (!/^1\d{10}$/.test(phone)) return error(200, 'isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    let params: unknown;
    try {
      params = JSON.parse(url.searchParams.get('TemplateParam') ?? '');
    } catch {
      return error(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    peer.received.push({
      phone,
      signName: url.searchParams.get('SignName') ?? '',
      template: url.searchParams.get('TemplateCode') ?? '',
      params,
    });
    return { status: 200, body: { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` } };
  });
}

/** Tencent Cloud SMS (sms.tencentcloudapi.com), SendSms 2021-01-11 over TC3-HMAC-SHA256. */
export function startTencentSmsPeer(keyId: string, secret: string): Promise<SmsPeer> {
  return startPeer(keyId, secret, (peer, request, body, failure) => {
    const requestId = randomUUID();
    const error = (code: string, message: string): Handled => {
      peer.refused.push(code);
      return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: requestId } } };
    };
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
        headerValue(request, 'authorization'),
      );
    if (!auth) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const [, credential = '', date = '', service = '', signedHeaderList = '', signature = ''] = auth;
    if (credential !== peer.keyId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(headerValue(request, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
      return error('AuthFailure.SignatureFailure', 'The date of the credential scope is not the timestamp’s.');
    const signed = signedHeaderList.split(';');
    if (!signed.includes('host') || !signed.includes('content-type'))
      return error('AuthFailure.SignatureFailure', 'host and content-type must be signed.');
    const url = new URL(request.url ?? '/', 'http://peer');
    // The SDK signs the endpoint's host name without its port (real endpoints have none).
    const headerOf = (name: string) =>
      name === 'host' ? headerValue(request, 'host').replace(/:\d+$/, '') : headerValue(request, name);
    const headers = signed.map((name) => `${name}:${headerOf(name)}\n`).join('');
    const canonical = [
      request.method,
      url.pathname,
      url.search.slice(1),
      headers,
      signedHeaderList,
      sha256Hex(body),
    ].join('\n');
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256Hex(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${peer.secret}`, date), service), 'tc3_request');
    if (!sameHex(hmac(key, stringToSign).toString('hex'), signature))
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    if (headerValue(request, 'x-tc-action') !== 'SendSms' || headerValue(request, 'x-tc-version') !== '2021-01-11')
      return error('InvalidAction', 'The action does not exist in this version.');

    if (failure === 'http500') return { status: 500, body: null };
    if (failure === 'limit')
      return error('LimitExceeded.PhoneNumberThirtySecondLimit', '单个手机号30秒内下发短信条数超过设定的上限');
    const input = JSON.parse(body.toString('utf8')) as {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    const phone = input.PhoneNumberSet?.[0] ?? '';
    if (failure === 'status')
      return {
        status: 200,
        body: {
          Response: {
            SendStatusSet: [
              {
                SerialNo: '',
                PhoneNumber: phone,
                Fee: 0,
                SessionContext: '',
                Code: 'LimitExceeded.PhoneNumberDailyLimit',
                Message: '单个手机号日下发短信条数超过设定的上限',
                IsoCode: 'CN',
              },
            ],
            RequestId: requestId,
          },
        },
      };
    if (failure) return error(failure, 'induced failure');
    if (!/^\+861\d{10}$/.test(phone)) return error('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误');
    peer.received.push({
      phone,
      signName: input.SignName ?? '',
      template: input.TemplateId ?? '',
      params: input.TemplateParamSet ?? [],
    });
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            {
              SerialNo: randomUUID(),
              PhoneNumber: phone,
              Fee: 1,
              SessionContext: '',
              Code: 'Ok',
              Message: 'send success',
              IsoCode: 'CN',
            },
          ],
          RequestId: requestId,
        },
      },
    };
  });
}
