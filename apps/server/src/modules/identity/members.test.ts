import { beforeAll, expect, it } from 'vitest';
import type { Profile } from '@mathbridge/contracts/accounts';
import type { AuthInfo } from '@mathbridge/contracts/identity';
import type { MemberClaim, OrganisationProfile } from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, submitFor, type TestUser } from './identity.fixtures.ts';

describeApi('organisation members', () => {
  const t = useTestApp();
  let admin: TestUser;
  let owner: Awaited<ReturnType<typeof certifiedUser>>;
  let otherOwner: Awaited<ReturnType<typeof certifiedUser>>;
  beforeAll(async () => {
    admin = await signInAdmin(t());
    owner = await certifiedUser(t().app, admin, 'ResearchInstitute');
    otherOwner = await certifiedUser(t().app, admin, 'ResearchInstitute', { name: '另一研究所' });
  });

  it('a specialist naming a platform institution files a claim its owner finds in the to-do list', async () => {
    const specialist = await newUser(t().app);
    await submitFor(t().app, specialist, 'Specialist', {
      institution: undefined,
      institution_org_id: owner.orgId,
      truename: '华罗庚',
      employeeNumber: 'E-007',
    });

    const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: owner.token });
    expect(profile.result).toMatchObject({ owned_org: { id: owner.orgId }, verification_approve: true });
    const todos = await call<Page<TodoItem>>(t().app, 'GET', 'workflow/todoList', {}, { token: owner.token });
    expect(todos.result.items).toEqual([
      expect.objectContaining({
        kind: 'memberReview',
        title: '华罗庚申请以专家身份加入北京应用数学研究所',
        target_type: 'member_claim',
      }),
    ]);

    const claims = await call<Page<MemberClaim>>(
      t().app,
      'GET',
      'org/getUserAuth',
      { status: 0 },
      { token: owner.token },
    );
    expect(claims.result.total).toBe(1);
    expect(claims.result.items[0]).toMatchObject({
      org_id: owner.orgId,
      user: { id: specialist.id },
      role: 'Specialist',
      source: 'claim',
      status: 0,
      details: { truename: '华罗庚', position: '教授', employeeNumber: 'E-007', degree: 'doctor' },
    });
    expect(claims.result.items[0]?.details).not.toHaveProperty('idNumber');
    const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: specialist.token });
    expect(info.result.certification?.member_claim).toMatchObject({
      org_id: owner.orgId,
      status: 0,
      org_name: '北京应用数学研究所',
    });
  });

  it('the owner approves a claim once; a second decision answers 409 and changes nothing', async () => {
    const specialist = await newUser(t().app);
    await submitFor(t().app, specialist, 'Specialist', { institution: undefined, institution_org_id: owner.orgId });
    const claim = (
      await call<Page<MemberClaim>>(t().app, 'GET', 'org/getUserAuth', { status: 0 }, { token: owner.token })
    ).result.items.find((c) => c.user.id === specialist.id);
    if (!claim) throw new Error('claim missing');

    const approved = await call<MemberClaim>(
      t().app,
      'POST',
      'org/userAuth',
      { id: claim.id, approve: 1 },
      { token: owner.token },
    );
    expect(approved.result).toMatchObject({ id: claim.id, status: 1, status_name: 'approved' });
    const again = await call(
      t().app,
      'POST',
      'org/userAuth',
      { id: claim.id, approve: 0, reason: '不是本单位' },
      { token: owner.token, locale: 'en-US' },
    );
    expect(again).toMatchObject({ status: 409, message: 'This membership request has already been handled' });
    const members = await call<Page<MemberClaim>>(
      t().app,
      'GET',
      'org/getUserAuth',
      { status: 1 },
      { token: owner.token },
    );
    expect(members.result.items.map((m) => m.id)).toContain(claim.id);
    expect(
      (await call<OrganisationProfile>(t().app, 'GET', `org/detail/${owner.orgId}`)).result.member_count,
    ).toBeGreaterThanOrEqual(1);
  });

  it('a rejection needs a reason the claimant can read', async () => {
    const student = await newUser(t().app);
    await submitFor(t().app, student, 'Student', { institution: undefined, institution_org_id: owner.orgId });
    const claim = (
      await call<Page<MemberClaim>>(t().app, 'GET', 'org/getUserAuth', { status: 0 }, { token: owner.token })
    ).result.items.find((c) => c.user.id === student.id);
    expect(claim).toMatchObject({ role: 'Student', details: { studentNumber: '2024001', supervisor: '李明' } });
    expect(
      (await call(t().app, 'POST', 'org/userAuth', { id: claim?.id, approve: 0 }, { token: owner.token })).status,
    ).toBe(400);
    const rejected = await call<MemberClaim>(
      t().app,
      'POST',
      'org/userAuth',
      { id: claim?.id, approve: 0, reason: '查无此人' },
      { token: owner.token },
    );
    expect(rejected.result).toMatchObject({ status: 2, reason: '查无此人' });
    const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: student.token });
    expect(info.result.certification?.member_claim).toMatchObject({ status: 2, status_name: 'rejected' });
  });

  it('an owner cannot see or decide another organisation’s claims (304); a user without an organisation neither', async () => {
    const specialist = await newUser(t().app);
    await submitFor(t().app, specialist, 'Specialist', { institution: undefined, institution_org_id: owner.orgId });
    const claim = (
      await call<Page<MemberClaim>>(t().app, 'GET', 'org/getUserAuth', { status: 0 }, { token: owner.token })
    ).result.items.find((c) => c.user.id === specialist.id);

    expect(
      (await call(t().app, 'POST', 'org/userAuth', { id: claim?.id, approve: 1 }, { token: otherOwner.token })).status,
    ).toBe(304);
    expect(
      (await call(t().app, 'GET', 'org/getUserAuth', { org_id: owner.orgId }, { token: otherOwner.token })).status,
    ).toBe(304);
    const others = await call<Page<MemberClaim>>(t().app, 'GET', 'org/getUserAuth', {}, { token: otherOwner.token });
    expect(others.result.items.some((c) => c.id === claim?.id)).toBe(false);

    const certifiedSpecialist = await certifiedUser(t().app, admin, 'Specialist');
    expect(
      (await call(t().app, 'POST', 'org/userAuth', { id: claim?.id, approve: 1 }, { token: certifiedSpecialist.token }))
        .status,
    ).toBe(304);
    expect((await call(t().app, 'GET', 'org/getUserAuth', {}, { token: certifiedSpecialist.token })).status).toBe(304);
    // The claimant cannot approve their own claim: they are not certified yet (304).
    expect(
      (await call(t().app, 'POST', 'org/userAuth', { id: claim?.id, approve: 1 }, { token: specialist.token })).status,
    ).toBe(304);
    const still = await call<Page<MemberClaim>>(
      t().app,
      'GET',
      'org/getUserAuth',
      { status: 0 },
      { token: owner.token },
    );
    expect(still.result.items.find((c) => c.id === claim?.id)).toMatchObject({ status: 0 });
    // Admins may act on any organisation's claims.
    expect(
      (await call(t().app, 'GET', 'org/getUserAuth', { org_id: owner.orgId }, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await call(t().app, 'POST', 'org/userAuth', { id: 999999, approve: 1 }, { token: owner.token })).status,
    ).toBe(404);
  });

  it('withdrawing the certification withdraws its claim and the owner’s to-do', async () => {
    const specialist = await newUser(t().app);
    await submitFor(t().app, specialist, 'Specialist', {
      institution: undefined,
      institution_org_id: otherOwner.orgId,
    });
    const before = await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: otherOwner.token });
    expect(before.result.count).toBe(1);
    await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: specialist.token });
    expect(
      (await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: otherOwner.token })).result
        .count,
    ).toBe(0);
    const claims = await call<Page<MemberClaim>>(
      t().app,
      'GET',
      'org/getUserAuth',
      { status: 3 },
      { token: otherOwner.token },
    );
    expect(claims.result.items.map((c) => c.user.id)).toContain(specialist.id);
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: otherOwner.token })).result
        .verification_approve,
    ).toBe(false);
  });

  it('a rejected claimant who changes identity takes back the claim', async () => {
    const specialist = await newUser(t().app);
    const request = await submitFor(t().app, specialist, 'Specialist', {
      institution: undefined,
      institution_org_id: otherOwner.orgId,
    });
    await call(
      t().app,
      'POST',
      'workflow/approveAuth',
      { id: request.id, approve: 0, reason: '证书缺失' },
      { token: admin.token },
    );
    expect(
      (await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: otherOwner.token })).result
        .count,
    ).toBe(1);
    await call(t().app, 'POST', 'user/roleSelect', { role: 'Student' }, { token: specialist.token });
    expect(
      (await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: otherOwner.token })).result
        .count,
    ).toBe(0);
  });
});
