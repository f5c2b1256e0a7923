import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PermissionPreset, ResearchPermission } from '@mathbridge/contracts/research';
import { chooseSelect } from './cooperation-api.ts';
import { confirmDialog } from './dialogs.ts';

/**
 * The owner's steps on subjects and directions (issue 10), as Playwright steps that take a page
 * and ids or names, so journeys compose them. Every step waits on visible state (test ids, not
 * words), so it works in every locale; none waits on time.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * On the institute's demand detail (`/manage/demandManageRI/detail/:demandId`) with an accepted
 * solution: "start a subject", confirmed; lands on the subject form of the new draft. Returns its id.
 */
export async function startSubjectFromSolution(page: Page, demandId: number): Promise<number> {
  await page.goto(`/manage/demandManageRI/detail/${demandId}`);
  await page.getByTestId('start-subject').click();
  await confirmDialog(page);
  await page.waitForURL(/\/manage\/subjectManage\/subjectForm\/\d+$/);
  await page.locator('#title').waitFor();
  await poll(() => page.locator('#title').inputValue()).not.toBe('');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

export interface ProjectFields {
  title?: string;
  summary?: string;
  description?: string;
  /** An MSC code to add (its option is found by typing the code). */
  msc?: string;
  headcount?: number;
  confidential?: boolean;
}

/** Fills what is given on the open project form (`…Form/:id`), leaving the rest as it is. */
export async function fillProject(page: Page, fields: ProjectFields): Promise<void> {
  await page.getByTestId('project-form').waitFor();
  if (fields.title !== undefined) await page.fill('#title', fields.title);
  if (fields.summary !== undefined) await page.fill('#summary', fields.summary);
  if (fields.description !== undefined) await page.fill('#description', fields.description);
  if (fields.msc !== undefined) await chooseSelect(page, 'msc_fields', fields.msc);
  if (fields.headcount !== undefined) await page.fill('#headcount', String(fields.headcount));
  if (fields.confidential !== undefined) {
    const toggle = page.locator('#confidential');
    if ((await toggle.getAttribute('aria-checked')) !== String(fields.confidential)) await toggle.click();
  }
}

/** Submits the form with `button`; waits for `…/submitted/:isCommit?id=`, or fails with the fields' errors. */
async function submitProject(page: Page, button: 'project-publish' | 'project-save', isCommit: 0 | 1): Promise<number> {
  await page.getByTestId(button).click();
  const landed = new RegExp(`/submitted/${isCommit}\\?id=\\d+$`);
  // Wait for the page to move on; messages of an earlier refused try may still be fading out meanwhile,
  // so only when it does not move are the messages on screen the reason.
  try {
    await page.waitForURL(landed, { timeout: 20_000 });
  } catch (error) {
    const errors = page.locator('.ant-form-item-explain-error, .ant-message-error').filter({ hasText: /\S/ });
    throw new Error(`the form refused: ${(await errors.allTextContents()).join('; ')}`, { cause: error });
  }
  return Number(new URL(page.url()).searchParams.get('id'));
}

/** Fills the open form and publishes: lands on `…/submitted/1?id=`; returns the project's id. */
export async function fillAndPublishProject(page: Page, fields: ProjectFields = {}): Promise<number> {
  await fillProject(page, fields);
  return submitProject(page, 'project-publish', 1);
}

/** Fills the open form and saves a draft: lands on `…/submitted/0?id=`; returns the project's id. */
export async function fillAndSaveDraft(page: Page, fields: ProjectFields = {}): Promise<number> {
  await fillProject(page, fields);
  return submitProject(page, 'project-save', 0);
}

/** Opens (or reloads, for what others did meanwhile) a project's detail page (faces.projectPath) and waits for it. */
export async function openProject(page: Page, detailPath: string): Promise<void> {
  await page.goto(detailPath);
  await page.getByTestId('members-panel').waitFor();
}

const rowOf = (page: Page, table: string, name: string): Locator =>
  page.getByTestId(table).locator('tr', { hasText: name });

/** On the detail: approves `name`'s application (confirmed); waits until they are in the members table. */
export async function approveApplicant(page: Page, detailPath: string, name: string): Promise<void> {
  await openProject(page, detailPath);
  await rowOf(page, 'applicants-table', name).locator('[data-testid^=approve-]').click();
  await confirmDialog(page);
  await poll(() => rowOf(page, 'members-table', name).count()).toBe(1);
  await poll(() => rowOf(page, 'applicants-table', name).count()).toBe(0);
}

/** On the detail: refuses `name`'s application with a reason; waits until it left the applications. */
export async function refuseApplicant(page: Page, detailPath: string, name: string, reason: string): Promise<void> {
  await openProject(page, detailPath);
  await rowOf(page, 'applicants-table', name).locator('[data-testid^=refuse-]').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('#reason').fill(reason);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  await poll(() => rowOf(page, 'applicants-table', name).count()).toBe(0);
}

/** On the detail: invites a user found by `keyword` (name or phone start); waits for the invitation row. */
export async function inviteUser(page: Page, detailPath: string, keyword: string, name: string): Promise<void> {
  await openProject(page, detailPath);
  await page.getByTestId('invite-open').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('user-search').click();
  await page.keyboard.type(keyword);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  await poll(() => rowOf(page, 'invitations-table', name).count()).toBe(1);
}

/** On the detail: removes member `name` (confirmed); waits until they left the members table. */
export async function removeMember(page: Page, detailPath: string, name: string): Promise<void> {
  await openProject(page, detailPath);
  await rowOf(page, 'members-table', name).locator('[data-testid^=remove-]').click();
  await confirmDialog(page);
  await poll(() => rowOf(page, 'members-table', name).count()).toBe(0);
}

const PRESET_SETS: Record<PermissionPreset, readonly ResearchPermission[]> = {
  manager: ['edit_plan', 'upload_files', 'submit_outcome', 'review_outcome', 'manage_members'],
  member: ['upload_files', 'submit_outcome'],
  viewer: [],
};
const ALL: readonly ResearchPermission[] = PRESET_SETS.manager;

/** A permission's checkbox input in a member's row (antd puts the test id on the input or its wrapper). */
const box = (permission: ResearchPermission) =>
  `input[data-testid$=-${permission}], [data-testid$=-${permission}] input`;

/** The permission checkboxes of `name`'s row on an authority table, by permission. */
async function permissionsOf(page: Page, name: string): Promise<ResearchPermission[]> {
  const row = page.getByTestId('authority-table').locator('tr', { hasText: name });
  const held: ResearchPermission[] = [];
  for (const permission of ALL) if (await row.locator(box(permission)).isChecked()) held.push(permission);
  return held;
}

/**
 * On authorityManagement (or the detail's permissions tab, already open): applies a preset to
 * `name` and waits until their checkboxes show it.
 */
export async function setMemberPreset(
  page: Page,
  authorityPath: string | null,
  name: string,
  preset: PermissionPreset,
): Promise<void> {
  if (authorityPath) await page.goto(authorityPath);
  const row = page.getByTestId('authority-table').locator('tr', { hasText: name });
  await row.locator(`[data-testid$=-${preset}]`).click();
  await poll(() => permissionsOf(page, name)).toEqual([...PRESET_SETS[preset]]);
}

/** On authorityManagement: turns one of `name`'s permissions on or off and waits until it shows. */
export async function setMemberPermission(
  page: Page,
  authorityPath: string | null,
  name: string,
  permission: ResearchPermission,
  on: boolean,
): Promise<void> {
  if (authorityPath) await page.goto(authorityPath);
  const checkbox = page.getByTestId('authority-table').locator('tr', { hasText: name }).locator(box(permission));
  await checkbox.waitFor({ state: 'attached' });
  if ((await checkbox.isChecked()) !== on) await checkbox.click();
  await poll(() => checkbox.isChecked()).toBe(on);
}

/** A state move on the detail (publish a draft, pause/resume, start, conclude, close), confirmed where asked. */
async function move(page: Page, detailPath: string, step: 'commit' | 'toggle' | 'start' | 'conclude' | 'close') {
  await openProject(page, detailPath);
  await page.getByTestId(`move-${step}`).click();
  if (step === 'start' || step === 'conclude' || step === 'close') await confirmDialog(page);
}

/** Publishes a draft from its detail; waits until pausing is offered (it recruits). */
export async function publishProject(page: Page, detailPath: string): Promise<void> {
  await move(page, detailPath, 'commit');
  await page.getByTestId('move-toggle').waitFor();
}

/** Pauses or resumes recruiting; waits until the status tag changed. */
export async function toggleRecruiting(page: Page, detailPath: string): Promise<void> {
  await openProject(page, detailPath);
  const before = await page.getByTestId('project-status').textContent();
  await page.getByTestId('move-toggle').click();
  await poll(() => page.getByTestId('project-status').textContent()).not.toBe(before);
}

/** Starts a recruiting or paused project; waits until concluding is offered (in progress). */
export async function startProject(page: Page, detailPath: string): Promise<void> {
  await move(page, detailPath, 'start');
  await page.getByTestId('move-conclude').waitFor();
}

/** Concludes a project in progress; waits until no move is left. */
export async function concludeProject(page: Page, detailPath: string): Promise<void> {
  await move(page, detailPath, 'conclude');
  await poll(() => page.locator('[data-testid^=move-]').count()).toBe(0);
}

/** Closes a project (confirmed); waits until no move is left. */
export async function closeProject(page: Page, detailPath: string): Promise<void> {
  await move(page, detailPath, 'close');
  await poll(() => page.locator('[data-testid^=move-]').count()).toBe(0);
}
