import type { Db } from '../../db/database.ts';

// What another module's sender needs (modules import each other only through services).
export type { OutboundMessage, Sender } from './delivery.ts';
export { PermanentDeliveryError } from './delivery.ts';

/**
 * The outbox: the delivery queue. Modules queue a message in the transaction of the change that
 * causes it and then call `ctx.delivery.nudge()`; the dispatcher (delivery-dispatcher.ts) sends
 * pending rows through the sender of their channel (SMS provider, WeChat), and developers read
 * them at `/api/dev/outbox` (DESIGN §2; not in production).
 *
 * A row holds only what delivery needs (recipient, text, and the code the SMS templates take) and
 * only while that is worth anything: in production the code is cleared once the row is sent,
 * given up or expired, and `platform.outbox-purge` deletes every row past `expires_at` (a code's
 * message expires with the code), sent or not. Outside production the code stays for the
 * development outbox.
 */

export type OutboxChannel = 'sms' | 'wechat';

export interface OutboxMessage {
  /** `sms`: recipient is a phone; `wechat`: recipient is the openid of a bound user (issue 13). */
  channel: OutboxChannel;
  /** `code` carries a verification code; `notice` a notification (default `code`). */
  kind?: 'code' | 'notice';
  /** The recipient's account, where there is one. */
  user_id?: number | null;
  recipient: string;
  body: string;
  /** The verification code the message carries (the SMS templates take it; kept while pending). */
  code: string | null;
  created_at: string;
  /** When the message is worthless (the code it carries expired); purged after. */
  expires_at: string;
}

/**
 * Queues one message; pass the transaction so it is sent only if the change commits, and nudge
 * delivery (`ctx.delivery.nudge()`) once it has.
 */
export async function queueMessage(db: Db, message: OutboxMessage): Promise<void> {
  await db.insertInto('outbox').values(message).execute();
}

/** The newest messages sent to a recipient (the development outbox). */
export const recentMessagesTo = (db: Db, recipient: string) =>
  db
    .selectFrom('outbox')
    .select(['recipient as to', 'body', 'code', 'created_at'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();

/** Deletes messages past their expiry, sent or not (the job `platform.outbox-purge`). Returns how many. */
export async function purgeExpiredMessages(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('expires_at', '<=', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
