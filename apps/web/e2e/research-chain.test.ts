import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@mathbridge/contracts/locales';
import { describeE2E, newPage, useBrowser } from './browser.ts';
import {
  call,
  certified,
  certifiedPerson,
  certifiedStudent,
  chooseSelect,
  demandBody,
  shoot,
  shotsDir,
  signInAdmin,
  horizontalOverflow as overflow,
} from './cooperation-api.ts';
import {
  approveApplicant,
  concludeProject,
  fillAndPublishProject,
  fillProject,
  setMemberPermission,
  setMemberPreset,
  startProject,
  startSubjectFromSolution,
} from './research-owner-steps.ts';
import {
  findInPoolAndApply,
  openSharedFiles,
  phaseStatus,
  planPhase,
  reviewOutcome,
  submitOutcome,
  uploadSharedFile,
} from './research-join-steps.ts';
import { answerQuestion, poseQuestion, reviewAnswer } from './questions-steps.ts';
import { signInThroughUi } from './session.ts';

const SHOTS = shotsDir('research-chain');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The entry names of a zip (its central directory), and each stored entry's bytes. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** `path` on `page` in the three locales, wide and at 390 px, once `ready` shows: shot, and no horizontal overflow. */
async function shootEverywhere(page: Page, name: string, path: string, ready: string): Promise<void> {
  for (const locale of ['zh-CN', 'zh-HK', 'en-US'])
    for (const [width, tag] of [
      [1366, 'wide'],
      [390, 'phone'],
    ] as const) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: LOCALE_STORAGE_KEY,
        value: locale,
      });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await shoot(page, SHOTS, `${name}-${locale}-${tag}`);
      expect(await overflow(page), `${name} ${locale} ${tag}`).toBeLessThanOrEqual(0);
    }
  await page.evaluate((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_STORAGE_KEY);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describeE2E('research, the whole chain through the screens', () => {
  const browser = useBrowser();

  it('an accepted solution becomes a subject; a specialist joins with the upload permission and opens a direction under it; a student joins and answers a question, accepted; a phase outcome is accepted and the subject concluded', async () => {
    const adminToken = await signInAdmin();
    const suffix = String(Date.now()).slice(-5);
    const enterprise = await certified(adminToken, 'Enterprise', `链路制造${suffix}有限公司`);
    const institute = await certified(adminToken, 'ResearchInstitute', `链路数学研究院${suffix}`);
    const specialistName = `林专家${suffix.slice(-2)}`;
    const studentName = `陈同学${suffix.slice(-2)}`;
    const specialist = await certifiedPerson(adminToken, 'Specialist', specialistName, ['90']);
    const student = await certifiedStudent(adminToken, studentName, ['90']);
    const errors: string[] = [];
    const open = async (user: { phone: string; password: string }) => {
      const opened = await newPage(browser());
      opened.page.on('pageerror', (error) => errors.push(String(error)));
      await signInThroughUi(opened.page, user.phone, user.password);
      return opened.page;
    };

    // The cooperation: a published demand, the institute's solution, accepted by the enterprise.
    const demandTitle = `链路排产需求${suffix}`;
    const saved = await call<{ demand: { id: number } }>(enterprise.token, 'POST', 'demand/save', {
      ...demandBody(demandTitle),
      commit: 1,
    });
    const demandId = saved.demand.id;
    await call(adminToken, 'POST', 'demand/review', { id: demandId, approve: 1 });
    await call(institute.token, 'POST', 'demand/receive', { id: demandId, accept_nda: 1 });
    const solution = await call<{ id: number }>(institute.token, 'POST', 'solution/save', {
      demand_id: demandId,
      approach: '混合整数规划与列生成',
      team: '3 名研究员',
      timeline: '3 个月',
      cost_estimate: 200000,
      commit: 1,
    });
    await call(enterprise.token, 'POST', 'solution/accept', { id: solution.id });

    // 1. The institute starts a subject from the accepted solution and publishes it.
    const ins = await open(institute);
    const subjectId = await startSubjectFromSolution(ins, demandId);
    const subjectTitle = `排产课题${suffix}`;
    expect(await fillAndPublishProject(ins, { title: subjectTitle, headcount: 3 })).toBe(subjectId);
    const subjectDetail = `/manage/subjectManage/detail/${subjectId}`;
    // The link shows both ways: the subject names its solution's demand, the demand lists the subject.
    await ins.goto(subjectDetail);
    await poll(() => ins.getByTestId('project-origin').getByText(demandTitle).count()).toBeGreaterThan(0);
    await ins.goto(`/manage/demandManageRI/detail/${demandId}`);
    await poll(() => ins.getByRole('link', { name: subjectTitle }).count()).toBeGreaterThan(0);

    // 2. A specialist finds it in the pool and applies; the institute approves and grants uploads.
    const sp = await open(specialist);
    await shootEverywhere(sp, 'pool', `/manage/subjectsPool/list?keyword=${suffix}`, '[data-testid=pool-card]');
    await findInPoolAndApply(sp, 'subject', subjectTitle, '做过十余个排产项目');
    await approveApplicant(ins, subjectDetail, specialistName);
    const authority = `/manage/subjectManage/authorityManagement/${subjectId}`;
    await setMemberPreset(ins, authority, specialistName, 'viewer');
    await setMemberPermission(ins, null, specialistName, 'upload_files', true);
    await setMemberPermission(ins, null, specialistName, 'submit_outcome', true);
    await openSharedFiles(sp, `/manage/subjectManageS/sharedFile?id=${subjectId}`);
    await uploadSharedFile(sp, '排产数据.pdf');

    // 3. The specialist opens a direction under the subject.
    const directionTitle = `排产方向${suffix}`;
    await sp.goto('/manage/directionManage/directionForm/new');
    await fillProject(sp, {
      title: directionTitle,
      summary: '面向研究生的排产问题研究',
      description: '## 题目\n$\\min \\sum_j w_j C_j$',
      msc: '90',
      headcount: 4,
    });
    await chooseSelect(sp, 'parent_id', subjectTitle);
    const directionId = await fillAndPublishProject(sp);
    const directionDetail = `/manage/directionManage/detail/${directionId}`;

    // 4. A student joins the direction and answers a research question.
    const st = await open(student);
    await findInPoolAndApply(st, 'direction', directionTitle, '想学习调度理论');
    await approveApplicant(sp, directionDetail, studentName);
    await startProject(sp, directionDetail);
    const question = `单机调度${suffix.slice(-3)}`;
    await sp.goto(`${directionDetail}?tab=questions`);
    await poseQuestion(sp, {
      title: question,
      statement: '证明 $1||\\sum w_jC_j$ 的 WSPT 规则最优。',
      assigneeName: studentName,
    });
    await st.goto('/manage/researchQuestions');
    await answerQuestion(st, question, '交换论证：相邻两工件交换不改善目标。', '证明.pdf');

    // 5. The direction's owner accepts the answer; the student sees it accepted.
    await sp.goto(`${directionDetail}?tab=questions`);
    await reviewAnswer(sp, question, 'accept');
    await st.goto('/manage/researchQuestions?status=accepted');
    await poll(() => st.getByTestId('my-questions').locator('tr', { hasText: question }).count()).toBe(1);

    // 6. The subject runs: a phase is planned, the specialist submits, the institute accepts and concludes.
    await startProject(ins, subjectDetail);
    await ins.goto(`/manage/subjectManage/planOutcomeDetail/${subjectId}`);
    await planPhase(ins, { title: '建模', goal: '给出排产模型与算法', assignees: [specialistName] });
    await sp.goto(`/manage/subjectManageS/detail?id=${subjectId}&tab=phases`);
    await submitOutcome(sp, '建模', '## 模型\n时间索引 MIP，见附件。', '模型.pdf');
    await ins.goto(`/manage/subjectManage/planOutcomeDetail/${subjectId}`);
    await reviewOutcome(ins, '建模', 'accept');
    expect(await phaseStatus(ins, '建模')).toBe('accepted');
    await concludeProject(ins, subjectDetail);
    await poll(() => ins.getByTestId('project-status').textContent()).toContain('已结题');

    // The deliverables: the shared files and the accepted outcome with its attachment, in one zip.
    // (Signing in on a page ended the institute's API session: the download goes through the button.)
    await ins.goto(subjectDetail);
    const [download] = await Promise.all([ins.waitForEvent('download'), ins.getByTestId('project-download').click()]);
    const zip = readFileSync(await download.path());
    const names = [...unzip(zip).keys()];
    expect(names).toContain('files/排产数据.pdf');
    expect(names.some((n) => /^phases\/1-建模\/outcome\.md$/.test(n))).toBe(true);
    expect(names.some((n) => /^phases\/1-建模\/模型\.pdf$/.test(n))).toBe(true);

    // The screens of the closing note, with their real content (the pool was shot while recruiting).
    await shootEverywhere(ins, 'subject-detail', subjectDetail, '[data-testid=members-table]');
    await shootEverywhere(ins, 'authority', authority, '[data-testid=authority-table]');
    await shootEverywhere(
      ins,
      'plan-outcome',
      `/manage/subjectManage/planOutcomeDetail/${subjectId}`,
      '[data-testid=outcome]',
    );
    await shootEverywhere(
      sp,
      'direction-questions',
      `${directionDetail}?tab=questions`,
      '[data-testid=questions-panel]',
    );
    expect(errors).toEqual([]);
  }, 360_000);
});
