import { beforeAll, expect, it } from 'vitest';
import type { Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import type {
  Notification,
  NotificationKind,
  NotificationPage,
  NotificationPref,
} from '@mathbridge/contracts/notifications';
import type { Invitation } from '@mathbridge/contracts/org';
import type { ResearchPhase } from '@mathbridge/contracts/research';
import { inTransaction } from '../../lib/sql.ts';
import { nowIso } from '../../lib/time.ts';
import { call, describeApi, inParallel, useTestApp } from '../../test/harness.ts';
import {
  cast,
  get,
  newDemand,
  newSolution,
  ok,
  post,
  wishForm,
  type Cast,
  type OrgUser,
} from '../demands/demands.fixtures.ts';
import { certifiedUser, newUser, submitFor } from '../identity/identity.fixtures.ts';
import { applyTo, newJob } from '../jobs/jobs.fixtures.ts';
import { newCategory, notebookIn } from '../notebooks/notebooks.fixtures.ts';
import { daysFromNow, joinWithPreset, newProject } from '../research/research.fixtures.ts';
import { notify } from './notifications.service.ts';

describeApi('notifications', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: Cast;

  beforeAll(async () => {
    c = await cast(t());
  });

  const list = async (user: { token: string }, query: Record<string, unknown> = {}, locale: Locale = 'en-US') =>
    ok(
      await call<NotificationPage>(app(), 'GET', 'notification/list', { page_size: 100, ...query } as never, {
        token: user.token,
        locale,
      }),
      'notification/list',
    );
  const unread = async (user: { token: string }) =>
    ok(await get<{ count: number }>(app(), user, 'notification/unreadCount'), 'unreadCount').count;
  /** The user's newest notification of a kind (about a target, when given). */
  const latest = async (user: { token: string }, kind: NotificationKind, locale: Locale = 'en-US') =>
    (await list(user, {}, locale)).items.find((item) => item.kind === kind);
  const outboxOf = (userId: number) =>
    t().ctx.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).where('kind', '=', 'notice').execute();
  const bindWechat = (userId: number, openid: string) =>
    t()
      .ctx.db.insertInto('wechat_bindings')
      .values({ user_id: userId, openid, nick_name: '微信用户', created_at: nowIso() })
      .execute();

  it('should require authentication', async () => {
    for (const [method, path, body] of [
      ['GET', 'notification/list', {}],
      ['GET', 'notification/unreadCount', {}],
      ['POST', 'notification/read', { ids: [1] }],
      ['POST', 'notification/readAll', {}],
      ['GET', 'notification/prefs', {}],
      ['POST', 'notification/savePrefs', { prefs: [{ category: 'demand', wechat: 0 }] }],
    ] as const)
      expect((await call(app(), method, path, body)).status, path).toBe(305);
  });

  it('a new user, certified or not, has an empty list, a zero count and every WeChat switch on', async () => {
    const user = await newUser(app());
    expect(await list(user)).toMatchObject({ items: [], total: 0 });
    expect(await unread(user)).toBe(0);
    const prefs = ok(await get<NotificationPref[]>(app(), user, 'notification/prefs'), 'prefs');
    expect(prefs.every((p) => p.wechat === 1)).toBe(true);
    expect(prefs.map((p) => p.category)).toContain('demand');
  });

  it('certification approved or rejected: the applicant is told, with the path of their certification page', async () => {
    const approved = await certifiedUser(app(), c.admin, 'Enterprise', { name: '通知测试企业有限公司' });
    const approvedNote = await latest(approved, 'certificationApproved');
    expect(approvedNote).toMatchObject({
      category: 'certification',
      title: 'Your Enterprise certification was approved',
      path: '/account/institute-authentication',
      read: false,
    });

    const person = await newUser(app());
    const request = await submitFor(app(), person, 'Individual');
    ok(
      await post(app(), c.admin, 'workflow/approveAuth', { id: request.id, approve: 0, reason: '证件不清晰' }),
      'reject',
    );
    expect(await latest(person, 'certificationRejected')).toMatchObject({
      path: '/account/individual-authentication',
    });
    // The admin who acted is not told of their own action.
    expect((await list(c.admin)).items.filter((i) => i.kind.startsWith('certification'))).toEqual([]);
  });

  it('demand approved or rejected, in the reader’s language', async () => {
    const published = await newDemand(app(), c, { publish: true, form: { title: '通知需求' } });
    const note = await latest(c.enterprise, 'demandApproved');
    expect(note).toMatchObject({
      category: 'demand',
      title: 'Your demand "通知需求" was approved and published',
      path: `/manage/demandManage/detail/${published.demand.id}`,
    });
    expect((await latest(c.enterprise, 'demandApproved', 'zh-CN'))?.title).toBe('您的需求“通知需求”已通过审核并发布');
    expect((await latest(c.enterprise, 'demandApproved', 'zh-HK'))?.title).toBe('您的需求「通知需求」已通過審核並發佈');

    const draft = await newDemand(app(), c, { form: { title: '被拒需求', commit: 1 } });
    ok(await post(app(), c.admin, 'demand/review', { id: draft.demand.id, approve: 0, reason: '信息不全' }), 'reject');
    expect(await latest(c.enterprise, 'demandRejected')).toMatchObject({
      title: 'Your demand "被拒需求" was not approved',
      path: `/manage/demandManage/detail/${draft.demand.id}`,
    });
  });

  it('a solution received, declined (with the reason) and accepted: each side told', async () => {
    const { demand } = await newDemand(app(), c, { publish: true, form: { title: '方案通知' } });
    const declined = await newSolution(app(), c.otherInstitute, demand.id);
    const received = await latest(c.enterprise, 'solutionReceived');
    expect(received).toMatchObject({
      category: 'solution',
      title: `南京数学研究中心 submitted a solution to your demand "方案通知"`,
      path: `/manage/demandManage/detail/${demand.id}`,
    });
    const accepted = await newSolution(app(), c.institute, demand.id);

    ok(
      await post(app(), c.enterprise, 'solution/decline', { id: declined.id, reason: 'budget', reason_text: '超预算' }),
      'decline',
    );
    expect(await latest(c.otherInstitute, 'solutionDeclined')).toMatchObject({
      title: 'Your solution to "方案通知" was declined: Cost above our budget (超预算)',
      path: `/manage/solutions?id=${declined.id}`,
    });
    expect((await latest(c.otherInstitute, 'solutionDeclined', 'zh-CN'))?.title).toContain('原因：');

    ok(await post(app(), c.enterprise, 'solution/accept', { id: accepted.id }), 'accept');
    expect(await latest(c.institute, 'solutionAccepted')).toMatchObject({
      title: 'Your solution to "方案通知" was accepted',
      path: `/manage/solutions?id=${accepted.id}`,
    });
  });

  it('an application moved: the applicant is told its new state', async () => {
    const job = await newJob(app(), c.enterprise, { form: { title: '通知岗位' } });
    const application = await applyTo(app(), c.specialist, job.job.id);
    ok(await post(app(), c.enterprise, 'job/viewApplication', { id: application.id }), 'view');
    expect((await latest(c.specialist, 'applicationMoved'))?.title).toContain('is now: Viewed');
    ok(await post(app(), c.enterprise, 'job/inviteInterview', { id: application.id }), 'interview');
    expect(await latest(c.specialist, 'applicationMoved')).toMatchObject({
      category: 'job',
      title: 'Your application for "通知岗位" at 杭州数桥科技有限公司 is now: Interview',
      path: '/manage/myJob',
    });
    expect((await latest(c.specialist, 'applicationMoved', 'zh-CN'))?.title).toContain('面试');
  });

  it('a member joined by invitation: the organisation’s owner is told', async () => {
    const invitation = ok(await post<Invitation>(app(), c.otherEnterprise, 'sys/invite'), 'invite');
    const joiner = await newUser(app());
    ok(await post(app(), joiner, 'sys/acceptInvite', { id: invitation.id }), 'acceptInvite');
    const note = await latest(c.otherEnterprise, 'memberJoined');
    expect(note).toMatchObject({ category: 'member', path: '/manage/todoList?tab=members' });
    expect(note?.title).toContain('joined 上海另一家企业有限公司');
    // Never the whole mobile number.
    expect(note?.title).not.toContain(joiner.phone);
  });

  it('a membership claim decided by the organisation’s owner: the claimant is told', async () => {
    const institute = await certifiedUser(app(), c.admin, 'ResearchInstitute', { name: '成员确认研究所' });
    const claimant = await newUser(app());
    await submitFor(app(), claimant, 'Specialist', { institution: undefined, institution_org_id: institute.orgId });
    const claims = ok(
      await get<{ items: { id: number; user: { id: number } }[] }>(app(), institute, 'org/getUserAuth', { status: 0 }),
      'claims',
    );
    const claim = claims.items.find((item) => item.user.id === claimant.id);
    ok(await post(app(), institute, 'org/userAuth', { id: claim?.id, approve: 1 }), 'userAuth');
    expect(await latest(claimant, 'memberClaimApproved')).toMatchObject({
      category: 'member',
      title: '成员确认研究所 confirmed you as a member',
      path: '/account/individual-authentication',
    });
  });

  it('research: an invited member joins (the owner is told); a phase reviewed (the submitter is told)', async () => {
    const member = await certifiedUser(app(), c.admin, 'Specialist', { truename: '孙成员' });
    const invitee = await certifiedUser(app(), c.admin, 'Specialist', { truename: '钱受邀' });
    const project = await newProject(app(), c.institute, 'subject', { publish: true, form: { title: '通知课题' } });
    await joinWithPreset(app(), c.institute, member, 'subject', project.id, 'member');

    // The member applied and was approved (joinWithPreset): told, with the way to the project.
    expect(await latest(member, 'researchApplyApproved')).toMatchObject({
      title: 'Your application to join "通知课题" was approved',
      path: `/manage/subjectManageS/detail?id=${project.id}`,
    });
    const refused = await certifiedUser(app(), c.admin, 'Specialist', { truename: '李未中' });
    const applied = ok(
      await post<{ id: number }>(app(), refused, 'subject/apply', { id: project.id, note: '想参与', accept_nda: 1 }),
      'apply',
    );
    ok(await post(app(), c.institute, 'subject/refuseJoin', { member_id: applied.id, reason: '名额已满' }), 'refuse');
    expect(await latest(refused, 'researchApplyRefused')).toMatchObject({
      title: 'Your application to join "通知课题" was refused: 名额已满',
      path: `/manage/subjectsPool/detail/${project.id}`,
    });

    ok(await post(app(), c.institute, 'subject/invite', { id: project.id, user_ids: [invitee.id] }), 'invite');
    ok(await post(app(), invitee, 'subject/acceptInvite', { id: project.id }), 'acceptInvite');
    expect(await latest(c.institute, 'researchMemberJoined')).toMatchObject({
      category: 'research',
      title: '钱受邀 joined "通知课题"',
      path: `/manage/subjectManage/detail/${project.id}`,
    });

    const phase = ok(
      await post<ResearchPhase>(app(), c.institute, 'subject/savePhase', {
        id: project.id,
        title: '建模',
        goal: '给出模型',
        due_date: daysFromNow(20),
        assignees: [member.id],
      }),
      'savePhase',
    );
    const phaseId = phase.id;
    ok(await post(app(), c.institute, 'subject/start', { id: project.id }), 'start');
    ok(await post(app(), member, 'subject/submitOutcome', { phase_id: phaseId, content: '初稿' }), 'submit');
    ok(
      await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: phaseId, accept: 0, comment: '补充' }),
      'rv',
    );
    expect(await latest(member, 'phaseReviewed')).toMatchObject({
      title: 'The outcome of phase "建模" of "通知课题": Revision requested',
      path: `/manage/subjectManageS/detail?id=${project.id}&tab=phases`,
    });
    ok(await post(app(), member, 'subject/submitOutcome', { phase_id: phaseId, content: '二稿' }), 'submit');
    ok(await post(app(), c.institute, 'subject/reviewOutcome', { phase_id: phaseId, accept: 1 }), 'accept');
    expect((await latest(member, 'phaseReviewed', 'zh-CN'))?.title).toBe(
      `“通知课题”的阶段“建模”的成果：${translate('zh-CN', 'phaseStates.accepted')}`,
    );
  });

  it('a cooperation wish responded to: the enterprise is told', async () => {
    const wish = ok(
      await post<{ id: number }>(app(), c.enterprise, 'cooperateWish/create', wishForm({ title: '通知意愿' })),
      'create',
    );
    ok(
      await post(app(), c.institute, 'cooperateWish/respond', {
        id: wish.id,
        message: '我们有相关经验',
        contact: '李老师',
        contact_phone: '13900004444',
      }),
      'respond',
    );
    expect(await latest(c.enterprise, 'wishResponded')).toMatchObject({
      category: 'wish',
      title: '北京应用数学研究所 responded to your cooperation wish "通知意愿"',
      path: `/manage/willManageE/detail/${wish.id}`,
    });
  });

  it('notebook contribution accepted or rejected: the owner is told', async () => {
    const owner = await newUser(app());
    const category = await newCategory(app(), c.admin, { name_en: 'Notify' });
    const accepted = await notebookIn(app(), owner, 'accepted', c.admin, { category_id: category.id, title: '收录本' });
    expect(await latest(owner, 'notebookAccepted')).toMatchObject({
      category: 'notebook',
      path: `/notebooks/${accepted.id}`,
    });
    await notebookIn(app(), owner, 'rejected', c.admin, { category_id: category.id, title: '退回本' });
    expect((await latest(owner, 'notebookRejected'))?.title).toContain('退回本');
  });

  it('read, readAll and the unread count; newest first, paged, the unread filter', async () => {
    const user = await newUser(app());
    const userId = (await call<{ info: { id: number } }>(app(), 'GET', 'user/profile', {}, { token: user.token }))
      .result.info.id;
    await inTransaction(t().ctx.db, async (trx) => {
      for (let i = 1; i <= 7; i += 1)
        await notify(trx, {
          userId,
          kind: 'demandApproved',
          target: { type: 'demand', id: i },
          params: { title: `第${i}` },
        });
    });
    expect(await unread(user)).toBe(7);
    const first = await list(user, { page: 1, page_size: 3 });
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 3 });
    expect(first.items.map((i) => i.title)).toEqual(
      ['第7', '第6', '第5'].map((x) => `Your demand "${x}" was approved and published`),
    );
    const third = await list(user, { page: 3, page_size: 3 });
    expect(third.items.map((i) => i.path)).toEqual(['/manage/demandManageRI/detail/1']);

    const [a, b] = first.items as [Notification, Notification];
    expect(ok(await post(app(), user, 'notification/read', { ids: [a.id, b.id] }), 'read')).toEqual({ changed: 2 });
    // Reading again changes nothing.
    expect(ok(await post(app(), user, 'notification/read', { ids: [a.id] }), 'read')).toEqual({ changed: 0 });
    expect(await unread(user)).toBe(5);
    const unreadOnly = await list(user, { unread: 1 });
    expect(unreadOnly.total).toBe(5);
    expect(unreadOnly.items.some((i) => i.id === a.id)).toBe(false);
    expect((await list(user)).items.find((i) => i.id === a.id)?.read).toBe(true);

    expect((await post(app(), user, 'notification/read', { ids: [] })).status).toBe(400);
    expect(
      (await post(app(), user, 'notification/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).status,
    ).toBe(400);

    expect(ok(await post(app(), user, 'notification/readAll'), 'readAll')).toEqual({ changed: 5 });
    expect(await unread(user)).toBe(0);
    expect((await list(user, { unread: 1 })).total).toBe(0);
    expect((await list(user)).total).toBe(7);
  });

  it('nobody reads or marks another user’s notifications, even hammering in parallel', async () => {
    const victim = await newUser(app());
    const attacker = await newUser(app());
    const victimId = (await call<{ info: { id: number } }>(app(), 'GET', 'user/profile', {}, { token: victim.token }))
      .result.info.id;
    await inTransaction(t().ctx.db, async (trx) => {
      for (let i = 1; i <= 5; i += 1)
        await notify(trx, {
          userId: victimId,
          kind: 'demandRejected',
          target: { type: 'demand', id: i },
          params: { title: '机密' },
        });
    });
    const ids = (await list(victim)).items.map((i) => i.id);
    expect(ids).toHaveLength(5);

    const replies = await inParallel(30, (i) =>
      i % 3 === 0
        ? post(app(), attacker, 'notification/read', { ids })
        : i % 3 === 1
          ? post(app(), attacker, 'notification/readAll')
          : call<NotificationPage>(app(), 'GET', 'notification/list', { unread: 1 }, { token: attacker.token }),
    );
    for (const reply of replies) {
      expect(reply.status).toBe('fulfilled');
      if (reply.status !== 'fulfilled') continue;
      expect(reply.value.status).toBe(200);
      const result = reply.value.result as { changed?: number; items?: unknown[] };
      if ('changed' in result) expect(result.changed).toBe(0);
      else expect(result.items).toEqual([]);
    }
    expect(await unread(victim)).toBe(5);
    expect(await unread(attacker)).toBe(0);
    expect((await list(victim, { unread: 1 })).items.map((i) => i.id)).toEqual(ids);
  });

  it('a rolled-back transition leaves no notification and no WeChat message; a raced review notifies once', async () => {
    const user = await newUser(app());
    const userId = (await call<{ info: { id: number } }>(app(), 'GET', 'user/profile', {}, { token: user.token }))
      .result.info.id;
    await bindWechat(userId, `o-rollback-${userId}`);
    await expect(
      inTransaction(t().ctx.db, async (trx) => {
        await notify(trx, {
          userId,
          kind: 'demandApproved',
          target: { type: 'demand', id: 1 },
          params: { title: 'x' },
        });
        throw new Error('the transition fails after notifying');
      }),
    ).rejects.toThrow('the transition fails');
    expect(await unread(user)).toBe(0);
    expect(await outboxOf(userId)).toEqual([]);

    // 20 admins' clicks on one submitted demand: one review wins, the rest 409; one notification.
    const before = (await list(c.enterprise)).items.filter((i) => i.kind === 'demandApproved').length;
    const draft = await newDemand(app(), c, { form: { title: '竞争审核', commit: 1 } });
    const replies = await inParallel(20, () =>
      post(app(), c.admin, 'demand/review', { id: draft.demand.id, approve: 1 }),
    );
    const statuses = replies.map((r) => (r.status === 'fulfilled' ? r.value.status : 0));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const after = (await list(c.enterprise)).items.filter((i) => i.kind === 'demandApproved').length;
    expect(after - before).toBe(1);
  });

  it('a bound user gets a WeChat message (title in zh-CN) unless they turned the category off; unbound, none', async () => {
    const bound: OrgUser = await certifiedUser(app(), c.admin, 'Enterprise', { name: '微信绑定企业有限公司' });
    const openid = `o-bound-${bound.id}`;
    await bindWechat(bound.id, openid);
    const c2 = { ...c, enterprise: bound };

    await newDemand(app(), c2, { publish: true, form: { title: '微信通知' } });
    const queued = await outboxOf(bound.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: 'wechat',
      kind: 'notice',
      recipient: openid,
      body: '您的需求“微信通知”已通过审核并发布',
      code: null,
    });
    expect(Date.parse(queued[0]!.expires_at) - Date.parse(queued[0]!.created_at)).toBe(86_400_000);

    const saved = ok(
      await post<NotificationPref[]>(app(), bound, 'notification/savePrefs', {
        prefs: [{ category: 'demand', wechat: 0 }],
      }),
      'savePrefs',
    );
    expect(saved.find((p) => p.category === 'demand')?.wechat).toBe(0);
    expect(saved.find((p) => p.category === 'solution')?.wechat).toBe(1);
    expect(
      (await post(app(), bound, 'notification/savePrefs', { prefs: [{ category: 'nope', wechat: 0 }] })).status,
    ).toBe(400);

    await newDemand(app(), c2, { publish: true, form: { title: '静默通知' } });
    expect(await outboxOf(bound.id)).toHaveLength(1);
    // Still an in-app notification.
    expect((await latest(bound, 'demandApproved'))?.title).toContain('静默通知');

    // Back on: messages again. Another user's switch never touches this one's.
    ok(await post(app(), bound, 'notification/savePrefs', { prefs: [{ category: 'demand', wechat: 1 }] }), 'savePrefs');
    const prefsOfOther = ok(await get<NotificationPref[]>(app(), c.enterprise, 'notification/prefs'), 'prefs');
    expect(prefsOfOther.every((p) => p.wechat === 1)).toBe(true);
    await newDemand(app(), c2, { publish: true, form: { title: '恢复通知' } });
    expect(await outboxOf(bound.id)).toHaveLength(2);

    // c.enterprise is not bound: notified in the app only.
    expect(await outboxOf(c.enterprise.id)).toEqual([]);
  });
});
