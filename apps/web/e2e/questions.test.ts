import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import type { ResearchQuestion } from '@mathbridge/contracts/research';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certifiedPerson,
  directionWithStudents,
  shoot as shootTo,
  shotsDir,
  uploadPdf,
  signInAdmin,
  horizontalOverflow as overflow,
} from './cooperation-api.ts';
import { answerQuestion } from './questions-steps.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('questions');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeE2E('research questions, end to end', () => {
  const browser = useBrowser();

  it('a student follows the question to-do, answers with a file, sees the return and its comment, answers again and is accepted; the owner’s review to-do leads to the direction’s questions', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const owner = await certifiedPerson(adminToken, 'Specialist', '王专家');
    const student = await certifiedPerson(adminToken, 'Student', '郑学生');
    const direction = await directionWithStudents(owner, `排产算法研究${suffix}`, [student]);
    const errors: string[] = [];

    // The owner poses two questions through the API (the panel's steps live in questions-steps.ts).
    const sheet = await uploadPdf(owner.token, direction.spaceId, '题目说明.pdf');
    const pose = (title: string, fields: Record<string, unknown> = {}) =>
      call<ResearchQuestion>(owner.token, 'POST', 'question/save', {
        project_id: direction.id,
        title,
        statement: '证明级数 $\\sum_{n\\ge1} \\frac{1}{n^2}$ 收敛，并求其和。',
        due_date: inDays(10),
        attachments: [],
        assignees: [student.id],
        ...fields,
      });
    const first = await pose(`证明收敛性${suffix}`, { attachments: [sheet] });
    const second = await pose(`估计误差${suffix}`, { due_date: undefined, statement: '给出 $S_N$ 的误差界。' });

    // The student opens the question from the to-do list: /manage/researchQuestions?question=ID.
    const st = await newPage(browser());
    st.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(st.page, student.phone, student.password);
    await st.page.goto('/manage/todoList?tab=mine');
    const todo = st.page.locator('tr', { hasText: first.title });
    await poll(() => todo.count()).toBeGreaterThan(0);
    await todo.first().getByRole('button').first().click();
    await st.page.waitForURL((url) => url.pathname === '/manage/researchQuestions');
    expect(new URL(st.page.url()).searchParams.get('question')).toBe(String(first.id));
    const drawer = st.page.locator('.ant-drawer', { has: st.page.getByTestId('question-body') });
    await poll(() => drawer.locator('.katex').count()).toBeGreaterThan(0);
    await poll(() => drawer.getByText('题目说明.pdf').count()).toBe(1);
    await poll(() => drawer.getByTestId('answer-form').count()).toBe(1);

    // Leaving a started answer asks first; staying keeps the text.
    await drawer.locator('#content').fill('草稿');
    await drawer.locator('.ant-drawer-close').click();
    const confirm = st.page.locator('.ant-modal-confirm');
    await poll(() => confirm.count()).toBe(1);
    await confirm.getByRole('button', { name: '留在此页' }).click();
    await poll(() => drawer.locator('#content').inputValue()).toBe('草稿');
    // So does leaving the page (back to the to-do list).
    const asking = st.page.locator('.ant-modal-wrap:visible .ant-modal-confirm');
    await poll(() => asking.count()).toBe(0);
    await st.page.evaluate(() => history.back());
    await poll(() => asking.count()).toBe(1);
    await asking.getByRole('button', { name: '留在此页' }).click();
    await poll(() => new URL(st.page.url()).pathname).toBe('/manage/researchQuestions');
    await poll(() => drawer.locator('#content').inputValue()).toBe('草稿');

    // The list: both questions, counts per state.
    await poll(() => st.page.getByTestId('my-questions').locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await st.page.locator('.ant-tabs-tab', { hasText: '待作答 (2)' }).count()).toBe(1);

    // Answer with a file of the direction's space.
    await answerQuestion(st.page, first.title, '由 $p$-级数判别法，$p = 2 > 1$，故收敛。', '解答.pdf');
    await poll(() => drawer.getByTestId('answer-box').textContent()).toContain('等待审核');
    await poll(() => drawer.getByTestId('answer-history').getByTestId('answer-state').allTextContents()).toEqual([
      '待审核',
    ]);
    await poll(() => drawer.getByTestId('answer-history').getByText('解答.pdf').count()).toBe(1);

    // The owner's review to-do leads to the direction's questions tab with that question open.
    const ow = await newPage(browser());
    ow.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ow.page, owner.phone, owner.password);
    await ow.page.goto('/manage/todoList?tab=mine');
    const review = ow.page.locator('tr', { hasText: first.title });
    await poll(() => review.count()).toBeGreaterThan(0);
    await review.first().getByRole('button').first().click();
    await ow.page.waitForURL((url) => url.pathname === `/manage/directionManage/detail/${direction.id}`);
    const target = new URL(ow.page.url()).searchParams;
    expect([target.get('tab'), target.get('question')]).toEqual(['questions', String(first.id)]);

    // The owner returns the answer with a comment; the student sees it and answers again. (Signing
    // in through the page ended the script's session: one session per user.)
    await ow.context.close();
    const ownerToken = (
      await call<{ token: { access_token: string } }>(null, 'POST', 'user/login', {
        phone_details: owner.phone,
        password: owner.password,
      })
    ).token.access_token;
    const answered = await call<ResearchQuestion>(ownerToken, 'GET', `question/detail/${first.id}`);
    await call(ownerToken, 'POST', 'question/review', {
      answer_id: answered.answers[0]!.id,
      accept: 0,
      comment: '请补充求和的过程',
    });
    await st.page.reload();
    await poll(() => drawer.getByTestId('question-state').textContent()).toBe('已退回');
    await poll(() => drawer.getByText('请补充求和的过程').count()).toBe(1);
    await answerQuestion(st.page, first.title, '由 Parseval 等式，$\\sum 1/n^2 = \\pi^2/6$。');
    const again = await call<ResearchQuestion>(ownerToken, 'GET', `question/detail/${first.id}`);
    await call(ownerToken, 'POST', 'question/review', { answer_id: again.answers[1]!.id, accept: 1 });
    await st.page.reload();
    await poll(() => drawer.getByTestId('question-state').textContent()).toBe('已通过');
    await poll(() => drawer.getByTestId('answer-history').getByTestId('answer-state').allTextContents()).toEqual([
      '已退回',
      '已通过',
    ]);
    expect(await drawer.getByTestId('answer-form').count()).toBe(0);

    // Filter by state.
    await drawer.locator('.ant-drawer-close').click();
    await poll(() => drawer.count()).toBe(0);
    // The pointer rested on the drawer's close button, over the header once the drawer went: move it
    // off, or the header's hover menu may open over the tabs.
    await st.page.mouse.move(10, 600);
    await st.page.locator('.ant-tabs-tab', { hasText: '已通过 (1)' }).click();
    await poll(() => st.page.getByTestId('my-questions').locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(new URL(st.page.url()).searchParams.get('status')).toBe('accepted');

    // Every locale, wide and at 390 px: the list, a question to answer, one with its history.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      await st.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      for (const [width, tag] of [
        [1366, 'wide'],
        [390, 'phone'],
      ] as const) {
        await st.page.setViewportSize({ width, height: 900 });
        await st.page.goto('/manage/researchQuestions');
        await poll(() => st.page.getByTestId('my-questions').locator('tbody tr.ant-table-row').count()).toBe(2);
        await shoot(st.page, `list-${locale}-${tag}`);
        expect(await overflow(st.page), `list ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await st.page.goto(`/manage/researchQuestions?question=${second.id}`);
        await poll(() => drawer.getByTestId('answer-form').count()).toBe(1);
        await shoot(st.page, `answer-${locale}-${tag}`, false);
        expect(await overflow(st.page), `answer ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await st.page.goto(`/manage/researchQuestions?question=${first.id}`);
        await poll(() => drawer.getByTestId('answer-state').count()).toBe(2);
        await drawer.getByTestId('answer-history').scrollIntoViewIfNeeded();
        await shoot(st.page, `history-${locale}-${tag}`, false);
        expect(await overflow(st.page), `history ${locale} ${tag}`).toBeLessThanOrEqual(0);
      }
    }
    expect(errors).toEqual([]);
    await st.context.close();
  }, 240_000);

  it('a student with no questions sees the empty state', async () => {
    const admin = await call<{ token: { access_token: string } }>(null, 'POST', 'user/login', {
      phone_details: inject('adminPhone'),
      password: inject('adminPassword'),
    });
    const student = await certifiedPerson(admin.token.access_token, 'Student', '冯学生');
    const { page, context } = await newPage(browser());
    await signInThroughUi(page, student.phone, student.password);
    await page.goto('/manage/researchQuestions');
    await poll(() => page.getByText('暂无研究问题').count()).toBe(1);
    expect(await page.locator('.ant-tabs-tab', { hasText: '全部 (0)' }).count()).toBe(1);
    await context.close();
  });
});
