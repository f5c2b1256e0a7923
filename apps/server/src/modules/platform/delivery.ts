import type { OutboxChannel } from './outbox.service.ts';

/**
 * Code and notice delivery (issue 13 §3, DESIGN §13): every message goes through the outbox in the
 * transaction of the change that causes it, and a sender per channel delivers it afterwards.
 * Senders: the development outbox (default: nothing leaves the machine), Aliyun SMS or Tencent
 * Cloud SMS (`SMS_PROVIDER`), and the WeChat official account for bound users (channel `wechat`).
 */

/** One pending outbox row, as a sender sees it. */
export interface OutboundMessage {
  id: number;
  channel: OutboxChannel;
  kind: 'code' | 'notice';
  recipient: string;
  body: string;
  /** The verification code a `code` message carries (the providers' templates take it alone). */
  code: string | null;
  user_id: number | null;
}

/**
 * Delivers one message or throws. A thrown error is retried with backoff until the message
 * expires; its text is logged and stored, so it must never contain the code.
 */
export interface Sender {
  /** `outbox`, `aliyun`, `tencent`, `wechat`: for logs and metrics. */
  readonly name: string;
  send(message: OutboundMessage): Promise<void>;
}
