import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  PDF,
  call,
  certified,
  certifiedMember,
  certifiedPerson,
  chooseSelect,
  jobBody,
  shoot as shootTo,
  shotsDir,
  pickDatePreset,
  signInAdmin,
  horizontalOverflow as overflow,
  uploadPdf,
} from './cooperation-api.ts';
import { confirmDialog, openDialog } from './dialogs.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('jobs');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const shoot = (page: Page, name: string, fullPage = true) => shootTo(page, SHOTS, name, fullPage);

describeE2E('jobs, end to end', () => {
  const browser = useBrowser();

  it('an enterprise posts a job through the form, a specialist finds it on /employ and applies with a resume, the enterprise invites to interview and the specialist sees it', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `数桥招聘科技有限公司${suffix}`);
    const institute = await certified(adminToken, 'ResearchInstitute', `应用数学研究院${suffix}`);
    const specialist = await certifiedMember(adminToken, institute, '张专家');
    const errors: string[] = [];
    const title = `算法工程师${suffix}`;

    // More jobs through the API first (one session per user: signing in ends the script's).
    for (const [i, fields] of [{ negotiable: 1 }, { employment_type: 2, experience: 5, degree: undefined }].entries()) {
      const saved = await call<{ job: { id: number } }>(
        enterprise.token,
        'POST',
        'job/save',
        jobBody(`数据分析${i}${suffix}`, fields),
      );
      await call(enterprise.token, 'POST', 'job/publish', { id: saved.job.id });
    }

    // The enterprise fills in the job form and publishes.
    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    await ent.page.goto('/manage/employment/list');
    await poll(() => ent.page.locator('.ant-table-row').count()).toBe(2);
    const asked: string[] = [];
    ent.page.on('request', (request) => {
      if (request.url().includes('/api/job/detail/')) asked.push(new URL(request.url()).pathname);
    });
    await ent.page.goto('/manage/employment/form/new');
    await poll(() => ent.page.locator('#title').count()).toBe(1);
    // A new job has nothing to load: no detail call, no 'invalid input' toast on opening the form.
    await ent.page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await ent.page.locator('.ant-message-notice').count()).toBe(0);
    // Publishing an empty form names what is missing.
    await ent.page.getByTestId('job-publish').click();
    await poll(() => ent.page.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(3);
    await ent.page.fill('#title', title);
    await chooseSelect(ent.page, 'employment_type', '全职');
    await chooseSelect(ent.page, 'experience', '1-3年');
    await chooseSelect(ent.page, 'degree', '硕士');
    await ent.page.click('#area');
    await ent.page.locator('.ant-cascader-menu-item', { hasText: '浙江' }).click();
    await ent.page.locator('.ant-cascader-menu-item', { hasText: '杭州' }).click();
    await pickDatePreset(ent.page, 'deadline', '六个月后');
    // The salary range is checked as the server checks it.
    await ent.page.fill('#salary_min', '30000');
    await ent.page.fill('#salary_max', '20000');
    await ent.page.locator('#salary_max').blur();
    await poll(() => ent.page.getByText('薪资上限不能低于下限').count()).toBe(1);
    await ent.page.fill('#salary_max', '40000');
    await poll(() => ent.page.getByText('薪资上限不能低于下限').count()).toBe(0);
    await ent.page.fill('#description', '## 职责\n- 建立排产优化模型\n- 求解 $\\min \\sum_i c_i x_i$');
    await poll(() => ent.page.locator('.mb-md-preview h2', { hasText: '职责' }).count()).toBe(1);
    await ent.page.fill('#contact', '王经理');
    await ent.page.fill('#contact_phone', '13900001111');
    await shoot(ent.page, 'form-filled-zh-CN');
    await ent.page.getByTestId('job-publish').click();
    await ent.page.waitForURL('**/manage/employment/detail/*');
    const jobId = Number(new URL(ent.page.url()).pathname.split('/').pop());
    await poll(() => ent.page.locator('.ant-tag', { hasText: '已发布' }).count()).toBeGreaterThan(0);
    await poll(() => ent.page.getByText('没有该状态的投递。').count()).toBe(1);

    // A visitor sees the job and a sign-in link that comes back to it.
    const visitor = await newPage(browser());
    visitor.page.on('pageerror', (error) => errors.push(String(error)));
    await visitor.page.goto(`/employ/detail/${jobId}`);
    const signIn = visitor.page.getByRole('link', { name: '登录后投递' });
    await poll(() => signIn.count()).toBe(1);
    expect(await signIn.getAttribute('href')).toBe(`/signin?redirect=${encodeURIComponent(`/employ/detail/${jobId}`)}`);
    await poll(() => visitor.page.title()).toBe(`${title} - 数桥`);

    // The specialist finds it on /employ and applies with a resume.
    const sp = await newPage(browser());
    sp.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(sp.page, specialist.phone, specialist.password);
    await sp.page.goto('/employ');
    await sp.page.fill('#job-keyword', title);
    // The keyword reaches the address once typing pauses; a click before that would be undone.
    await poll(() => new URL(sp.page.url()).searchParams.get('keyword')).toBe(title);
    const cards = sp.page.locator('[data-testid=job-card]');
    await poll(() => cards.count()).toBe(1);
    await poll(() => cards.first().getByText('¥30,000 – ¥40,000 / 月').count()).toBe(1);
    await cards.first().getByRole('link', { name: title }).click();
    await sp.page.waitForURL(`**/employ/detail/${jobId}`);
    await sp.page.getByTestId('job-apply').click();
    const modal = sp.page.locator('.ant-modal', { hasText: `投递“${title}”` });
    // Sending without a resume says it is missing.
    await modal.getByRole('button', { name: '确认投递' }).click();
    await poll(() => modal.getByText('请上传简历。').count()).toBe(1);
    await sp.page
      .getByTestId('resume-input')
      .setInputFiles({ name: '张专家简历.pdf', mimeType: 'application/pdf', buffer: PDF });
    await poll(() => modal.getByTestId('resume-chosen').count()).toBe(1);
    await modal.locator('#note').fill('十年运筹优化经验，熟悉排产与调度。');
    await shoot(sp.page, 'apply-zh-CN', false);
    await modal.getByRole('button', { name: '确认投递' }).click();
    const mine = sp.page.getByTestId('my-application');
    await poll(() => mine.count()).toBe(1);
    await poll(() => mine.getByText('已投递').count()).toBe(1);

    // The enterprise's to-do leads to the applicants; it views the application and invites to an interview.
    await ent.page.goto('/manage/todoList?tab=mine');
    const todo = ent.page.locator('tr', { hasText: title });
    await poll(() => todo.count()).toBeGreaterThan(0);
    await todo.first().getByRole('button').first().click();
    await ent.page.waitForURL(`**/manage/employment/detail/${jobId}`);
    const row = ent.page.locator('[data-testid=applicants] tr', { hasText: '张专家' });
    await poll(() => row.count()).toBe(1);
    await poll(() => row.getByText('张专家简历.pdf').count()).toBe(1);
    // Each confirmation is gone (its mask and fade-out too) before the next action is clicked.
    const confirmed = () => poll(() => ent.page.locator('.ant-modal-confirm, .ant-modal-mask').count()).toBe(0);
    await row.getByRole('button', { name: '标记已查看' }).click();
    await ent.page.locator('.ant-modal-confirm').getByRole('button', { name: '标记已查看' }).click();
    await confirmed();
    await poll(() => row.getByTestId('application-status').textContent()).toBe('已查看');
    await row.getByRole('button', { name: '邀请面试' }).click();
    await ent.page.locator('.ant-modal-confirm').getByRole('button', { name: '邀请面试' }).click();
    await confirmed();
    await poll(() => row.getByTestId('application-status').textContent()).toBe('面试');
    await poll(() => row.getByRole('button', { name: '发放录用' }).count()).toBe(1);

    // The specialist's to-do leads to /manage/myJob, which shows 'interview' and links back to the job.
    await sp.page.goto('/manage/todoList?tab=mine');
    const spTodo = sp.page.locator('tr', { hasText: title });
    await poll(() => spTodo.count()).toBeGreaterThan(0);
    await spTodo.first().getByRole('button').first().click();
    await sp.page.waitForURL('**/manage/myJob');
    const myRow = sp.page.locator('tr', { hasText: title });
    await poll(() => myRow.count()).toBe(1);
    await poll(() => myRow.getByTestId('application-status').textContent()).toBe('面试');
    expect(await myRow.getByRole('link', { name: title }).getAttribute('href')).toBe(`/employ/detail/${jobId}`);

    // Screenshots in the three locales, wide and at 390 px: no horizontal overflow.
    for (const locale of ['zh-CN', 'zh-HK', 'en-US']) {
      for (const side of [sp.page, ent.page, visitor.page])
        await side.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: LOCALE_STORAGE_KEY,
          value: locale,
        });
      for (const [width, tag] of [
        [1366, 'wide'],
        [390, 'phone'],
      ] as const) {
        for (const side of [sp.page, ent.page, visitor.page]) await side.setViewportSize({ width, height: 900 });
        await visitor.page.goto('/employ');
        await poll(() => visitor.page.locator('[data-testid=job-card]').count()).toBeGreaterThan(2);
        await shoot(visitor.page, `employ-${locale}-${tag}`);
        expect(await overflow(visitor.page), `/employ ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await visitor.page.goto(`/employ/detail/${jobId}`);
        await poll(() => visitor.page.locator('.mb-md-view, .katex').count()).toBeGreaterThan(0);
        await shoot(visitor.page, `employ-detail-visitor-${locale}-${tag}`);
        expect(await overflow(visitor.page), `/employ/detail ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await sp.page.goto(`/employ/detail/${jobId}`);
        await poll(() => sp.page.getByTestId('my-application').count()).toBe(1);
        await shoot(sp.page, `employ-detail-applicant-${locale}-${tag}`);
        await sp.page.goto('/manage/myJob');
        await poll(() => sp.page.locator('tr', { hasText: title }).count()).toBe(1);
        await shoot(sp.page, `my-job-${locale}-${tag}`);
        expect(await overflow(sp.page), `/manage/myJob ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await ent.page.goto('/manage/employment/list');
        await poll(() => ent.page.locator('tr', { hasText: title }).count()).toBe(1);
        await shoot(ent.page, `list-${locale}-${tag}`);
        expect(await overflow(ent.page), `list ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await ent.page.goto(`/manage/employment/form/${jobId}`);
        await poll(() => ent.page.locator('#title').inputValue()).toBe(title);
        await shoot(ent.page, `form-${locale}-${tag}`);
        expect(await overflow(ent.page), `form ${locale} ${tag}`).toBeLessThanOrEqual(0);
        await ent.page.goto(`/manage/employment/detail/${jobId}`);
        await poll(() => ent.page.locator('[data-testid=applicants] tr', { hasText: '张专家' }).count()).toBe(1);
        await shoot(ent.page, `applicants-${locale}-${tag}`);
        expect(await overflow(ent.page), `detail ${locale} ${tag}`).toBeLessThanOrEqual(0);
      }
    }
    // The specialist withdraws (after a confirmation; the pages are in English by now); the
    // enterprise sees the application withdrawn, with no step left.
    await sp.page.setViewportSize({ width: 1366, height: 900 });
    await sp.page.goto('/manage/myJob');
    const withdrawRow = sp.page.locator('tr', { hasText: title });
    await withdrawRow.getByRole('button', { name: 'Withdraw' }).click();
    await sp.page.locator('.ant-modal-confirm').getByRole('button', { name: 'Withdraw' }).click();
    await poll(() => withdrawRow.getByTestId('application-status').textContent()).toBe('Withdrawn');
    await poll(() => withdrawRow.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await ent.page.goto(`/manage/employment/detail/${jobId}`);
    const withdrawn = ent.page.locator('[data-testid=applicants] tr', { hasText: '张专家' });
    await poll(() => withdrawn.getByTestId('application-status').textContent()).toBe('Withdrawn');
    expect(await withdrawn.getByRole('button', { name: 'Make offer' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await Promise.all([ent.context.close(), sp.context.close(), visitor.context.close()]);
  }, 300_000);

  it('the enterprise rejects an applicant giving a reason (the dialog asks for one, in three locales) and closes the job; the applicant still opens it from /manage/myJob, sees it closed and reads why', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-4);
    const enterprise = await certified(adminToken, 'Enterprise', `数桥排产科技有限公司${suffix}`);
    const applicant = await certifiedPerson(adminToken, 'Specialist', '李专家');
    const title = `排产专家${suffix}`;
    const errors: string[] = [];
    // The job and the application through the API (one session per user: signing in ends the script's).
    const saved = await call<{ job: { id: number } }>(enterprise.token, 'POST', 'job/save', jobBody(title));
    const jobId = saved.job.id;
    await call(enterprise.token, 'POST', 'job/publish', { id: jobId });
    const space = await call<{ space_id: number }>(applicant.token, 'POST', 'job/resumeSpace', {});
    const resume = await uploadPdf(applicant.token, space.space_id, '李专家简历.pdf');
    await call(applicant.token, 'POST', 'job/apply', { job_id: jobId, resume_file_id: resume });

    const ent = await newPage(browser());
    ent.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(ent.page, enterprise.phone, enterprise.password);
    const row = ent.page.locator('[data-testid=applicants] tr', { hasText: '李专家' });
    const dialog = openDialog(ent.page);
    const shown = () => dialog.locator('.ant-form-item-explain-error').allTextContents();
    const words = '团队已满，欢迎关注后续职位';
    const labels = {
      'zh-HK': { reject: '不合適', choose: '請選擇', other: '其他', required: '請填寫' },
      'en-US': {
        reject: 'Reject',
        choose: 'Please choose',
        other: 'Other',
        required: 'Please fill in',
      },
      'zh-CN': { reject: '不合适', choose: '请选择', other: '其他', required: '请填写' },
    } as const;
    // In each locale the dialog refuses to reject without a reason, and without words for 'Other';
    // it is cancelled in the first two and sent in the last (zh-CN).
    for (const [locale, label] of Object.entries(labels)) {
      await ent.page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      await ent.page.goto(`/manage/employment/detail/${jobId}`);
      await poll(() => row.count()).toBe(1);
      await row.getByRole('button', { name: label.reject }).click();
      await dialog.waitFor();
      await poll(() => dialog.getAttribute('class')).not.toMatch(/ant-zoom-appear|ant-zoom-enter/);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await poll(shown).toEqual([label.choose]);
      await shoot(ent.page, `reject-empty-${locale}`, false);
      await chooseSelect(ent.page, 'reason', label.other);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await poll(shown).toEqual([label.required]);
      await dialog.locator('#reason_text').fill(words);
      await poll(shown).toEqual([]);
      await shoot(ent.page, `reject-filled-${locale}`, false);
      if (locale === 'zh-CN') break;
      // (antd spaces out a two-character Chinese label: '取 消'; the footer's other button is Cancel.)
      await dialog.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      await dialog.waitFor({ state: 'hidden' });
      // Cancelled: nothing changed, the step is still offered.
      expect(await row.getByRole('button', { name: label.reject }).count()).toBe(1);
    }
    await confirmDialog(ent.page);
    await poll(() => row.getByTestId('application-status').textContent()).toBe('未通过');
    expect(await row.getByTestId('reject-reason').textContent()).toBe(`原因：其他 — ${words}`);
    await ent.page.getByTestId('job-close').click();
    await confirmDialog(ent.page);
    await poll(() => ent.page.getByTestId('job-reopen').count()).toBe(1);

    // The applicant: the list says why and that the job is closed; its link still opens the job.
    const sp = await newPage(browser());
    sp.page.on('pageerror', (error) => errors.push(String(error)));
    await signInThroughUi(sp.page, applicant.phone, applicant.password);
    await sp.page.goto('/manage/myJob');
    const myRow = sp.page.locator('tr', { hasText: title });
    await poll(() => myRow.getByTestId('application-status').textContent()).toBe('未通过');
    expect(await myRow.getByTestId('reject-reason').textContent()).toBe(`原因：其他 — ${words}`);
    expect(await myRow.locator('.ant-tag', { hasText: '已关闭' }).count()).toBe(1);
    await shoot(sp.page, 'my-job-rejected-zh-CN');
    await myRow.getByRole('link', { name: title }).click();
    await sp.page.waitForURL(`**/employ/detail/${jobId}`);
    const mine = sp.page.getByTestId('my-application');
    await poll(() => mine.count()).toBe(1);
    expect(await mine.getByTestId('application-status').textContent()).toBe('未通过');
    expect(await sp.page.getByText('该职位已关闭，不再接受投递。').count()).toBe(1);
    expect(await sp.page.locator('h1', { hasText: title }).getByText('已关闭').count()).toBe(1);
    expect(await sp.page.getByTestId('job-apply').count()).toBe(0);
    await shoot(sp.page, 'employ-detail-closed-applicant-zh-CN');
    expect(errors).toEqual([]);
    await Promise.all([ent.context.close(), sp.context.close()]);
  }, 180_000);
});
