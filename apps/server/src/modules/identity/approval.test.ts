import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@mathbridge/contracts/accounts';
import type { CertificationDetail, CertificationSummary } from '@mathbridge/contracts/identity';
import type { Page } from '@mathbridge/contracts/pagination';
import type { AuditLogEntry, TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { certifiedUser, newUser, signInAdmin, submitFor, type TestUser } from './identity.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('certification review', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signInAdmin(t());
  });

  it('should require authentication', async () => {
    expect((await call(t().app, 'GET', 'workflow/auth2ApproveList')).status).toBe(305);
    expect((await call(t().app, 'GET', 'workflow/authDetail', { id: 1 })).status).toBe(305);
    expect((await call(t().app, 'POST', 'workflow/approveAuth', { id: 1, approve: 1 })).status).toBe(305);
    expect((await call(t().app, 'GET', 'workflow/todoList')).status).toBe(305);
    expect((await call(t().app, 'GET', 'workflow/todoCount')).status).toBe(305);
  });

  it('only admins list and decide requests: anyone else gets 304, certified or not', async () => {
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'Enterprise');
    const certified = await certifiedUser(t().app, admin, 'Specialist');
    for (const user of [applicant, certified]) {
      expect((await call(t().app, 'GET', 'workflow/auth2ApproveList', {}, { token: user.token })).status).toBe(304);
      expect(
        (await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: user.token }))
          .status,
      ).toBe(304);
    }
    // The applicant cannot approve their own request either, and nothing changed.
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result.verify_state,
    ).toBe(0);
  });

  it('lists requests newest first with status, identity, keyword and date filters, paginated', async () => {
    const a = await newUser(t().app);
    const enterprise = await submitFor(t().app, a, 'Enterprise', { name: '宁波海曙过滤测试有限公司' });
    const b = await newUser(t().app);
    const student = await submitFor(t().app, b, 'Student', { truename: '过滤测试学生' });

    const all = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: '过滤测试' },
      { token: admin.token },
    );
    expect(all.result).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(all.result.items.map((i) => i.id)).toEqual([student.id, enterprise.id]);
    expect(all.result.items[1]).toMatchObject({
      role: 'Enterprise',
      status: 0,
      status_name: 'pending',
      user: { id: a.id, phone: a.phone },
    });

    const byRole = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveListV2',
      { keyword: '过滤测试', role: 'Student' },
      { token: admin.token },
    );
    expect(byRole.result.items.map((i) => i.id)).toEqual([student.id]);
    const byPhone = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: a.phone.slice(0, 9) },
      { token: admin.token },
    );
    expect(byPhone.result.items.map((i) => i.id)).toContain(enterprise.id);
    const paged = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: '过滤测试', page: 2, page_size: 1 },
      { token: admin.token },
    );
    expect(paged.result).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.result.items.map((i) => i.id)).toEqual([enterprise.id]);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const inRange = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: '过滤测试', date_from: today, date_to: today },
      { token: admin.token },
    );
    expect(inRange.result.total).toBe(2);
    const before = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: '过滤测试', date_to: '2020-01-01' },
      { token: admin.token },
    );
    expect(before.result.total).toBe(0);

    await call(t().app, 'POST', 'workflow/approveAuth', { id: student.id, approve: 1 }, { token: admin.token });
    const pending = await call<Page<CertificationSummary>>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { keyword: '过滤测试', status: 0 },
      { token: admin.token },
    );
    expect(pending.result.items.map((i) => i.id)).toEqual([enterprise.id]);

    const bad = await call<Errors>(
      t().app,
      'GET',
      'workflow/auth2ApproveList',
      { status: 7, role: 'Admin', date_from: '2024-13-01', page_size: 1000 },
      { token: admin.token, locale: 'en-US' },
    );
    expect(bad.result.errors.map((e) => e.field).sort()).toEqual(['date_from', 'page_size', 'role', 'status']);
  });

  it('shows a request to its applicant and to admins, not to another user (304)', async () => {
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'Specialist');
    const own = await call<CertificationDetail>(
      t().app,
      'GET',
      'workflow/authDetail',
      { id: request.id },
      { token: applicant.token },
    );
    expect(own.result).toMatchObject({
      id: request.id,
      role: 'Specialist',
      data: { truename: '李明', degree: 'doctor' },
    });
    expect(own.result.files).toHaveLength(1);

    const other = await certifiedUser(t().app, admin, 'Specialist');
    expect((await call(t().app, 'GET', 'workflow/authDetail', { id: request.id }, { token: other.token })).status).toBe(
      304,
    );
    expect(
      (await call(t().app, 'GET', 'workflow/authDetailV2', { id: request.id }, { token: other.token })).status,
    ).toBe(304);

    const review = await call<CertificationDetail>(
      t().app,
      'GET',
      'workflow/authDetailV2',
      { id: request.id },
      { token: admin.token },
    );
    expect(review.result.data).toMatchObject({ idNumber: expect.stringMatching(/^\d{17}[\dX]$/) });
    const logs = await call<Page<AuditLogEntry>>(
      t().app,
      'GET',
      'sys/getLogs',
      { action: 'certification.view', actor_id: admin.id },
      { token: admin.token },
    );
    expect(logs.result.items.map((l) => l.target_id)).toContain(String(request.id));
    expect((await call(t().app, 'GET', 'workflow/authDetail', { id: 999999 }, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('approving certifies the user and the organisation, closes the to-do, and a second decision answers 409 changing nothing', async () => {
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'Enterprise');
    const approved = await call<CertificationSummary>(
      t().app,
      'POST',
      'workflow/approveAuth',
      { id: request.id, approve: 1 },
      { token: admin.token },
    );
    expect(approved.result).toMatchObject({ id: request.id, status: 1, status_name: 'approved', reason: null });
    expect(approved.result.reviewed_at).toEqual(expect.any(String));
    const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token });
    expect(profile.result).toMatchObject({ verify_state: 1, owned_org: { id: request.org_id } });
    const org = await call(t().app, 'GET', `org/detail/${request.org_id}`);
    expect(org.result).toMatchObject({ status: 1, status_name: 'approved' });

    const twice = await call(
      t().app,
      'POST',
      'workflow/approveAuthV2',
      { id: request.id, approve: 0, reason: '再审' },
      { token: admin.token, locale: 'en-US' },
    );
    expect(twice).toMatchObject({ status: 409, message: 'This certification request has already been reviewed' });
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result.verify_state,
    ).toBe(1);
    const detail = await call<CertificationDetail>(
      t().app,
      'GET',
      'workflow/authDetail',
      { id: request.id },
      { token: admin.token },
    );
    expect(detail.result).toMatchObject({ status: 1, reason: null, reviewer: { id: admin.id } });
  });

  it('rejecting needs a reason; the applicant reads it; approving a rejected request answers 409', async () => {
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'ResearchInstitute');
    const noReason = await call<Errors>(
      t().app,
      'POST',
      'workflow/approveAuth',
      { id: request.id, approve: 0 },
      { token: admin.token, locale: 'zh-HK' },
    );
    expect(noReason.result).toEqual({ errors: [{ field: 'reason', code: 'required', message: '請填寫' }] });
    const rejected = await call<CertificationSummary>(
      t().app,
      'POST',
      'workflow/approveAuth',
      { id: request.id, approve: 0, reason: '机构代码与证书不符' },
      { token: admin.token },
    );
    expect(rejected.result).toMatchObject({ status: 2, status_name: 'rejected', reason: '机构代码与证书不符' });
    const own = await call<CertificationDetail>(
      t().app,
      'GET',
      'workflow/authDetail',
      { id: request.id },
      { token: applicant.token },
    );
    expect(own.result.reason).toBe('机构代码与证书不符');
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result.verify_state,
    ).toBe(2);
    expect(
      (await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token }))
        .status,
    ).toBe(409);
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result.verify_state,
    ).toBe(2);
    // A rejected organisation is not public.
    expect((await call(t().app, 'GET', `org/detail/${request.org_id}`)).status).toBe(304);
  });

  it('approving a withdrawn request answers 409 and changes nothing', async () => {
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'Enterprise');
    await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: applicant.token });
    const reply = await call(
      t().app,
      'POST',
      'workflow/approveAuth',
      { id: request.id, approve: 1 },
      { token: admin.token, locale: 'en-US' },
    );
    expect(reply).toMatchObject({ status: 409, message: 'The applicant has withdrawn this certification request' });
    expect(
      (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result.verify_state,
    ).toBe(-1);
    expect(
      (await call(t().app, 'GET', `org/detail/${request.org_id}`, {}, { token: admin.token })).result,
    ).toMatchObject({ status: 3 });
    expect(
      (await call(t().app, 'POST', 'workflow/approveAuth', { id: 999999, approve: 1 }, { token: admin.token })).status,
    ).toBe(404);
  });

  it('two admins deciding at once: one wins, the other gets 409', async () => {
    const second = await signInAdmin(t());
    const applicant = await newUser(t().app);
    const request = await submitFor(t().app, applicant, 'Student');
    const replies = await Promise.all([
      call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token }),
      call(
        t().app,
        'POST',
        'workflow/approveAuth',
        { id: request.id, approve: 0, reason: '不符' },
        { token: second.token },
      ),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const state = (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: applicant.token })).result
      .verify_state;
    expect(state).toBe(replies[0]?.status === 200 ? 1 : 2);
  });

  describe('to-dos', () => {
    it('admins find each pending request in their to-do list, titled in their language, until someone decides it', async () => {
      const reader = await signInAdmin(t());
      const applicant = await newUser(t().app);
      const request = await submitFor(t().app, applicant, 'Enterprise', { name: '待办测试有限公司' });

      const count = await call<{ count: number }>(t().app, 'GET', 'workflow/todoCount', {}, { token: reader.token });
      expect(count.result.count).toBeGreaterThan(0);
      const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: reader.token });
      expect(profile.result.verification_approve).toBe(true);

      const list = await call<Page<TodoItem>>(
        t().app,
        'GET',
        'workflow/todoList',
        {},
        { token: reader.token, locale: 'en-US' },
      );
      const item = list.result.items.find((i) => i.target_type === 'certification' && i.target_id === request.id);
      expect(item).toMatchObject({
        kind: 'certificationReview',
        state: 'open',
        title: '待办测试有限公司 applied for Enterprise certification',
      });
      const zh = await call<Page<TodoItem>>(
        t().app,
        'GET',
        'workflow/todoList',
        { page_size: 100 },
        { token: reader.token, locale: 'zh-HK' },
      );
      expect(zh.result.items.find((i) => i.target_id === request.id)?.title).toBe('待办测试有限公司提交了企業認證申請');

      await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token });
      const after = await call<Page<TodoItem>>(
        t().app,
        'GET',
        'workflow/todoList',
        { page_size: 100 },
        { token: reader.token },
      );
      expect(after.result.items.some((i) => i.target_id === request.id && i.target_type === 'certification')).toBe(
        false,
      );
      const done = await call<Page<TodoItem>>(
        t().app,
        'GET',
        'workflow/todoList',
        { status: 'done', page_size: 100 },
        { token: reader.token },
      );
      expect(
        done.result.items.find((i) => i.target_id === request.id && i.target_type === 'certification'),
      ).toMatchObject({ state: 'done' });
    });

    it('a withdrawn request leaves the admins’ list as cancelled', async () => {
      const applicant = await newUser(t().app);
      const request = await submitFor(t().app, applicant, 'Specialist');
      await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: applicant.token });
      const cancelled = await call<Page<TodoItem>>(
        t().app,
        'GET',
        'workflow/todoList',
        { status: 'cancelled', page_size: 100 },
        { token: admin.token },
      );
      expect(
        cancelled.result.items.find((i) => i.target_id === request.id && i.target_type === 'certification'),
      ).toMatchObject({ state: 'cancelled' });
    });

    it('an uncertified user has no workspace to-do list (304) but the header count answers 0', async () => {
      const user = await newUser(t().app);
      expect((await call(t().app, 'GET', 'workflow/todoList', {}, { token: user.token })).status).toBe(304);
      expect((await call(t().app, 'GET', 'workflow/todoCount', {}, { token: user.token })).result).toEqual({
        count: 0,
      });
      const specialist = await certifiedUser(t().app, admin, 'Specialist');
      const empty = await call<Page<TodoItem>>(t().app, 'GET', 'workflow/todoList', {}, { token: specialist.token });
      expect(empty.result).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
      expect(
        (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: specialist.token })).result
          .verification_approve,
      ).toBe(false);
    });
  });
});
