import type { Db } from '../../db/database.ts';
import type { SealingKey } from '../../lib/sealed-text.ts';
import { CODE_PLACEHOLDER, openOutboxCode, renderOutboxText, sealOutboxCode } from './outbox-codes.ts';

// What another module's sender needs (modules import each other only through services).
export type { OutboundMessage, Sender } from './delivery.ts';
export { PermanentDeliveryError } from './delivery.ts';
export { CODE_PLACEHOLDER };

/**
 * The outbox: the delivery queue. Modules queue a message in the transaction of the change that
 * causes it and then call `ctx.delivery.nudge()`; the dispatcher (delivery-dispatcher.ts) sends
 * pending rows through the sender of their channel (SMS provider, WeChat), and developers read
 * them at `/api/dev/outbox` (DESIGN §2; not in production).
 *
 * A row holds only what delivery needs (recipient, text) and only while that is worth anything.
 * A verification code is never readable at rest (outbox-codes.ts): the text is stored with a
 * placeholder where the code goes and the code is sealed beside it; the dispatcher renders the text
 * at send time. In production the sealed code is cleared once the row is sent, given up or expired;
 * outside production it stays for the development outbox, which renders the text on read.
 * `platform.outbox-purge` deletes every row past `expires_at` (a code's message expires with the
 * code), sent or not.
 */

export type OutboxChannel = 'sms' | 'wechat';

/** A notice (a notification pushed to WeChat): its text carries no secret and is stored as it is. */
export interface OutboxMessage {
  /** `sms`: recipient is a phone; `wechat`: recipient is the openid of a bound user (issue 13). */
  channel: OutboxChannel;
  /** The recipient's account, where there is one. */
  user_id?: number | null;
  recipient: string;
  body: string;
  created_at: string;
  /** When the message is worthless; purged after. */
  expires_at: string;
}

/** A verification code's message. */
export interface OutboxCodeMessage extends Omit<OutboxMessage, 'body'> {
  /** The text, with CODE_PLACEHOLDER where the code goes (stored so, rendered at send time). */
  template: string;
  /** The code: sealed before it is stored (the SMS templates take it alone). */
  code: string;
}

/**
 * Queues one notice; pass the transaction so it is sent only if the change commits, and nudge
 * delivery (`ctx.delivery.nudge()`) once it has.
 */
export async function queueMessage(db: Db, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ ...message, kind: 'notice' })
    .execute();
}

/**
 * Queues a verification code's message with the code sealed under `key` (lib/at-rest-key.ts), never
 * in the stored text. As `queueMessage`: in the code's transaction, then nudge delivery.
 */
export async function queueCodeMessage(db: Db, key: SealingKey, message: OutboxCodeMessage): Promise<void> {
  const { template, code, ...rest } = message;
  if (!template.includes(CODE_PLACEHOLDER)) throw new Error(`a code message's template needs ${CODE_PLACEHOLDER}`);
  await db
    .insertInto('outbox')
    .values({ ...rest, kind: 'code', body: template, code: null, code_sealed: sealOutboxCode(key, message, code) })
    .execute();
}

/**
 * The newest messages sent to a recipient, with the text as it was delivered (the development
 * outbox: outside production the sealed code stays until the row is purged).
 */
export async function recentMessagesTo(db: Db, key: SealingKey, recipient: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'body', 'code_sealed', 'created_at'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => {
    const code = row.code_sealed === null ? null : openOutboxCode(key, row, row.code_sealed);
    return {
      to: row.recipient,
      body: code === null ? row.body : renderOutboxText(row.body, code),
      code,
      created_at: row.created_at,
    };
  });
}

/** Deletes messages past their expiry, sent or not (the job `platform.outbox-purge`). Returns how many. */
export async function purgeExpiredMessages(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('expires_at', '<=', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
