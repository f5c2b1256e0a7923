import type { Db } from '../../db/database.ts';

/**
 * The outbox: messages waiting for a provider (SMS today). Modules queue a message in the
 * transaction of the change that causes it; a provider adapter (DESIGN §13) sends pending rows,
 * and developers read them at `/api/dev/outbox` (DESIGN §2).
 *
 * A row holds only what delivery needs (recipient and text) and only while that is worth
 * anything: `expires_at` (a code's message expires with the code), after which
 * `platform.outbox-purge` deletes it, sent or not. The separate `code` column feeds the
 * development outbox and is never written in production.
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
  /** The verification code the message carries, kept for the development outbox only. */
  code: string | null;
  created_at: string;
  /** When the message is worthless (the code it carries expired); purged after. */
  expires_at: string;
}

/** Queues one message; pass the transaction so it is sent only if the change commits. */
export async function queueMessage(db: Db, message: OutboxMessage, options: { production: boolean }): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ ...message, code: options.production ? null : message.code })
    .execute();
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
