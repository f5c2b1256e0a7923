import type { Db } from '../../db/database.ts';

/**
 * The outbox: messages waiting for a provider (SMS today). Modules queue a message in the
 * transaction of the change that causes it; a provider adapter drains it in production, and
 * developers read it at `/api/dev/outbox` (DESIGN §2).
 */

export interface OutboxMessage {
  channel: 'sms';
  recipient: string;
  body: string;
  /** The verification code the message carries, kept for the development outbox. */
  code: string | null;
  created_at: string;
}

/** Queues one message; pass the transaction so it is sent only if the change commits. */
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
