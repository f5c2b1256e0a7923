import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certified,
  certifiedMember,
  demandBody,
  shoot as shootTo,
  shotsDir,
  signInAdmin,
  horizontalOverflow as overflow,
} from './cooperation-api.ts';
import {
  approveApplicant,
  concludeProject,
  fillAndPublishProject,
  fillAndSaveDraft,
  inviteUser,
  openProject,
  publishProject,
  refuseApplicant,
  removeMember,
  setMemberPermission,
  setMemberPreset,
  startProject,
  startSubjectFromSolution,
  toggleRecruiting,
} from './research-owner-steps.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('research-owner');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string) => shootTo(page, SHOTS, name);

describeE2E('research: the owner and member screens of subjects', () => {
  const browser = useBrowser();

  it('an institute starts a subject from an accepted solution, publishes it, admits and refuses, sets permissions, starts and concludes it; the member and the enterprise see their side', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(adminToken, 'Enterprise', `课题企业${suffix}有限公司`);
    const institute = await certified(adminToken, 'ResearchInstitute', `课题研究院${suffix}`);
    const member = await certifiedMember(adminToken, institute, '孙成员');
    const refused = await certifiedMember(adminToken, institute, '周申请');
    const invitee = await certifiedMember(adminToken, institute, '吴受邀');
    const errors: string[] = [];

    // An accepted solution (the cooperation), through the API.
    const demandTitle = `排产优化${suffix}`;
    const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...demandBody(demandTitle),
      commit: 1,
    });
    const demandId = saved.demand.id;
    await call(adminToken, 'POST', 'demand/review', { id: demandId, approve: 1 });
    await call(institute.token, 'POST', 'demand/receive', { id: demandId, accept_nda: 1 });
    const solution = await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
      demand_id: demandId,
      approach: '混合整数规划',
      team: '3 名研究员',
      timeline: '3 个月',
      cost_estimate: 200000,
      commit: 1,
    });
    await call(enterprise.token, 'POST', 'solution/accept', { id: solution.id });

    // The institute starts a subject on the accepted solution and publishes it from the form.
    const inst = await newPage(browser());
    inst.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(inst.page, institute.phone, institute.password);
    const draftId = await startSubjectFromSolution(inst.page, demandId);
    expect(await inst.page.locator('#title').inputValue()).toBe(demandTitle);
    const title = `排产课题${suffix}`;
    const id = await fillAndPublishProject(inst.page, {
      title,
      summary: '面向离散制造的多目标排产',
      description: '## 目标\n求解 $\\min \\sum_i c_i x_i$，见 [说明](https://example.com/s)。',
      headcount: 3,
    });
    expect(id).toBe(draftId);
    const detail = `/manage/subjectManage/detail/${id}`;
    await inst.page.getByRole('link', { name: /查看详情/ }).click();
    await inst.page.waitForURL(detail);
    await poll(() => inst.page.locator('.katex').count()).toBeGreaterThan(0);
    // The link back to the demand, and the subject listed on the cooperation.
    expect(await inst.page.getByTestId('project-origin').locator('a').getAttribute('href')).toBe(
      `/manage/demandManageRI/detail/${demandId}#cooperation`,
    );
    await shoot(inst.page, 'detail-institute');
    await inst.page.goto(`/manage/demandManageRI/detail/${demandId}`);
    const listed = inst.page.getByTestId('solution-subjects').getByRole('link', { name: title });
    await poll(() => listed.getAttribute('href')).toBe(detail);
    await inst.page.getByTestId('solution-subjects').scrollIntoViewIfNeeded();
    await shoot(inst.page, 'cooperation-subjects');

    // Two apply; the owner's to-do opens the project; one is admitted, one refused with a reason.
    await call(member.token, 'POST', 'subject/apply', { id, note: '我做过排产' });
    await call(refused.token, 'POST', 'subject/apply', { id, note: '想参与' });
    await inst.page.goto('/manage/todoList');
    const todo = inst.page.locator('tr', { hasText: '孙成员' });
    await todo.getByRole('button').first().click();
    await inst.page.waitForURL(detail);
    await approveApplicant(inst.page, detail, '孙成员');
    await refuseApplicant(inst.page, detail, '周申请', '方向不符');
    const refusedView = await call<{ my_membership: { status: string; reason: string } }>(
      refused.token,
      'GET',
      `subject/detail/${id}`,
    );
    expect(refusedView.my_membership).toMatchObject({ status: 'refused', reason: '方向不符' });

    // An invitation by search; the invitee's to-do leads to the pool's detail.
    await inviteUser(inst.page, detail, '吴受邀', '吴受邀');
    const invited = await call<{ items: { kind: string; target_id: number }[] }>(
      invitee.token,
      'GET',
      'workflow/todoList',
    );
    const inviteTodo = invited.items.find((item) => item.kind === 'researchInvite');
    expect(inviteTodo).toBeDefined();
    expect(
      await call(invitee.token, 'GET', 'research/memberProject', { member_id: inviteTodo?.target_id ?? 0 }),
    ).toEqual({ kind: 'subject', project_id: id });

    // Permissions: the member becomes a manager, then loses review_outcome.
    const authority = `/manage/subjectManage/authorityManagement/${id}`;
    await setMemberPreset(inst.page, authority, '孙成员', 'manager');
    await setMemberPermission(inst.page, null, '孙成员', 'review_outcome', false);
    await shoot(inst.page, 'authority-members');
    const seen = await call<{ my_permissions: string[] }>(member.token, 'GET', `subject/detail/${id}`);
    expect(seen.my_permissions.sort()).toEqual(['edit_plan', 'manage_members', 'submit_outcome', 'upload_files']);

    // The member's side: the joined subject in subjectManageS, its detail without owner moves.
    const sp = await newPage(browser());
    sp.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(sp.page, member.phone, member.password);
    await sp.page.goto('/manage/subjectManageS/list?scope=joined');
    await sp.page.getByRole('link', { name: title }).first().click();
    await sp.page.waitForURL(`/manage/subjectManageS/detail?id=${id}`);
    await openProject(sp.page, `/manage/subjectManageS/detail?id=${id}`);
    expect(await sp.page.locator('[data-testid^=move-]').count()).toBe(0);
    await sp.page.getByTestId('project-leave').waitFor();
    // As a manager they see the applications and may invite.
    await sp.page.getByTestId('invite-open').waitFor();

    // The owner pauses and resumes recruiting, starts, then concludes.
    await toggleRecruiting(inst.page, detail);
    await toggleRecruiting(inst.page, detail);
    await startProject(inst.page, detail);
    await concludeProject(inst.page, detail);
    // (The institute's API session ended when it signed in on the page: one session per user.)
    expect(await call<{ status: string }>(adminToken, 'GET', `subject/detail/${id}`)).toMatchObject({
      status: 'concluded',
    });

    // The enterprise sees the subject on its cooperation (no link: it is not theirs to open).
    const ent = await newPage(browser());
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto(`/manage/demandManage/detail/${demandId}`);
    await poll(() => ent.page.getByTestId('solution-subjects').textContent()).toContain(title);
    expect(await ent.page.getByTestId('start-subject').count()).toBe(0);

    expect(errors).toEqual([]);
    for (const side of [inst, sp, ent]) await side.context.close();
  }, 300_000);

  it('every screen in three locales and at 390 px: list, form, submitted, detail (owner, member), authorityManagement; a custom subject and a direction of a specialist', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const institute = await certified(adminToken, 'ResearchInstitute', `截图研究院${suffix}`);
    const owner = await certifiedMember(adminToken, institute, '王专家');
    const member = await certifiedMember(adminToken, institute, '钱成员');
    const errors: string[] = [];

    // A specialist creates a custom subject through the form (a draft first, then published) and a direction.
    const sp = await newPage(browser());
    sp.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(sp.page, owner.phone, owner.password);
    await sp.page.goto('/manage/subjectManageS/list');
    await sp.page.getByTestId('project-create').first().click();
    await sp.page.waitForURL('/manage/subjectManageS/subjectForm/new');
    // The server's field errors show on the fields (an empty title, etc.); nothing is saved.
    await sp.page.getByTestId('project-save').click();
    await poll(() => sp.page.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    const title = `自建课题${suffix}`;
    const id = await fillAndSaveDraft(sp.page, {
      title,
      summary: '图论中的极值问题',
      description: '研究 $K_n$ 的染色数。',
      msc: '05',
    });
    const custom = `/manage/subjectManageS/customSubjectDetail?id=${id}`;
    await publishProject(sp.page, custom);
    await call(member.token, 'POST', 'subject/apply', { id, note: '有兴趣' });
    await approveApplicant(sp.page, custom, '钱成员');
    // Custom subjects have no authorityManagement route: the permissions are a tab of the detail.
    await openProject(sp.page, custom);
    await sp.page.getByRole('tab', { name: '权限' }).click();
    await setMemberPreset(sp.page, null, '钱成员', 'viewer');

    await sp.page.goto('/manage/directionManage/list');
    await sp.page.getByTestId('project-create').first().click();
    await sp.page.waitForURL('/manage/directionManage/directionForm/new');
    const direction = await fillAndPublishProject(sp.page, {
      title: `研究方向${suffix}`,
      summary: '组合优化方向，招收研究生',
      description: '阅读 $\\LaTeX$ 文献',
      msc: '90',
      headcount: 4,
    });

    const mem = await newPage(browser());
    mem.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(mem.page, member.phone, member.password);

    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const side of [sp.page, mem.page])
        await side.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      for (const [width, tag] of [
        [1366, 'wide'],
        [390, 'phone'],
      ] as const) {
        for (const side of [sp.page, mem.page]) await side.setViewportSize({ width, height: 900 });
        const screens: [Page, string, string, () => Promise<unknown>][] = [
          [
            sp.page,
            'list',
            '/manage/subjectManageS/list',
            () => sp.page.getByRole('link', { name: title }).first().waitFor(),
          ],
          [sp.page, 'form', `/manage/subjectManageS/subjectEdit/${id}`, () => sp.page.locator('#title').waitFor()],
          [
            sp.page,
            'submitted',
            `/manage/directionManage/submitted/1?id=${direction}`,
            () => sp.page.locator('.ant-result').waitFor(),
          ],
          [sp.page, 'detail-owner', custom, () => sp.page.getByTestId('members-panel').waitFor()],
          [
            sp.page,
            'permissions-tab',
            custom,
            async () => {
              // The custom subject's permissions are the detail's fourth tab (no authorityManagement route).
              await sp.page.getByRole('tab').nth(3).click();
              await sp.page.getByTestId('authority-table').locator('tr', { hasText: '钱成员' }).waitFor();
            },
          ],
          [
            sp.page,
            'direction-detail',
            `/manage/directionManage/detail/${direction}`,
            () => sp.page.getByTestId('members-panel').waitFor(),
          ],
          [
            sp.page,
            'authority',
            `/manage/directionManage/authorityManagement/${direction}`,
            () => sp.page.getByTestId('authority-table').waitFor(),
          ],
          [
            mem.page,
            'detail-member',
            `/manage/subjectManageS/detail?id=${id}`,
            () => mem.page.getByTestId('members-panel').waitFor(),
          ],
          [
            mem.page,
            'list-joined',
            '/manage/subjectManageS/list?scope=joined',
            () => mem.page.getByRole('link', { name: title }).first().waitFor(),
          ],
        ];
        for (const [page, name, path, ready] of screens) {
          await page.goto(path);
          await ready();
          await shoot(page, `${name}-${locale}-${tag}`);
          expect(await overflow(page), `${name} ${locale} ${tag}`).toBeLessThanOrEqual(0);
        }
      }
    }
    // The owner removes the member (confirmed).
    await sp.page.setViewportSize({ width: 1366, height: 900 });
    await removeMember(sp.page, custom, '钱成员');
    expect(errors).toEqual([]);
    for (const side of [sp, mem]) await side.context.close();
  }, 300_000);
});
