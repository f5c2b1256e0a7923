import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { VERIFY_CODE_TTL_S } from '@mathbridge/contracts/constants';
import type * as AliyunSms from '@alicloud/dysmsapi20170525';
import type * as AliyunOpenApi from '@alicloud/openapi-core';
import type * as TencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { SmsConfig } from '../../config.ts';
import type { OutboundMessage, Sender } from './delivery.ts';

/**
 * The SMS senders (SMS_PROVIDER, README 'Code delivery'): the development outbox, Aliyun SMS and
 * Tencent Cloud SMS through their official SDKs. A provider's refusal (Aliyun `Code` other than
 * `OK`, a Tencent `SendStatusSet` code other than `Ok`, an error answer, a timeout) is thrown, and
 * the dispatcher retries it; the error text names the provider's code and message only.
 */

// Both SDKs are CommonJS; loaded through require so that their `default` export means the same under
// the test runner (tsx/vitest interop) and in the bundled ESM server (node_modules stay external).
const require = createRequire(import.meta.url);

/** How long one provider call may take before it counts as a failure (then retried). */
const PROVIDER_TIMEOUT_MS = 10_000;

/** `host` (https) or `http(s)://host[:port]` → the SDKs' protocol and host. */
export function parseEndpoint(endpoint: string): { protocol: 'http' | 'https'; host: string } {
  const match = /^(https?):\/\/([^/]+)\/?$/i.exec(endpoint.trim());
  if (match) return { protocol: match[1]?.toLowerCase() === 'http' ? 'http' : 'https', host: match[2] ?? '' };
  return { protocol: 'https', host: endpoint.trim() };
}

/** The recipient and code of an SMS code message, or an error that retrying will not fix. */
function smsParts(message: OutboundMessage): { phone: string; code: string } {
  if (message.channel !== 'sms') throw new Error(`not an SMS message (channel ${message.channel})`);
  if (!message.code) throw new Error('SMS message without its code (the providers send templates only)');
  return { phone: message.recipient, code: message.code };
}

/**
 * Short, single-line error text for logs and `last_error`. A provider's answer may quote the
 * request (Aliyun's signature errors do), so the code is cut out before anything is shortened.
 */
const describe = (provider: string, code: unknown, text: unknown, secret: string) =>
  `${provider} ${String(code ?? 'error')}: ${String(text ?? '')}`
    .split(secret)
    .join('****')
    .replace(/\s+/g, ' ')
    .slice(0, 300);

/**
 * Development outbox: nothing leaves the machine. The message counts as sent at once and stays
 * readable at /api/dev/outbox (outside production) until it expires.
 */
export function createOutboxSender(): Sender {
  return { name: 'outbox', send: async () => undefined };
}

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/** Aliyun SMS: SendSms (2017-05-25) with the sign, template and `{"code": …}` as its parameter. */
export function createAliyunSender(config: AliyunConfig): Sender {
  const dysms = require('@alicloud/dysmsapi20170525') as typeof AliyunSms;
  const openapi = require('@alicloud/openapi-core') as typeof AliyunOpenApi;
  const { protocol, host } = parseEndpoint(config.endpoint);
  const client = new dysms.default(
    new openapi.$OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: host,
      protocol,
      connectTimeout: PROVIDER_TIMEOUT_MS,
      readTimeout: PROVIDER_TIMEOUT_MS,
    }),
  );
  return {
    name: 'aliyun',
    async send(message) {
      const { phone, code } = smsParts(message);
      const request = new dysms.SendSmsRequest({
        phoneNumbers: phone,
        signName: config.signName,
        templateCode: config.templateCode,
        templateParam: JSON.stringify({ code }),
      });
      let answer: { code?: string; message?: string } | undefined;
      try {
        answer = (await client.sendSms(request)).body;
      } catch (error) {
        const e = error as { code?: unknown; message?: unknown; statusCode?: unknown };
        throw new Error(describe('aliyun', e.code ?? e.statusCode, e.message, code));
      }
      if (answer?.code !== 'OK') throw new Error(describe('aliyun', answer?.code, answer?.message, code));
    },
  };
}

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>;

/** Tencent Cloud SMS: SendSms (2021-01-11) to +86…, template parameters [code, minutes]. */
export function createTencentSender(config: TencentConfig): Sender {
  const sdk = require('tencentcloud-sdk-nodejs-sms') as typeof TencentSms;
  const { protocol, host } = parseEndpoint(config.endpoint);
  const client = new sdk.sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: PROVIDER_TIMEOUT_MS / 1000 } },
  });
  return {
    name: 'tencent',
    async send(message) {
      const { phone, code } = smsParts(message);
      let answer: { SendStatusSet?: { Code?: string; Message?: string }[] };
      try {
        answer = await client.SendSms({
          PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
          SmsSdkAppId: config.sdkAppId,
          SignName: config.signName,
          TemplateId: config.templateId,
          TemplateParamSet: [code, String(VERIFY_CODE_TTL_S / 60)],
        });
      } catch (error) {
        const e = error as { code?: unknown; httpCode?: unknown; message?: unknown };
        throw new Error(describe('tencent', e.code || e.httpCode, e.message, code));
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok')
        throw new Error(describe('tencent', status?.Code ?? 'NoStatus', status?.Message, code));
    },
  };
}

/** The SMS sender SMS_PROVIDER names; in production the development outbox delivers nothing, said once at start. */
export function createSmsSender(config: SmsConfig, production: boolean, log: FastifyBaseLogger): Sender {
  switch (config.provider) {
    case 'aliyun':
      return createAliyunSender(config);
    case 'tencent':
      return createTencentSender(config);
    case 'outbox':
      if (production)
        log.warn(
          'SMS_PROVIDER=outbox in production: verification codes are NOT delivered to anyone (set SMS_PROVIDER=aliyun or tencent)',
        );
      return createOutboxSender();
  }
}
