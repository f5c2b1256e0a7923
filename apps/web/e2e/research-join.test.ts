import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import type { ProjectDetail } from '@mathbridge/contracts/research';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certified,
  certifiedMember,
  certifiedStudent,
  shoot as shootTo,
  shotsDir,
  signInAdmin,
  horizontalOverflow as overflow,
} from './cooperation-api.ts';
import {
  acceptInvitation,
  findInPoolAndApply,
  joinState,
  openPool,
  openSharedFiles,
  phaseCard,
  phaseStatus,
  planPhase,
  reviewOutcome,
  submitOutcome,
  uploadSharedFile,
} from './research-join-steps.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('research-join');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function projectBody(title: string, fields: Record<string, unknown> = {}) {
  return {
    commit: 1,
    title,
    summary: '离散与连续模型的数值方法，欢迎有相关背景的成员加入',
    description: '## 目标\n研究 $\\partial_t u = \\Delta u + f(u)$ 的稳定格式。',
    msc_fields: ['65'],
    publish_range: 'public',
    headcount: 4,
    apply_deadline: day(30),
    confidential: 0,
    ...fields,
  };
}

describeE2E('research: pools, joining, shared files, phases and outcomes', () => {
  const browser = useBrowser();

  it('a specialist finds a direction in the pool and applies under NDA, a student accepts an invitation and shares a file, the owner plans phases, the outcome is revised and accepted, the to-do leads to it', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const institute = await certified(adminToken, 'ResearchInstitute', `计算数学研究院${suffix}`);
    const owner = await certifiedMember(adminToken, institute, '孙导师');
    const joiner = await certifiedMember(adminToken, institute, '张专家');
    const student = await certifiedStudent(adminToken, '郑学生', ['65']);
    const errors: string[] = [];

    // Two subjects of the institute (one in the specialist's fields, confidential) and a
    // confidential direction of another specialist.
    const matching = `偏微分${suffix}`;
    const other = `排产${suffix}`;
    const subjectA = await call<ProjectDetail>(
      institute.token,
      'POST',
      'subject/save',
      projectBody(matching, { confidential: 1 }),
    );
    await call(institute.token, 'POST', 'subject/save', projectBody(other, { msc_fields: ['90'] }));
    const directionTitle = `随机方程${suffix}`;
    const direction = await call<ProjectDetail>(
      owner.token,
      'POST',
      'direction/save',
      projectBody(directionTitle, { msc_fields: ['65', '60'], confidential: 1 }),
    );

    // The specialist browses the subject pool: both subjects, then only the recommended one.
    const sp = await newPage(browser());
    sp.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(sp.page, joiner.phone, joiner.password);
    await sp.page.goto(`/manage/subjectsPool/list?keyword=${suffix}`);
    await poll(() => sp.page.getByTestId('pool-card').count()).toBe(2);
    await sp.page.locator('#pool-recommended').click();
    await poll(() => sp.page.getByTestId('pool-card').count()).toBe(1);
    expect(new URL(sp.page.url()).searchParams.get('recommended')).toBe('1');
    await expect.poll(() => sp.page.getByTestId('pool-card').first().textContent()).toContain(matching);
    expect(await sp.page.getByTestId('pool-card').first().getByTestId('recommended-tag').count()).toBe(1);
    // A keyword nothing matches: the empty state offers to clear the filters.
    await sp.page.goto(`/manage/subjectsPool/list?keyword=nothing-${suffix}`);
    await sp.page.getByTestId('pool-empty').waitFor();
    await sp.page.getByTestId('pool-empty').getByRole('button').click();
    await poll(() => new URL(sp.page.url()).search).toBe('');

    // The confidential subject: no description before the NDA; applying needs the NDA box.
    const card = await openPool(sp.page, 'subject', matching);
    await card.getByRole('link', { name: matching }).click();
    await sp.page.getByTestId('confidential-notice').waitFor();
    await sp.page.getByTestId('join-apply').click();
    await sp.page.locator('.ant-modal #note').fill('我做过十年的有限元方法研究');
    await sp.page.locator('.ant-modal .ant-modal-footer .ant-btn-primary').click();
    await sp.page.locator('.ant-modal .ant-form-item-explain-error').first().waitFor();
    expect(await sp.page.locator('.ant-modal .ant-form-item-explain-error').allTextContents()).toEqual([
      '请先同意保密协议。',
    ]);
    await shoot(sp.page, 'pool-detail-apply-nda-zh-CN');
    await sp.page.getByTestId('nda-checkbox').check();
    await sp.page.locator('.ant-modal .ant-modal-footer .ant-btn-primary').click();
    await poll(() => joinState(sp.page)).toBe('applied');

    // The direction, through the reusable step: applied, waiting for the owner.
    const directionId = await findInPoolAndApply(sp.page, 'direction', directionTitle, '想参与随机模型的数值部分', {
      nda: true,
    });
    expect(directionId).toBe(direction.id);
    // Accepting the NDA with the application shows the description at once.
    await sp.page.locator('.mb-markdown .katex').first().waitFor();

    // The owner approves the specialist, invites the student and starts the direction (API).
    const asOwner = await call<ProjectDetail>(owner.token, 'GET', `direction/detail/${direction.id}`);
    const application = asOwner.members.find((m) => m.status === 'applied');
    expect(application?.note).toBe('想参与随机模型的数值部分');
    await call(owner.token, 'POST', 'direction/approveJoin', { member_id: application!.id });
    await call(owner.token, 'POST', 'direction/invite', { id: direction.id, user_ids: [student.id] });
    await call(owner.token, 'POST', 'direction/start', { id: direction.id });

    // The institute refuses the specialist's application to the subject, with a reason he sees.
    const asInstitute = await call<ProjectDetail>(institute.token, 'GET', `subject/detail/${subjectA.id}`);
    const toSubject = asInstitute.members.find((m) => m.status === 'applied');
    await call(institute.token, 'POST', 'subject/refuseJoin', { member_id: toSubject!.id, reason: '本期名额已定' });
    await sp.page.goto(`/manage/subjectsPool/detail/${subjectA.id}`);
    await poll(() => joinState(sp.page)).toBe('refused');
    expect(await sp.page.getByTestId('refused-notice').textContent()).toContain('本期名额已定');
    await shoot(sp.page, 'pool-detail-refused-zh-CN');

    // The specialist, now a member, reads the description and is offered the project.
    await sp.page.goto(`/manage/directionsPool/detail/${direction.id}`);
    await poll(() => joinState(sp.page)).toBe('member');
    await sp.page.locator('.mb-markdown .katex').first().waitFor();
    expect(await sp.page.getByTestId('join-state').getByRole('link').getAttribute('href')).toBe(
      `/manage/directionManage/detail/${direction.id}`,
    );

    // The student accepts the invitation under the NDA and shares a file in the direction's space.
    const st = await newPage(browser());
    st.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(st.page, student.phone, student.password);
    await acceptInvitation(st.page, 'direction', direction.id, { nda: true });
    await openSharedFiles(st.page, `/manage/directionManageStu/sharedFile?id=${direction.id}`);
    await expect.poll(() => st.page.locator('h1').textContent()).toContain(directionTitle);
    await uploadSharedFile(st.page, '学生笔记.pdf');
    expect(await st.page.getByTestId('back-to-project').getAttribute('href')).toBe(
      `/manage/directionManageStu/detail?id=${direction.id}`,
    );

    // Not a member (only applied): the subject's shared files say so.
    await sp.page.goto(`/manage/subjectManageS/sharedFile?id=${subjectA.id}`);
    await sp.page.getByTestId('files-no-access').waitFor();

    // The owner plans two phases: the first assigned to the specialist.
    const ow = await newPage(browser());
    ow.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ow.page, owner.phone, owner.password);
    const planPath = `/manage/directionManage/planOutcomeDetail/${direction.id}`;
    await ow.page.goto(planPath);
    await ow.page.getByTestId('phases-panel').getByTestId('plan-phase').waitFor();
    await shoot(ow.page, 'plan-empty-zh-CN');
    await planPhase(ow.page, { title: '文献综述', goal: '梳理近十年的随机偏微分方程数值方法', assignees: ['张专家'] });
    await planPhase(ow.page, { title: '数值实验', goal: '实现并比较两种格式' });
    await expect.poll(() => phaseCard(ow.page, '文献综述').textContent()).toContain('张专家');

    // The specialist (assignee) submits an outcome with a PDF from the phases page.
    await sp.page.goto(planPath);
    await phaseCard(sp.page, '文献综述').getByTestId('phase-submit').waitFor();
    // Not an assignee of nothing: the second phase (no assignees) is open to any member with the permission.
    expect(await phaseCard(sp.page, '数值实验').getByTestId('phase-submit').count()).toBe(1);
    expect(await sp.page.getByTestId('plan-phase').count()).toBe(0);
    await submitOutcome(sp.page, '文献综述', '## 综述\n主要格式的稳定性条件：$\\Delta t \\le C h^2$', '综述初稿.pdf');

    // Typed text is not dropped silently: closing the dialog asks first.
    await phaseCard(sp.page, '数值实验').getByTestId('phase-submit').click();
    await sp.page.locator('.ant-modal #content').fill('## 实验\n格式 $u^{n+1} = u^n + \\Delta t f(u^n)$');
    await sp.page.locator('.ant-modal .mb-markdown .katex').first().waitFor();
    await shoot(sp.page, 'submit-modal-typed-zh-CN', false);
    await sp.page.locator('.ant-modal .ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await sp.page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await sp.page.locator('.ant-modal #content').waitFor({ state: 'hidden' });
    expect(await phaseStatus(sp.page, '数值实验')).toBe('planned');

    // The owner's to-do leads to the phases; the owner asks for a revision.
    await ow.page.goto('/manage/todoList');
    const todo = ow.page.locator('.ant-table-row', { hasText: '文献综述' }).first();
    await todo.waitFor();
    await todo.getByRole('button').click();
    await ow.page.waitForURL(`**${planPath}`);
    await poll(() => phaseStatus(ow.page, '文献综述')).toBe('submitted');
    await phaseCard(ow.page, '文献综述').getByTestId('phase-review').click();
    await ow.page.locator('.ant-modal #comment').waitFor();
    await shoot(ow.page, 'review-modal-zh-CN', false);
    await ow.page.locator('.ant-modal .ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await ow.page.locator('.ant-modal #comment').waitFor({ state: 'hidden' });
    await reviewOutcome(ow.page, '文献综述', 'revise', '请补充近五年的文献');

    // The specialist resubmits; the owner accepts. The history keeps both rounds and the review.
    await sp.page.reload();
    await poll(() => phaseStatus(sp.page, '文献综述')).toBe('revision_requested');
    await expect.poll(() => phaseCard(sp.page, '文献综述').textContent()).toContain('请补充近五年的文献');
    await submitOutcome(sp.page, '文献综述', '## 修订稿\n补充了 2020 年以来的工作。');
    await ow.page.reload();
    await reviewOutcome(ow.page, '文献综述', 'accept');
    const history = phaseCard(ow.page, '文献综述').getByTestId('outcome');
    await poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toContain('综述初稿.pdf');
    expect(await history.first().getByTestId('outcome-review').textContent()).toContain('请补充近五年的文献');
    // The attachment is downloadable (a signed link for members).
    const download = ow.page.waitForEvent('download');
    await history
      .first()
      .getByRole('button', { name: /综述初稿\.pdf/ })
      .click();
    expect((await download).suggestedFilename()).toBe('综述初稿.pdf');

    // Screenshots in the three locales, wide and at 390 px: no horizontal overflow.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const side of [sp.page, st.page, ow.page])
        await side.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      for (const [width, tag] of [
        [1366, 'wide'],
        [390, 'phone'],
      ] as const) {
        for (const side of [sp.page, st.page, ow.page]) await side.setViewportSize({ width, height: 900 });
        await sp.page.goto(`/manage/subjectsPool/list?keyword=${suffix}`);
        await poll(() => sp.page.getByTestId('pool-card').count()).toBe(2);
        await shoot(sp.page, `pool-${locale}-${tag}`);
        expect(await overflow(sp.page), `pool ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await sp.page.goto(`/manage/subjectsPool/detail/${subjectA.id}`);
        await sp.page.getByTestId('join-apply').click();
        await sp.page.locator('.ant-modal #note').waitFor();
        await shoot(sp.page, `pool-detail-apply-${locale}-${tag}`, false);
        expect(await overflow(sp.page), `pool detail ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await sp.page.keyboard.press('Escape');
        await sp.page.goto(planPath);
        await phaseCard(sp.page, '数值实验').getByTestId('phase-submit').click();
        await sp.page.locator('.ant-modal #content').waitFor();
        await shoot(sp.page, `submit-modal-${locale}-${tag}`, false);
        await sp.page.locator('.ant-modal .ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
        await sp.page.locator('.ant-modal #content').waitFor({ state: 'hidden' });
        await st.page.goto(`/manage/directionManageStu/sharedFile?id=${direction.id}`);
        await st.page.locator('.mb-file-table .mb-file-name-text', { hasText: '学生笔记.pdf' }).first().waitFor();
        await shoot(st.page, `shared-files-${locale}-${tag}`);
        expect(await overflow(st.page), `shared files ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await ow.page.goto(planPath);
        await poll(() => phaseCard(ow.page, '文献综述').getByTestId('outcome').count()).toBe(2);
        await shoot(ow.page, `plan-outcome-${locale}-${tag}`);
        expect(await overflow(ow.page), `planOutcomeDetail ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await phaseCard(ow.page, '数值实验').getByTestId('phase-edit').click();
        await ow.page.locator('.ant-modal #goal').waitFor();
        await shoot(ow.page, `plan-modal-${locale}-${tag}`, false);
        await ow.page.keyboard.press('Escape');
        await ow.page.locator('.ant-modal #goal').waitFor({ state: 'hidden' });
      }
    }
    expect(errors).toEqual([]);
    for (const side of [sp, st, ow]) await side.context.close();
  }, 300_000);
});
