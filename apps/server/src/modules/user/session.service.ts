import { SESSION_TTL_DAYS } from '@mathbridge/contracts/constants';
import type { RoleName } from '@mathbridge/contracts/roles';
import { VISITOR_ROLE } from '@mathbridge/contracts/roles';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { ShortCache } from '../../db/short-cache.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import { notLoggedIn, sessionSuperseded } from '../../lib/errors.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import type { Caller } from '../../plugins/call.ts';

export type EndReason = 'superseded' | 'logout' | 'password';

/**
 * Opaque tokens, stored hashed (DESIGN §3). One active session per user: a new sign-in ends the
 * others with reason 'superseded', and their next call answers 301 instead of 305.
 */
export async function startSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = newToken();
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = isoAfter(SESSION_TTL_DAYS * 86_400, now);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ ended_at: createdAt, end_reason: 'superseded' })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: sha256Hex(token),
        created_at: createdAt,
        expires_at: expiresAt,
        ended_at: null,
        end_reason: null,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
  });
  return { access_token: token, expires_at: expiresAt };
}

/**
 * The caller a token belongs to; 305 for a missing, unknown, expired or ended token, 301 if
 * superseded. One round trip: the session, its user and the user's roles (one row per role; a
 * user holds at most an identity role and Admin) come from one indexed join, compiled once
 * (`preparedQuery`): it runs before every signed-in call whose token is not in the cache below.
 */
const sessionRows = preparedQuery((db: Db, param: (name: 'tokenHash') => never) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.expires_at',
      'sessions.ended_at',
      'sessions.end_reason',
      'users.verify_state',
      'users.disabled',
      'user_roles.role',
    ])
    .where('sessions.token_hash', '=', param('tokenHash')),
);

/**
 * Token hash → its rows, for a moment (db/short-cache.ts): any write to sessions, users or
 * user_roles in this process drops it, so a new sign-in (301 for the old token), a logout or a
 * password change (305) and a role or verification change apply to the next request. Only known
 * tokens are kept. The checks below run on every request, cached or not.
 */
const sessionCache = new ShortCache<string, Awaited<ReturnType<typeof sessionRows>>>(
  ['sessions', 'users', 'user_roles'],
  (rows) => rows.length > 0,
);

export async function resolveSession(db: Db, token: string | undefined): Promise<Caller> {
  if (!token || token.length > 200) throw notLoggedIn();
  const tokenHash = sha256Hex(token);
  const rows = await sessionCache.get(db, tokenHash, () => sessionRows(db, { tokenHash }));
  const row = rows[0];
  if (!row) throw notLoggedIn();
  if (row.ended_at) throw row.end_reason === 'superseded' ? sessionSuperseded() : notLoggedIn();
  if (row.expires_at <= nowIso() || row.disabled) throw notLoggedIn();
  const roles = rows.flatMap((r) => (r.role === null ? [] : [r.role as RoleName])).sort();
  return {
    id: row.user_id,
    sessionId: row.id,
    roles: roles.length ? roles : [VISITOR_ROLE],
    verifyState: row.verify_state,
  };
}

export async function endSession(db: Db, sessionId: number, reason: EndReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: nowIso(), end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endAllSessions(db: Db, userId: number, reason: EndReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: nowIso(), end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ended and expired sessions are kept this long past their expiry before the purge deletes them. */
const SESSION_KEEP_AFTER_EXPIRY_S = 86_400;

/**
 * Deletes sessions nobody can use any more: those past `expires_at` by a day. Ended sessions that
 * have not yet expired stay, because `resolveSession` reads them to tell a superseded token (301)
 * from a logged-out one (305) for as long as the token could still be presented. Returns how many.
 */
export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<', isoBefore(SESSION_KEEP_AFTER_EXPIRY_S, now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
