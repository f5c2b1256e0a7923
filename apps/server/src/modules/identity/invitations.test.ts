import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@mathbridge/contracts/accounts';
import type { AuthInfo } from '@mathbridge/contracts/identity';
import type { AcceptInvitationResult, Invitation, InvitationInfo, MemberClaim } from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, submitFor, type TestUser } from './identity.fixtures.ts';

describeApi('invitations', () => {
  const t = useTestApp();
  let admin: TestUser;
  let owner: Awaited<ReturnType<typeof certifiedUser>>;
  beforeAll(async () => {
    admin = await signInAdmin(t());
    owner = await certifiedUser(t().app, admin, 'Enterprise', { name: '邀请测试有限公司' });
    await call(t().app, 'POST', 'user/update_profile', { truename: '周总' }, { token: owner.token });
  });

  const invite = async (token = owner.token) => call<Invitation>(t().app, 'POST', 'sys/invite', {}, { token });

  it('should require authentication', async () => {
    expect((await call(t().app, 'POST', 'sys/invite', {})).status).toBe(305);
    expect((await call(t().app, 'POST', 'sys/revokeInvite', { id: 'a'.repeat(22) })).status).toBe(305);
    expect((await call(t().app, 'GET', 'sys/invitationList')).status).toBe(305);
    expect((await call(t().app, 'POST', 'sys/acceptInvite', { id: 'a'.repeat(22) })).status).toBe(305);
  });

  it('the owner makes a 7-day link; anyone can see who invites to what', async () => {
    const made = await invite();
    expect(made.status).toBe(200);
    expect(made.result).toMatchObject({
      url: `/invitation/${made.result.id}`,
      org: { id: owner.orgId, name: '邀请测试有限公司' },
      state: 'valid',
      accepted_by: null,
    });
    expect(made.result.id).toMatch(/^[\w-]{22}$/);
    const days = (Date.parse(made.result.expires_at) - Date.parse(made.result.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const info = await call<InvitationInfo>(t().app, 'GET', 'sys/invitationInfo', { id: made.result.id });
    expect(info.result).toMatchObject({
      org: { id: owner.orgId, name: '邀请测试有限公司', type: 'Enterprise' },
      inviter: { name: '周总' },
      state: 'valid',
      message: null,
    });
    expect(await call(t().app, 'GET', 'sys/invitationInfo', { id: 'x'.repeat(22) }, { locale: 'en-US' })).toMatchObject(
      { status: 404, message: 'The invitation link does not exist' },
    );
  });

  it('an inviter without a real name is shown by a masked mobile number, never the whole one', async () => {
    const nameless = await certifiedUser(t().app, admin, 'Enterprise', { name: '无名邀请有限公司' });
    const made = await invite(nameless.token);
    const masked = `${nameless.phone.slice(0, 3)}****${nameless.phone.slice(7)}`;
    const read = async (locale?: 'en-US') => {
      const reply = await t().app.inject({
        method: 'GET',
        url: `/api/sys/invitationInfo?id=${made.result.id}&ignore_sign=1`,
        headers: locale ? { 'accept-language': locale } : {},
      });
      expect(reply.body).not.toContain(nameless.phone);
      return JSON.parse(reply.body) as { status: number; result: InvitationInfo };
    };
    expect((await read()).result.inviter).toEqual({ name: masked });

    // A revoked link names the inviter in its message: masked there too.
    await call(t().app, 'POST', 'sys/revokeInvite', { id: made.result.id }, { token: nameless.token });
    const revoked = await read('en-US');
    expect(revoked.result.state).toBe('revoked');
    expect(revoked.result.message).toContain(masked);
  });

  it('a new user joins by the link: member at once, certified with the organisation’s identity; the link then is used up', async () => {
    const made = await invite();
    const invitee = await newUser(t().app);
    const accepted = await call<AcceptInvitationResult>(
      t().app,
      'POST',
      'sys/acceptInvite',
      { id: made.result.id },
      { token: invitee.token },
    );
    expect(accepted.result).toMatchObject({ org: { id: owner.orgId }, role: 'Enterprise', verify_state: 1 });

    const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: invitee.token });
    expect(profile.result).toMatchObject({ verify_state: 1, roles: [{ roleName: 'Enterprise' }], owned_org: null });
    const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: invitee.token });
    expect(info.result.certification).toMatchObject({ role: 'Enterprise', source: 'invitation', status: 1 });
    expect((await call(t().app, 'GET', 'workflow/dashboard', {}, { token: invitee.token })).result).toMatchObject({
      memberships: [{ org_id: owner.orgId, status: 1 }],
    });
    const members = await call<Page<MemberClaim>>(
      t().app,
      'GET',
      'org/getUserAuth',
      { status: 1 },
      { token: owner.token },
    );
    expect(members.result.items.find((m) => m.user.id === invitee.id)).toMatchObject({
      source: 'invitation',
      status: 1,
    });

    const second = await newUser(t().app);
    const reuse = await call(
      t().app,
      'POST',
      'sys/acceptInvite',
      { id: made.result.id },
      { token: second.token, locale: 'en-US' },
    );
    expect(reuse).toMatchObject({ status: 409, message: 'This invitation has already been used' });
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: second.token })).result.verify_state,
    ).toBeNull();
    const list = await call<Page<Invitation>>(
      t().app,
      'GET',
      'sys/invitationList',
      { status: 'accepted' },
      { token: owner.token },
    );
    expect(list.result.items.find((i) => i.id === made.result.id)).toMatchObject({
      state: 'accepted',
      accepted_by: { id: invitee.id },
    });
  });

  it('a certified specialist who accepts keeps their identity and becomes a member', async () => {
    const specialist = await certifiedUser(t().app, admin, 'Specialist');
    const made = await invite();
    const accepted = await call<AcceptInvitationResult>(
      t().app,
      'POST',
      'sys/acceptInvite',
      { id: made.result.id },
      { token: specialist.token },
    );
    expect(accepted.result).toMatchObject({ role: 'Specialist', verify_state: 1 });
    expect((await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: specialist.token })).result.roles).toEqual(
      [{ roleName: 'Specialist', status: 1 }],
    );
    const again = await invite();
    expect(
      await call(
        t().app,
        'POST',
        'sys/acceptInvite',
        { id: again.result.id },
        { token: specialist.token, locale: 'en-US' },
      ),
    ).toMatchObject({
      status: 409,
      message: 'You are already a member of this organisation',
    });
  });

  it('a revoked link says so clearly and cannot be used; revoking twice answers 409', async () => {
    const made = await invite();
    const revoked = await call<Invitation>(
      t().app,
      'POST',
      'sys/revokeInvite',
      { id: made.result.id },
      { token: owner.token },
    );
    expect(revoked.result.state).toBe('revoked');
    const info = await call<InvitationInfo>(
      t().app,
      'GET',
      'sys/invitationInfo',
      { id: made.result.id },
      { locale: 'zh-CN' },
    );
    expect(info.result).toMatchObject({ state: 'revoked', message: '该邀请已被周总撤销' });
    const invitee = await newUser(t().app);
    const reply = await call(
      t().app,
      'POST',
      'sys/acceptInvite',
      { id: made.result.id },
      { token: invitee.token, locale: 'en-US' },
    );
    expect(reply).toMatchObject({ status: 409, message: '周总 has revoked this invitation' });
    expect((await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: invitee.token })).result).toMatchObject({
      verify_state: null,
      roles: [{ roleName: 'visitors' }],
    });
    expect(
      (await call(t().app, 'POST', 'sys/revokeInvite', { id: made.result.id }, { token: owner.token })).status,
    ).toBe(409);
  });

  it('an expired link (after 7 days) says when it expired and who to ask', async () => {
    const made = await invite();
    await t()
      .ctx.db.updateTable('invitations')
      .set({ expires_at: '2024-03-01T02:00:00.000Z' })
      .where('id', '=', made.result.id)
      .execute();
    const info = await call<InvitationInfo>(
      t().app,
      'GET',
      'sys/invitationInfo',
      { id: made.result.id },
      { locale: 'en-US' },
    );
    expect(info.result).toMatchObject({
      state: 'expired',
      message: 'This invitation expired on 2024-03-01; ask 周总 for a new link',
    });
    const invitee = await newUser(t().app);
    const reply = await call(
      t().app,
      'POST',
      'sys/acceptInvite',
      { id: made.result.id },
      { token: invitee.token, locale: 'zh-HK' },
    );
    expect(reply).toMatchObject({ status: 409, message: '該邀請已於2024-03-01過期，請聯絡周总重新邀請' });
    const expired = await call<Page<Invitation>>(
      t().app,
      'GET',
      'sys/invitationList',
      { status: 'expired' },
      { token: owner.token },
    );
    expect(expired.result.items.map((i) => i.id)).toContain(made.result.id);
  });

  describe('who may invite and accept', () => {
    it('only the owner of a certified organisation (or an admin) invites and revokes', async () => {
      const specialist = await certifiedUser(t().app, admin, 'Specialist');
      expect((await invite(specialist.token)).status).toBe(304);
      const visitor = await newUser(t().app);
      expect((await invite(visitor.token)).status).toBe(304);
      const pendingOwner = await newUser(t().app);
      await submitFor(t().app, pendingOwner, 'Enterprise');
      expect((await invite(pendingOwner.token)).status).toBe(304);
      const otherOwner = await certifiedUser(t().app, admin, 'Enterprise', { name: '别家公司' });
      expect(
        (await call(t().app, 'POST', 'sys/invite', { org_id: owner.orgId }, { token: otherOwner.token })).status,
      ).toBe(304);

      const made = await invite();
      expect(
        (await call(t().app, 'POST', 'sys/revokeInvite', { id: made.result.id }, { token: otherOwner.token })).status,
      ).toBe(304);
      expect(
        (await call<InvitationInfo>(t().app, 'GET', 'sys/invitationInfo', { id: made.result.id })).result.state,
      ).toBe('valid');

      const byAdmin = await call<Invitation>(
        t().app,
        'POST',
        'sys/invite',
        { org_id: owner.orgId },
        { token: admin.token },
      );
      expect(byAdmin.result.org.id).toBe(owner.orgId);
      expect(
        (await call(t().app, 'POST', 'sys/revokeInvite', { id: byAdmin.result.id }, { token: admin.token })).status,
      ).toBe(200);
    });

    it('refuses the owner’s own acceptance and an invitee whose certification is under review', async () => {
      const made = await invite();
      expect(
        await call(
          t().app,
          'POST',
          'sys/acceptInvite',
          { id: made.result.id },
          { token: owner.token, locale: 'en-US' },
        ),
      ).toMatchObject({
        status: 409,
        message: 'You created this organisation; there is nothing to join',
      });
      const applicant = await newUser(t().app);
      await submitFor(t().app, applicant, 'Student');
      expect(
        (await call(t().app, 'POST', 'sys/acceptInvite', { id: made.result.id }, { token: applicant.token })).status,
      ).toBe(409);
      expect(
        (await call<InvitationInfo>(t().app, 'GET', 'sys/invitationInfo', { id: made.result.id })).result.state,
      ).toBe('valid');
    });

    it('settles a pending membership claim on the same organisation', async () => {
      const institute = await certifiedUser(t().app, admin, 'ResearchInstitute', { name: '认领测试研究所' });
      const made = await call<Invitation>(t().app, 'POST', 'sys/invite', {}, { token: institute.token });
      const specialist = await newUser(t().app);
      const request = await submitFor(t().app, specialist, 'Specialist', {
        institution: undefined,
        institution_org_id: institute.orgId,
      });
      await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token });
      expect(
        (await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: institute.token })).result
          .count,
      ).toBe(1);
      const accepted = await call<AcceptInvitationResult>(
        t().app,
        'POST',
        'sys/acceptInvite',
        { id: made.result.id },
        { token: specialist.token },
      );
      expect(accepted.status).toBe(200);
      const claims = await call<Page<MemberClaim>>(t().app, 'GET', 'org/getUserAuth', {}, { token: institute.token });
      expect(claims.result.items).toEqual([
        expect.objectContaining({ id: accepted.result.membership_id, source: 'claim', status: 1 }),
      ]);
      expect(
        (await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: institute.token })).result
          .count,
      ).toBe(0);
    });
  });
});
