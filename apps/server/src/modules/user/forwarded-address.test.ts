import { expect, it } from 'vitest';
import { VERIFY_CODE_HOURLY_MAX_PER_IP } from '@mathbridge/contracts/constants';
import type { TestApp } from '../../test/harness.ts';
import { describeApi, inParallel, newPhone, registerUser, settledValues, useTestApp } from '../../test/harness.ts';
import { countOf, newIp, requestCode, signIn } from './user.fixtures.ts';

/**
 * Issue 9 point 7: with a reverse proxy in front, the client's address is the one the trusted
 * proxies saw (TRUST_PROXY: a number of hops, or proxy addresses/CIDRs), never an X-Forwarded-For
 * entry the client wrote itself: per-IP limits and the audit log depend on it.
 */

/**
 * Registers a user, signs them in over a connection from `peer` carrying `forwardedFor`, and
 * answers the address the audit log recorded for that sign-in.
 */
async function auditedSignInIp(t: TestApp, peer: string, forwardedFor: string) {
  const user = await registerUser(t.app, { ip: newIp() });
  const login = await signIn(t.app, user, { ip: peer, headers: { 'x-forwarded-for': forwardedFor } });
  expect(login.status).toBe(200);
  const row = await t.ctx.db
    .selectFrom('audit_logs')
    .innerJoin('users', 'users.id', 'audit_logs.actor_id')
    .select('audit_logs.ip')
    .where('users.phone', '=', user.phone)
    .where('audit_logs.action', '=', 'user.login')
    .orderBy('audit_logs.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.ip;
}

describeApi('forwarded addresses: TRUST_PROXY=1 trusts one hop, our proxy', () => {
  const t = useTestApp({ TRUST_PROXY: '1' });
  const PROXY = '127.0.0.1';

  it('keys the per-IP budget by the address the proxy appended, whatever the client wrote before it', async () => {
    const client = newIp();
    const replies = settledValues(
      await inParallel(VERIFY_CODE_HOURLY_MAX_PER_IP + 5, () =>
        requestCode(t().app, newPhone(), 'register', {
          ip: PROXY,
          headers: { 'x-forwarded-for': `${newIp()}, ${newIp()}, ${client}` },
        }),
      ),
    );
    expect({
      sent: countOf(replies, (r) => r.status === 200),
      limited: countOf(replies, (r) => r.status === 429),
    }).toEqual({ sent: VERIFY_CODE_HOURLY_MAX_PER_IP, limited: 5 });
  });

  it('writes that address, not a forged one, into the audit log', async () => {
    const client = newIp();
    expect(await auditedSignInIp(t(), PROXY, `6.6.6.6, 7.7.7.7, ${client}`)).toBe(client);
  });
});

describeApi('forwarded addresses: TRUST_PROXY=10.0.0.0/8,127.0.0.1 trusts those proxies', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });

  it('takes the first address from the right that is not a trusted proxy', async () => {
    expect(await auditedSignInIp(t(), '127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    expect(await auditedSignInIp(t(), '198.51.100.7', '10.9.9.9')).toBe('198.51.100.7');
  });
});

describeApi('forwarded addresses: without TRUST_PROXY nobody is trusted', () => {
  const t = useTestApp();

  it('records the peer address, whatever X-Forwarded-For says', async () => {
    expect(await auditedSignInIp(t(), '198.51.100.8', '10.9.9.9, 127.0.0.1')).toBe('198.51.100.8');
  });
});
