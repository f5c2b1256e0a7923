import type { OutboxChannel } from './outbox.service.ts';

/**
 * Code and notice delivery (issue 13 §3, DESIGN §13): every message goes through the outbox in the
 * transaction of the change that causes it, and a sender per channel delivers it afterwards.
 * Senders: the development outbox (default: nothing leaves the machine), Aliyun SMS or Tencent
 * Cloud SMS (`SMS_PROVIDER`), and the WeChat official account for bound users (channel `wechat`).
 */

/** One pending outbox row, as a sender sees it: opened and rendered by the dispatcher, never stored so. */
export interface OutboundMessage {
  id: number;
  channel: OutboxChannel;
  kind: 'code' | 'notice';
  recipient: string;
  /** The full text, the code in it. */
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

/** The sender of each channel, built once from the configuration (app.ts). */
export interface SenderRegistry {
  sms: Sender;
  /** The WeChat official account (modules/wechat); absent = WeChat messages stay pending. */
  wechat?: Sender;
}

/**
 * Thrown by a sender when retrying cannot help (the user unfollowed the official account, the
 * number is invalid): the message is given up at once. Senders outside this module may instead
 * throw any error with `permanent: true`.
 */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
}

export const isPermanentFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;

/** What the rest of the app sees of delivery (AppContext.delivery). */
export interface Delivery {
  /** Whether messages of this channel can leave (a sender is configured). */
  canSend(channel: OutboxChannel): boolean;
  /** Call after the transaction that queued messages has committed: they leave now, not at the next tick. */
  nudge(): void;
  /** Resolves once the runs nudged so far have finished (tests, shutdown). */
  idle(): Promise<void>;
}
