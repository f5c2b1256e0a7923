import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AT_REST_KEY_SETTING } from '../../lib/at-rest-key.ts';
import type { SealingKey } from '../../lib/sealed-text.ts';
import { isPermanentFailure, type Delivery, type OutboundMessage, type SenderRegistry } from './delivery.ts';
import { openOutboxCode, renderOutboxText, sealOutboxCode, templateOfText } from './outbox-codes.ts';
import type { OutboxChannel } from './outbox.service.ts';

/**
 * The outbox's dispatcher (issue 13 §3, DESIGN §13): sends due rows through the sender of their
 * channel. It runs as the job `platform.outbox-dispatch` and, in-process, right after a message is
 * queued (`nudge`).
 *
 * - Claim: one guarded UPDATE moves due rows (`sent_at` null, `next_attempt_at` null or past, not
 *   expired) to `next_attempt_at = now + CLAIM_MS`; a row another run claimed first no longer
 *   matches the guard, so however many runs or instances race, each row goes to one of them. A run
 *   that dies mid-send leaves its rows to be claimed again once the claim lapses.
 * - Success: `sent_at`. Failure: `attempts + 1`, `last_error` (with the code cut out) and the next
 *   try after BACKOFF_MS, until the message expires; a permanent failure gives up at once.
 * - A WeChat code given up (the user unreachable, or WECHAT_CODE_MAX_ATTEMPTS failures) is queued
 *   once as an SMS to the user's phone.
 * - A code is never readable at rest (outbox-codes.ts): the row holds the text with a placeholder
 *   and the code sealed; the claimed row's code is opened and the text rendered only for the
 *   sender. In production the sealed code is kept only while the row is pending: it is cleared
 *   when the row is sent, given up or expired. Outside production it stays for the development
 *   outbox. A clear code an earlier version wrote (`code`) is sealed before the row can be claimed.
 * Messages of a channel without a sender stay pending (logged once per channel) until they expire.
 */

/** Waits before the 2nd, 3rd, … try; the last repeats until the message expires. */
export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
/** How long a claimed row is left to the run that claimed it. */
export const CLAIM_MS = 60_000;
/** Failures after which a WeChat code is sent by SMS instead. */
export const WECHAT_CODE_MAX_ATTEMPTS = 2;
/** Rows claimed per round, and rounds per run. */
const BATCH = 20;
const MAX_ROUNDS = 10;
const LAST_ERROR_MAX = 300;

/** A claimed row as stored: the text still a template, the code still sealed. */
export interface ClaimedMessage extends Omit<OutboundMessage, 'code'> {
  /** The sealed code of a `code` message (outbox-codes.ts); null for a notice. */
  code_sealed: string | null;
  attempts: number;
  expires_at: string;
  /** The claim's `next_attempt_at`: only the claimer may finish the row. */
  claim: string;
}

export interface DispatchResult {
  sent: number;
  failed: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The error text to log and store: one line, short, the code replaced wherever it appears. */
export function redactedError(error: unknown, code: string | null): string {
  const text = error instanceof Error ? error.message : String(error);
  const clean = code ? text.split(code).join('****') : text;
  return clean.replace(/\s+/g, ' ').slice(0, LAST_ERROR_MAX);
}

export class DeliveryDispatcher implements Delivery {
  /** Deliveries by sender since start, by outcome (/metrics). */
  readonly outcomes = new Map<string, DispatchResult>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly reportedIdle = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly senders: SenderRegistry,
    /** Outside production: sealed codes stay beside sent messages for the development outbox. */
    private readonly keepCodes: boolean,
    /** Seals and opens the codes of code messages (lib/at-rest-key.ts). */
    private readonly codeKey: SealingKey,
  ) {}

  canSend(channel: OutboxChannel): boolean {
    return this.senders[channel] !== undefined;
  }

  private channels(): OutboxChannel[] {
    return (['sms', 'wechat'] as const).filter((channel) => this.canSend(channel));
  }

  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runOnce().catch((error: unknown) =>
          this.log.error({ err: error }, 'outbox dispatch failed (database)'),
        );
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no nudged run is in progress (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /**
   * Claims up to `limit` due rows for this run: atomic on SQLite and PostgreSQL (see above). When
   * racing runs took every candidate first, it looks again (a few times) rather than stop while
   * rows are still due.
   */
  async claimDue(now = Date.now(), limit = BATCH): Promise<ClaimedMessage[]> {
    const channels = this.channels();
    if (channels.length === 0) return [];
    const nowIso = iso(now);
    const claim = iso(now + CLAIM_MS);
    for (let look = 0; look < 3; look += 1) {
      const ids = await this.db
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
        .where('channel', 'in', channels)
        // A clear code from an earlier version waits until sealClearCodes has sealed it.
        .where('code', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      if (ids.length === 0) return [];
      // The guard repeats the due condition: a row another run claimed meanwhile no longer matches.
      const rows = await this.db
        .updateTable('outbox')
        .set({ next_attempt_at: claim })
        .where(
          'id',
          'in',
          ids.map((row) => row.id),
        )
        .where('sent_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
        .returning(['id', 'channel', 'kind', 'recipient', 'body', 'code_sealed', 'user_id', 'attempts', 'expires_at'])
        .execute();
      if (rows.length > 0)
        return rows.map((row) => ({
          ...row,
          channel: row.channel as OutboxChannel,
          kind: row.kind === 'notice' ? 'notice' : 'code',
          claim,
        }));
    }
    return [];
  }

  /**
   * Seals the clear codes an earlier version wrote (`code`, and the code inside the text): the text
   * becomes its template, and the code is sealed, or dropped where the row no longer needs it
   * (sent, given up or expired, in production). One guarded UPDATE per row (the same clear code
   * still there), so racing runs and instances convert each row once. Returns how many.
   */
  async sealClearCodes(now = Date.now()): Promise<number> {
    let sealed = 0;
    let afterId = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'body', 'code', 'sent_at', 'next_attempt_at', 'expires_at'])
        .where('code', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        afterId = row.id;
        const code = row.code ?? '';
        const pending =
          row.sent_at === null &&
          row.expires_at > iso(now) &&
          (row.next_attempt_at === null || row.next_attempt_at < row.expires_at);
        const updated = await this.db
          .updateTable('outbox')
          .set({
            body: code === '' ? row.body : templateOfText(row.body, code),
            code: null,
            code_sealed: code !== '' && (pending || this.keepCodes) ? sealOutboxCode(this.codeKey, row, code) : null,
          })
          .where('id', '=', row.id)
          .where('code', '=', code)
          .executeTakeFirst();
        sealed += Number(updated.numUpdatedRows);
      }
      if (rows.length < BATCH) return sealed;
    }
  }

  /** One run: seals clear codes, clears expired ones, then claims and sends due rows until none are left. */
  async runOnce(now = Date.now()): Promise<DispatchResult> {
    const total: DispatchResult = { sent: 0, failed: 0 };
    await this.sealClearCodes(now);
    if (!this.keepCodes) {
      await this.db
        .updateTable('outbox')
        .set({ code_sealed: null })
        .where('sent_at', 'is', null)
        .where('expires_at', '<=', iso(now))
        .where('code_sealed', 'is not', null)
        .execute();
    }
    await this.reportChannelsWithoutSender(now);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const claimed = await this.claimDue(now);
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((message) => this.deliver(message, now)));
      for (const ok of outcomes) total[ok ? 'sent' : 'failed'] += 1;
    }
    return total;
  }

  private count(sender: string, outcome: keyof DispatchResult): void {
    const counts = this.outcomes.get(sender) ?? { sent: 0, failed: 0 };
    counts[outcome] += 1;
    this.outcomes.set(sender, counts);
  }

  /** The code a claimed `code` message carries, opened; null for a notice. Throws if it cannot be had. */
  private openCode(message: ClaimedMessage): string | null {
    if (message.kind !== 'code') return null;
    if (message.code_sealed === null) throw new Error('a code message without its sealed code');
    return openOutboxCode(this.codeKey, message, message.code_sealed);
  }

  /** Sends one claimed row and records the outcome; true when sent. */
  private async deliver(message: ClaimedMessage, now: number): Promise<boolean> {
    const sender = this.senders[message.channel];
    if (!sender) return false;
    const attempts = message.attempts + 1;
    let code: string | null;
    try {
      code = this.openCode(message);
    } catch (error) {
      // The message cannot be written, and retrying will not change that: every instance has the same key.
      this.count(sender.name, 'failed');
      this.log.error({ outbox_id: message.id, err: error }, `outbox: a code does not open with ${AT_REST_KEY_SETTING}`);
      await this.recordFailure(message, null, attempts, `sealed code not opened (${AT_REST_KEY_SETTING})`, true, now);
      return false;
    }
    // What the sender sees: the text rendered with the code, never the sealed form.
    const outbound: OutboundMessage = {
      id: message.id,
      channel: message.channel,
      kind: message.kind,
      recipient: message.recipient,
      user_id: message.user_id,
      body: code === null ? message.body : renderOutboxText(message.body, code),
      code,
    };
    try {
      await sender.send(outbound);
    } catch (error) {
      this.count(sender.name, 'failed');
      await this.recordFailure(message, code, attempts, redactedError(error, code), isPermanentFailure(error), now);
      return false;
    }
    this.count(sender.name, 'sent');
    await this.db
      .updateTable('outbox')
      .set({
        sent_at: iso(Date.now()),
        attempts,
        next_attempt_at: null,
        ...(this.keepCodes ? {} : { code_sealed: null }),
      })
      .where('id', '=', message.id)
      .where('next_attempt_at', '=', message.claim)
      .where('sent_at', 'is', null)
      .execute();
    return true;
  }

  private async recordFailure(
    message: ClaimedMessage,
    /** The opened code (the SMS fallback seals it again for the phone); null if it did not open. */
    code: string | null,
    attempts: number,
    error: string,
    permanent: boolean,
    now: number,
  ): Promise<void> {
    const retryAt = now + (BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)] ?? 0);
    const wechatCode = message.channel === 'wechat' && message.kind === 'code';
    const giveUp =
      permanent || iso(retryAt) >= message.expires_at || (wechatCode && attempts >= WECHAT_CODE_MAX_ATTEMPTS);
    const fallBack = giveUp && wechatCode && message.user_id !== null && code !== null;
    this.log.warn(
      {
        outbox_id: message.id,
        channel: message.channel,
        sender: this.senders[message.channel]?.name,
        attempts,
        error,
        next: giveUp ? (fallBack ? 'sms' : 'given up') : iso(retryAt),
      },
      'message not delivered',
    );
    const queuedSms = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('outbox')
        .set({
          attempts,
          last_error: error,
          // Given up: due only at its expiry, so never claimed again.
          next_attempt_at: giveUp ? message.expires_at : iso(retryAt),
          ...(giveUp && !this.keepCodes ? { code_sealed: null } : {}),
        })
        .where('id', '=', message.id)
        .where('next_attempt_at', '=', message.claim)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (!fallBack || Number(updated.numUpdatedRows) !== 1 || message.user_id === null || code === null) return false;
      const user = await trx.selectFrom('users').select('phone').where('id', '=', message.user_id).executeTakeFirst();
      if (!user) return false;
      await trx
        .insertInto('outbox')
        .values({
          channel: 'sms',
          kind: 'code',
          user_id: message.user_id,
          recipient: user.phone,
          body: message.body,
          // Sealed again: the sealed code is bound to its recipient, the phone now.
          code_sealed: sealOutboxCode(this.codeKey, { channel: 'sms', recipient: user.phone }, code),
          created_at: iso(Date.now()),
          expires_at: message.expires_at,
        })
        .execute();
      return true;
    });
    if (queuedSms) {
      this.log.info({ outbox_id: message.id, user_id: message.user_id }, 'WeChat code not delivered: sent by SMS');
      this.nudge();
    }
  }

  /** Logs, once per channel and process, that pending messages have no sender to go through. */
  private async reportChannelsWithoutSender(now: number): Promise<void> {
    const idle = (['sms', 'wechat'] as const).filter((c) => !this.canSend(c) && !this.reportedIdle.has(c));
    if (idle.length === 0) return;
    const rows = await this.db
      .selectFrom('outbox')
      .select('channel')
      .distinct()
      .where('sent_at', 'is', null)
      .where('expires_at', '>', iso(now))
      .where('channel', 'in', idle)
      .execute();
    for (const { channel } of rows) {
      this.reportedIdle.add(channel);
      this.log.warn({ channel }, 'outbox: messages of this channel stay pending: no sender is configured');
    }
  }

  /** Messages waiting to be sent, by channel (/metrics `mb_outbox_pending`). */
  async pendingByChannel(now = Date.now()): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['channel', sql<number>`count(*)`.as('n')])
      .where('sent_at', 'is', null)
      .where('expires_at', '>', iso(now))
      // Not given up (those wait for their expiry with next_attempt_at = expires_at).
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<', eb.ref('expires_at'))]))
      .groupBy('channel')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.channel, Number(row.n)]));
  }
}
