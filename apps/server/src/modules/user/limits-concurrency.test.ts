import { describe, expect, it } from 'vitest';
import type { InvalidResult } from '@mathbridge/contracts/api';
import {
  LOGIN_FAIL_MAX,
  VERIFY_CODE_DAILY_MAX_PER_PHONE,
  VERIFY_CODE_HOURLY_MAX_PER_IP,
  VERIFY_CODE_MAX_ATTEMPTS,
} from '@mathbridge/contracts/constants';
import type { TestApp } from '../../test/harness.ts';
import {
  ageCodes,
  call,
  describeApi,
  inParallel,
  latestCode,
  newPhone,
  registerUser,
  settledValues,
  testRedisUrl,
  useTestApp,
  type Reply,
} from '../../test/harness.ts';
import { countOf, newIp, requestCode, signIn } from './user.fixtures.ts';

/**
 * Issue 9 points 1, 2, 6 and 7: limits on sign-in, verification codes and password checks hold
 * when the requests arrive at once (DESIGN §8: reserve before acting, in one atomic step), with the
 * limits in the database (SQLite or PostgreSQL, by project) and in Redis.
 */

const fieldCode = (reply: Reply) => (reply.result as InvalidResult | null)?.errors?.[0]?.code;

/** Sign-ins that ran the password check: a wrong password answers the field error `loginFailed`. */
const checkedLogins = (replies: Reply[]) => countOf(replies, (r) => fieldCode(r) === 'loginFailed');

async function codeRow(t: TestApp, phone: string) {
  return t.ctx.db
    .selectFrom('verify_codes')
    .select(['attempts', 'consumed_at'])
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Four digits that are not `code`, a different guess for each `i`. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0');

/**
 * 40 parallel wrong guesses at the code just sent to `phone`, through `path` (a sign-up or a
 * password reset): each is refused, exactly VERIFY_CODE_MAX_ATTEMPTS of them are counted, and
 * then the right code is refused as well.
 */
async function expectGuessesUseUpCode(t: TestApp, path: string, phone: string, password: string) {
  const code = await latestCode(t.app, phone);
  const replies = settledValues(
    await inParallel(40, (i) =>
      call(t.app, 'POST', path, { phone, code: wrongCode(code, i), password }, { ip: newIp() }),
    ),
  );
  expect(replies.every((r) => fieldCode(r) === 'codeInvalid')).toBe(true);
  expect((await codeRow(t, phone)).attempts).toBe(VERIFY_CODE_MAX_ATTEMPTS);
  const right = await call(t.app, 'POST', path, { phone, code, password }, { ip: newIp() });
  expect(fieldCode(right)).toBe('codeInvalid');
}

const LOGIN_FAILS_PER_IP = 20;

const redisUrl = testRedisUrl();
if (!redisUrl)
  console.warn('\n*** TEST_REDIS_URL is not set; the Redis variant of limits-concurrency is SKIPPED ***\n');

const BACKENDS: { name: string; env: Record<string, string> | undefined }[] = [
  { name: 'limits in the database', env: {} },
  { name: 'limits in Redis', env: redisUrl ? { REDIS_URL: redisUrl } : undefined },
];

for (const backend of BACKENDS) {
  const suite = backend.env ? describeApi : describe.skip;

  suite(`limits under parallel requests (${backend.name})`, () => {
    const t = useTestApp({ ...backend.env, LOGIN_FAILURES_PER_IP_HOUR: String(LOGIN_FAILS_PER_IP) });

    describe('sign-in', () => {
      it('200 parallel wrong passwords for one phone: exactly 5 are checked, and the right one inside the burst does not get in', async () => {
        const user = await registerUser(t().app, { ip: newIp() });
        const RIGHT = 150;
        const replies = settledValues(
          await inParallel(200, (i) =>
            signIn(
              t().app,
              { phone: user.phone, password: i === RIGHT ? user.password : 'wrong-pass' },
              { ip: newIp() },
            ),
          ),
        );
        expect({
          checked: checkedLogins(replies),
          locked: countOf(replies, (r) => r.status === 429),
          right: replies[RIGHT]?.status,
        }).toEqual({ checked: LOGIN_FAIL_MAX, locked: 200 - LOGIN_FAIL_MAX, right: 429 });

        const after = await signIn(t().app, user, { ip: newIp(), locale: 'en-US' });
        expect(after.status).toBe(429);
        expect(after.message).toBe('Too many failed sign-ins; try again in 15 minutes');
      });

      it(`checks at most ${LOGIN_FAILS_PER_IP} failed sign-ins per IP address (LOGIN_FAILURES_PER_IP_HOUR), whichever phones they name`, async () => {
        const ip = newIp();
        const replies = settledValues(
          await inParallel(60, () => signIn(t().app, { phone: newPhone(), password: 'wrong-pass' }, { ip })),
        );
        expect({
          checked: checkedLogins(replies),
          limited: countOf(replies, (r) => r.status === 429),
        }).toEqual({ checked: LOGIN_FAILS_PER_IP, limited: 60 - LOGIN_FAILS_PER_IP });
      });

      it('a sign-in that succeeds gives its reservation back: many people behind one address sign in', async () => {
        const ip = newIp();
        const user = await registerUser(t().app, { ip: newIp() });
        for (let i = 0; i < LOGIN_FAILS_PER_IP + 3; i += 1) {
          expect((await signIn(t().app, user, { ip })).status).toBe(200);
        }
      });
    });

    describe('verification codes', () => {
      it('30 parallel code requests for one phone send exactly one code', async () => {
        const phone = newPhone();
        const replies = settledValues(
          await inParallel(30, () => requestCode(t().app, phone, 'register', { ip: newIp() })),
        );
        const outbox = await t()
          .ctx.db.selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('recipient', '=', phone)
          .executeTakeFirstOrThrow();
        expect({
          sent: countOf(replies, (r) => r.status === 200),
          waiting: countOf(replies, (r) => r.status === 429),
          outbox: Number(outbox.n),
        }).toEqual({ sent: 1, waiting: 29, outbox: 1 });
      });

      it('never sends more than 10 codes a day to one phone, in bursts after each resend wait', async () => {
        const phone = newPhone();
        let sent = 0;
        let mostInOneBurst = 0;
        let last: Reply[] = [];
        for (let round = 0; round < VERIFY_CODE_DAILY_MAX_PER_PHONE + 2; round += 1) {
          last = settledValues(await inParallel(10, () => requestCode(t().app, phone, 'register', { ip: newIp() })));
          const ok = countOf(last, (r) => r.status === 200);
          sent += ok;
          mostInOneBurst = Math.max(mostInOneBurst, ok);
          await ageCodes(t().ctx, phone, 61);
        }
        expect({ sent, mostInOneBurst }).toEqual({ sent: VERIFY_CODE_DAILY_MAX_PER_PHONE, mostInOneBurst: 1 });
        // Past the daily budget one request of a burst hears so; the others are still inside the resend wait.
        expect(countOf(last, (r) => r.message === '该手机号今日获取验证码次数过多，请明天再试')).toBeGreaterThan(0);
      });

      it('40 parallel wrong guesses at a sign-up code: exactly 5 are checked, then the right code is refused', async () => {
        const phone = newPhone();
        await requestCode(t().app, phone, 'register', { ip: newIp() });
        await expectGuessesUseUpCode(t(), 'user/register', phone, 'secret-pass');
      });

      it('40 parallel wrong guesses at a reset code (doConfirm): exactly 5 are checked, the right code is then refused, the password stays', async () => {
        const user = await registerUser(t().app, { ip: newIp() });
        await ageCodes(t().ctx, user.phone, 61);
        await requestCode(t().app, user.phone, 'forget', { ip: newIp() });
        await expectGuessesUseUpCode(t(), 'user/doConfirm', user.phone, 'taken-over-1');
        expect((await signIn(t().app, user, { ip: newIp() })).status).toBe(200);
      });
    });

    describe('change_password', () => {
      it('40 parallel wrong current passwords: exactly 5 are checked, then the right one is refused for the window', async () => {
        const user = await registerUser(t().app, { ip: newIp() });
        const replies = settledValues(
          await inParallel(40, () =>
            call(
              t().app,
              'POST',
              'user/change_password',
              { old_password: 'wrong-pass', password: 'taken-over-1' },
              { token: user.token, ip: newIp() },
            ),
          ),
        );
        expect({
          checked: countOf(replies, (r) => fieldCode(r) === 'oldPasswordWrong'),
          limited: countOf(replies, (r) => r.status === 429),
        }).toEqual({ checked: LOGIN_FAIL_MAX, limited: 40 - LOGIN_FAIL_MAX });
        const right = await call(
          t().app,
          'POST',
          'user/change_password',
          { old_password: user.password, password: 'taken-over-1' },
          { token: user.token, ip: newIp(), locale: 'en-US' },
        );
        expect(right.status).toBe(429);
        expect(right.message).toBe('Too many wrong current passwords; try again in 15 minutes');
        expect((await signIn(t().app, user, { ip: newIp() })).status).toBe(200);
      });
    });

    describe('phone enumeration', () => {
      it(`a burst of lookups from one address learns about at most ${VERIFY_CODE_HOURLY_MAX_PER_IP} numbers: the per-IP budget comes first`, async () => {
        const ip = newIp();
        const replies = settledValues(await inParallel(200, () => requestCode(t().app, newPhone(), 'forget', { ip })));
        expect({
          answered: countOf(replies, (r) => r.status !== 429),
          limited: countOf(replies, (r) => r.status === 429),
        }).toEqual({ answered: VERIFY_CODE_HOURLY_MAX_PER_IP, limited: 200 - VERIFY_CODE_HOURLY_MAX_PER_IP });
      });

      it('doConfirm answers an unregistered phone exactly like a registered phone with a wrong code', async () => {
        const user = await registerUser(t().app, { ip: newIp() });
        const registered = await call(
          t().app,
          'POST',
          'user/doConfirm',
          { phone: user.phone, code: '1234', password: 'new-pass-1' },
          { ip: newIp() },
        );
        const unknown = await call(
          t().app,
          'POST',
          'user/doConfirm',
          { phone: newPhone(), code: '1234', password: 'new-pass-1' },
          { ip: newIp() },
        );
        expect(unknown.status).toBe(400);
        expect({ status: unknown.status, message: unknown.message, result: unknown.result }).toEqual({
          status: registered.status,
          message: registered.message,
          result: registered.result,
        });
      });
    });
  });
}
