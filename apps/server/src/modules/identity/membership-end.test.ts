import { beforeAll, expect, it } from 'vitest';
import type { MemberClaim } from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AuditLogEntry } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, submitFor, type TestUser } from './identity.fixtures.ts';

/** Leaving an organisation and removing a member (issue 8): `org/leave`, `org/removeMember`. */
describeApi('a membership ends: the member leaves, or the owner removes them', () => {
  const t = useTestApp();
  const app = () => t().app;
  let admin: TestUser;
  let owner: Awaited<ReturnType<typeof certifiedUser>>;
  let otherOwner: Awaited<ReturnType<typeof certifiedUser>>;
  beforeAll(async () => {
    admin = await signInAdmin(t());
    owner = await certifiedUser(app(), admin, 'ResearchInstitute');
    otherOwner = await certifiedUser(app(), admin, 'ResearchInstitute', { name: '另一研究所' });
  });

  const post = <T = unknown>(user: { token: string }, path: string, body: Record<string, unknown>) =>
    call<T>(app(), 'POST', path, body as never, { token: user.token, locale: 'en-US' });
  const rowOf = async (userId: number) =>
    (
      await call<Page<MemberClaim>>(app(), 'GET', 'org/getUserAuth', { page_size: 100 }, { token: owner.token })
    ).result.items.find((row) => row.user.id === userId);

  /** A specialist whose claim on the owner's institute was approved. */
  async function member(): Promise<TestUser & { membershipId: number }> {
    const user = await newUser(app());
    await submitFor(app(), user, 'Specialist', { institution: undefined, institution_org_id: owner.orgId });
    const claim = await rowOf(user.id);
    if (!claim) throw new Error('claim missing');
    expect((await post(owner, 'org/userAuth', { id: claim.id, approve: 1 })).status).toBe(200);
    return { ...user, membershipId: claim.id };
  }
  const logs = async (action: string) =>
    (await call<Page<AuditLogEntry>>(app(), 'GET', 'sys/getLogs', { action }, { token: admin.token })).result.items;

  it('should require authentication', async () => {
    expect((await call(app(), 'POST', 'org/leave', { org_id: 1 })).status).toBe(305);
    expect((await call(app(), 'POST', 'org/removeMember', { id: 1 })).status).toBe(305);
  });

  it('a member leaves once: the row says left, the audit log says so, a second leave is 409', async () => {
    const person = await member();
    expect((await post(person, 'org/leave', { org_id: owner.orgId })).status).toBe(200);
    expect(await rowOf(person.id)).toMatchObject({ id: person.membershipId, status: 4, status_name: 'left' });
    expect((await logs('member.leave')).some((row) => Number(row.target_id) === person.membershipId)).toBe(true);
    expect((await post(person, 'org/leave', { org_id: owner.orgId })).status).toBe(409);
  });

  it('leaving an organisation one never belonged to is 404, and a pending claim is no membership (409)', async () => {
    const stranger = await newUser(app());
    expect((await post(stranger, 'org/leave', { org_id: owner.orgId })).status).toBe(404);
    expect((await post(owner, 'org/leave', { org_id: 999999 })).status).toBe(404);
    const claimant = await newUser(app());
    await submitFor(app(), claimant, 'Specialist', { institution: undefined, institution_org_id: owner.orgId });
    expect((await post(claimant, 'org/leave', { org_id: owner.orgId })).status).toBe(409);
    expect((await rowOf(claimant.id))?.status).toBe(0);
  });

  it('the owner removes a member; another owner, the member and a stranger cannot (304); twice is 409', async () => {
    const person = await member();
    const stranger = await newUser(app());
    for (const user of [otherOwner, person])
      expect((await post(user, 'org/removeMember', { id: person.membershipId })).status).toBe(304);
    expect((await post(stranger, 'org/removeMember', { id: person.membershipId })).status).toBe(304);
    expect((await rowOf(person.id))?.status).toBe(1);

    const removed = await post<MemberClaim>(owner, 'org/removeMember', { id: person.membershipId });
    expect(removed.status).toBe(200);
    expect(removed.result).toMatchObject({ status: 5, status_name: 'removed' });
    expect((await logs('member.remove')).some((row) => Number(row.target_id) === person.membershipId)).toBe(true);
    expect((await post(owner, 'org/removeMember', { id: person.membershipId })).status).toBe(409);
    expect((await post(person, 'org/leave', { org_id: owner.orgId })).status).toBe(409);
    expect((await post(owner, 'org/removeMember', { id: 999999 })).status).toBe(404);
  });

  it('a pending claim cannot be removed (409): it is declined, not removed', async () => {
    const claimant = await newUser(app());
    await submitFor(app(), claimant, 'Specialist', { institution: undefined, institution_org_id: owner.orgId });
    const claim = await rowOf(claimant.id);
    expect((await post(owner, 'org/removeMember', { id: claim?.id ?? 0 })).status).toBe(409);
  });

  it('racing leaves and removals of one member end the membership exactly once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const person = await member();
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? post(person, 'org/leave', { org_id: owner.orgId })
            : post(owner, 'org/removeMember', { id: person.membershipId }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(29);
      const row = await rowOf(person.id);
      const winner = replies.findIndex((r) => r.status === 200);
      expect(row?.status).toBe(winner % 2 === 0 ? 4 : 5);
      const audit = [...(await logs('member.leave')), ...(await logs('member.remove'))];
      expect(audit.filter((entry) => Number(entry.target_id) === person.membershipId)).toHaveLength(1);
    }
  });
});
