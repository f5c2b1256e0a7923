import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PDF } from './cooperation-api.ts';
import { confirmDialog, openDialog } from './dialogs.ts';

/**
 * Reusable steps of the research joining side (issue 10): pools, applying, invitations, shared
 * files, phases and outcomes. Each step waits on what the screen shows afterwards (no sleeps), and
 * finds controls by test id or form field id, so it works in every locale.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

export type Kind = 'subject' | 'direction';

const dialog = openDialog;

/** The pool's list with a keyword filter, waiting until the project's card shows. */
export async function openPool(page: Page, kind: Kind, title: string): Promise<Locator> {
  await page.goto(`/manage/${kind}sPool/list?keyword=${encodeURIComponent(title)}`);
  const card = page.getByTestId('pool-card').filter({ hasText: title });
  await card.first().waitFor({ timeout: 20_000 });
  return card.first();
}

/** The viewer's membership on the pool detail page: none, applied, invited, member, owner… */
export const joinState = (page: Page) => page.getByTestId('join-state').getAttribute('data-state');

/**
 * Finds a project in its pool by title, opens it and applies with a note; a confidential project
 * needs `nda` (the step checks the box). Returns the project id (from the detail URL).
 */
export async function findInPoolAndApply(
  page: Page,
  kind: Kind,
  title: string,
  note: string,
  options: { nda?: boolean } = {},
): Promise<number> {
  const card = await openPool(page, kind, title);
  await card.getByRole('link', { name: title }).click();
  await page.waitForURL(`**/${kind}sPool/detail/**`);
  await page.getByTestId('join-apply').waitFor();
  await page.getByTestId('join-apply').click();
  const form = dialog(page);
  await form.locator('#note').fill(note);
  if (options.nda) await form.getByTestId('nda-checkbox').check();
  await confirmDialog(page);
  await poll(() => joinState(page)).toBe('applied');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Opens the pool detail of an invitation and accepts it (with the NDA for a confidential project). */
export async function acceptInvitation(page: Page, kind: Kind, projectId: number, options: { nda?: boolean } = {}) {
  await page.goto(`/manage/${kind}sPool/detail/${projectId}`);
  await poll(() => joinState(page)).toBe('invited');
  await page.getByTestId('invite-accept').click();
  if (options.nda) {
    await dialog(page).getByTestId('nda-checkbox').check();
    await confirmDialog(page);
  }
  await poll(() => joinState(page)).toBe('member');
}

/** Opens a project's shared files (a sharedFile path of the viewer's face) and waits for the list. */
export async function openSharedFiles(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.mb-file-table').waitFor({ timeout: 20_000 });
}

/** Uploads a file (a small PDF unless content is given) in the open file manager and waits for its row. */
export async function uploadSharedFile(page: Page, name: string, content: Buffer = PDF): Promise<void> {
  await page.setInputFiles('[data-testid=file-upload-input]', [{ name, mimeType: 'application/pdf', buffer: content }]);
  await page.locator('.mb-file-table .mb-file-name-text', { hasText: name }).first().waitFor({ timeout: 30_000 });
}

/** A phase's card on the phases panel. */
export const phaseCard = (page: Page, title: string): Locator =>
  page.locator(`[data-testid=phase][data-phase-title="${title.replaceAll('"', '\\"')}"]`);

export const phaseStatus = (page: Page, title: string) => phaseCard(page, title).getAttribute('data-status');

/** Plans a phase on the open phases panel (planOutcomeDetail or the detail's Phases tab). */
export async function planPhase(
  page: Page,
  phase: { title: string; goal: string; assignees?: string[] },
): Promise<void> {
  await page.getByTestId('plan-phase').first().click();
  const form = dialog(page);
  await form.locator('#title').fill(phase.title);
  await form.locator('#goal').fill(phase.goal);
  for (const name of phase.assignees ?? []) {
    await form.locator('.ant-select', { has: page.locator('#assignees') }).click();
    await page.keyboard.type(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
    await page.keyboard.press('Escape');
  }
  await confirmDialog(page);
  await poll(() => phaseStatus(page, phase.title)).toBe('planned');
}

/** Submits (or resubmits) a phase's outcome: Markdown text and optionally a PDF attachment. */
export async function submitOutcome(page: Page, phaseTitle: string, text: string, fileName?: string): Promise<void> {
  const card = phaseCard(page, phaseTitle);
  const before = await card.getByTestId('outcome').count();
  await card.getByTestId('phase-submit').click();
  const form = dialog(page);
  await form.locator('#content').fill(text);
  if (fileName) {
    await form
      .getByTestId('attachment-input')
      .setInputFiles([{ name: fileName, mimeType: 'application/pdf', buffer: PDF }]);
    await form.getByTestId('attachment-chosen').filter({ hasText: fileName }).waitFor({ timeout: 30_000 });
  }
  await confirmDialog(page);
  await poll(() => phaseStatus(page, phaseTitle)).toBe('submitted');
  await poll(() => card.getByTestId('outcome').count()).toBe(before + 1);
}

/** Reviews a submitted outcome: accept, or ask for a revision with a comment. */
export async function reviewOutcome(
  page: Page,
  phaseTitle: string,
  verdict: 'accept' | 'revise',
  comment?: string,
): Promise<void> {
  await phaseCard(page, phaseTitle).getByTestId('phase-review').click();
  const form = dialog(page);
  await form.locator('#comment').waitFor();
  const choice = form.locator(`input[type=radio][value=${verdict}]`);
  await form.locator('label.ant-radio-wrapper', { has: page.locator(`input[value=${verdict}]`) }).click();
  await poll(() => choice.isChecked()).toBe(true);
  if (comment) await form.locator('#comment').fill(comment);
  await confirmDialog(page);
  await poll(() => phaseStatus(page, phaseTitle)).toBe(verdict === 'accept' ? 'accepted' : 'revision_requested');
}
