import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PDF } from './cooperation-api.ts';

/**
 * Playwright steps of research questions (DESIGN §9), reusable by any journey: the owner's side
 * works inside the QuestionsPanel (`[data-testid=questions-panel]`, wherever a page shows it), the
 * student's on /manage/researchQuestions. Each step waits until the server has answered.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const panel = (page: Page) => page.getByTestId('questions-panel');
const drawer = (page: Page) => page.locator('.ant-drawer', { has: page.getByTestId('question-body') });

/**
 * Opens a question's drawer from the list in `scope`, unless it is open already (a to-do's link,
 * `?question=ID`); another question's drawer is closed first.
 */
async function openQuestion(page: Page, title: string, scope: Locator): Promise<void> {
  const open = page.locator('.ant-drawer-title', { hasText: title });
  if (new URL(page.url()).searchParams.has('question')) await open.waitFor({ timeout: 10_000 }).catch(() => undefined);
  if ((await open.count()) > 0) return;
  if ((await page.locator('.ant-drawer-close').count()) > 0) await page.locator('.ant-drawer-close').click();
  await scope.locator('tr', { hasText: title }).getByRole('button', { name: title }).click();
  await open.waitFor({ timeout: 15_000 });
}

/** The owner poses a question to one student through the panel's form. */
export async function poseQuestion(
  page: Page,
  question: { title: string; statement: string; assigneeName: string },
): Promise<void> {
  await panel(page).getByTestId('question-pose').click();
  const modal = page.locator('.ant-modal', { has: page.getByTestId('question-form') });
  await modal.locator('#title').fill(question.title);
  await modal.locator('#statement').fill(question.statement);
  await modal
    .locator('.ant-form-item', { has: page.locator('#assignees') })
    .locator('.ant-select')
    .click();
  await page.keyboard.type(question.assigneeName);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: question.assigneeName })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await poll(() => modal.locator('.ant-select-selection-item', { hasText: question.assigneeName }).count()).toBe(1);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(() => modal.count()).toBe(0);
  await poll(() => panel(page).locator('tr', { hasText: question.title }).count()).toBe(1);
}

/** The student opens a question on /manage/researchQuestions and answers it (optionally with a PDF). */
export async function answerQuestion(page: Page, title: string, text: string, fileName?: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/manage/researchQuestions'))
    await page.goto('/manage/researchQuestions');
  await openQuestion(page, title, page.getByTestId('my-questions'));
  const form = drawer(page).getByTestId('answer-form');
  await form.locator('#content').fill(text);
  if (fileName) {
    await form
      .getByTestId('question-attachment-input')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await poll(() => form.getByText(fileName).count()).toBe(1);
  }
  await form.getByTestId('answer-submit').click();
  await poll(() => drawer(page).getByTestId('answer-form').count()).toBe(0);
}

/** The owner opens a question in the panel and accepts, or returns with a comment, the answer awaiting review. */
export async function reviewAnswer(
  page: Page,
  title: string,
  decision: 'accept' | 'return',
  comment = '',
): Promise<void> {
  await openQuestion(page, title, panel(page));
  const history = drawer(page).getByTestId('answer-history');
  await poll(() => history.getByTestId(`answer-${decision}`).count()).toBe(1);
  await history.getByTestId(`answer-${decision}`).click();
  if (decision === 'accept') {
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  } else {
    const modal = page.locator('.ant-modal', { has: page.locator('#comment') });
    await modal.locator('#comment').fill(comment);
    await modal.locator('.ant-modal-footer .ant-btn-dangerous').click();
    await poll(() => modal.count()).toBe(0);
  }
  await poll(() => history.getByTestId(`answer-${decision}`).count()).toBe(0);
}
