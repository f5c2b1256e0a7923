import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto.ts';
import { call, describeApi, newPhone, registerUser, useTestApp } from '../../test/harness.ts';
import { purgeExpiredSessions } from './session.service.ts';
import { purgeOldVerifyCodes } from './verify-code.service.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeApi('purges of sessions and verification codes (background jobs)', () => {
  const t = useTestApp();

  describe('sessions', () => {
    it('deletes only sessions a day past their expiry; ended ones that could still be presented stay', async () => {
      const { db } = t().ctx;
      const user = await registerUser(t().app);
      const { id: userId } = await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', user.phone)
        .executeTakeFirstOrThrow();
      const now = Date.now();
      const session = (name: string, expiresAt: number, ended: 'superseded' | 'logout' | null) => ({
        user_id: userId,
        token_hash: sha256Hex(`purge-test-${name}-${now}`),
        created_at: iso(now - 40 * DAY_MS),
        expires_at: iso(expiresAt),
        ended_at: ended ? iso(now - 2 * DAY_MS) : null,
        end_reason: ended,
        ip: null,
        user_agent: null,
      });
      const rows = {
        live: session('live', now + DAY_MS, null),
        superseded: session('superseded', now + DAY_MS, 'superseded'),
        loggedOut: session('logged-out', now + DAY_MS, 'logout'),
        justExpired: session('just-expired', now - DAY_MS / 2, null),
        expiredLongAgo: session('expired', now - 2 * DAY_MS, null),
        endedLongAgo: session('ended', now - 2 * DAY_MS, 'superseded'),
      };
      await db.insertInto('sessions').values(Object.values(rows)).execute();

      expect(await purgeExpiredSessions(db, now)).toBeGreaterThanOrEqual(2);
      const left = new Set(
        (await db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute()).map(
          (r) => r.token_hash,
        ),
      );
      expect(left.has(rows.live.token_hash)).toBe(true);
      expect(left.has(rows.superseded.token_hash)).toBe(true);
      expect(left.has(rows.loggedOut.token_hash)).toBe(true);
      expect(left.has(rows.justExpired.token_hash)).toBe(true);
      expect(left.has(rows.expiredLongAgo.token_hash)).toBe(false);
      expect(left.has(rows.endedLongAgo.token_hash)).toBe(false);
    });

    it('a superseded token still answers 301 after the purge', async () => {
      const user = await registerUser(t().app);
      const login = await call<{ token: { access_token: string } }>(t().app, 'POST', 'user/login', {
        phone_details: user.phone,
        password: user.password,
      });
      expect(login.status).toBe(200);
      await purgeExpiredSessions(t().ctx.db);
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: user.token })).status).toBe(301);
      const fresh = login.result.token.access_token;
      expect((await call(t().app, 'GET', 'user/profile', {}, { token: fresh })).status).toBe(200);
    });
  });

  describe('verification codes', () => {
    it('deletes codes older than the daily-limit window and keeps the rest', async () => {
      const { db } = t().ctx;
      const phone = newPhone();
      const now = Date.now();
      const code = (name: string, createdAt: number) => ({
        phone,
        scene: 'register',
        code_hash: sha256Hex(`${phone}:${name}`),
        ip: '10.9.0.1',
        created_at: iso(createdAt),
        expires_at: iso(createdAt + 300_000),
        consumed_at: null,
      });
      const rows = {
        fresh: code('fresh', now - 60_000),
        today: code('today', now - DAY_MS / 2),
        old: code('old', now - DAY_MS - 60_000),
        older: code('older', now - 3 * DAY_MS),
      };
      await db.insertInto('verify_codes').values(Object.values(rows)).execute();

      expect(await purgeOldVerifyCodes(db, now)).toBeGreaterThanOrEqual(2);
      const left = new Set(
        (await db.selectFrom('verify_codes').select('code_hash').where('phone', '=', phone).execute()).map(
          (r) => r.code_hash,
        ),
      );
      expect([...left].sort()).toEqual([rows.fresh.code_hash, rows.today.code_hash].sort());
    });
  });
});
