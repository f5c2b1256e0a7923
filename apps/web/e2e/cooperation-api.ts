import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { creditCodeCheckChar, USCC_ALPHABET } from '@mathbridge/contracts/uscc';
import { baseURL } from './browser.ts';
import { registerByApi } from './session.ts';

/** API helpers shared by the cooperation journeys (demands, wishes): certified users, raw calls, screenshots. */

/** A 1×1 PNG: a real image by its content, as the server checks. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a real PDF (the server sniffs the magic bytes), 2 kB. */
export const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'.padEnd(2000, ' '), 'latin1');

function creditCode(): string {
  let first17 = '91330106';
  for (let i = 0; i < 9; i += 1) first17 += USCC_ALPHABET[Math.floor(Math.random() * USCC_ALPHABET.length)];
  return first17 + creditCodeCheckChar(first17);
}

interface Reply<T> {
  status: number;
  message: string;
  result: T;
}

export async function call<T>(
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown> = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['X-MathBridge-Token'] = token;
  const url =
    method === 'GET'
      ? `${baseURL()}/api/${path}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), ignore_sign: '1' })}`
      : `${baseURL()}/api/${path}`;
  const response = await fetch(url, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify({ ...body, ignore_sign: 1 }) : undefined,
  });
  const reply = (await response.json()) as Reply<T>;
  if (reply.status !== 200)
    throw new Error(`${path}: ${reply.status} ${reply.message} ${JSON.stringify(reply.result)}`);
  return reply.result;
}

/** Signs the first admin in through the API (the credentials global-setup hands the tests); the token. */
export async function signInAdmin(): Promise<string> {
  const admin = await call<{ token: { access_token: string } }>(null, 'POST', 'user/login', {
    phone_details: inject('adminPhone'),
    password: inject('adminPassword'),
  });
  return admin.token.access_token;
}

/** No horizontal scrolling: how far the page is wider than its viewport (0 or less when it is not). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function uploadCertificate(token: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'licence.png');
  const response = await fetch(`${baseURL()}/api/user/uploadCertificate?ignore_sign=1`, {
    method: 'POST',
    headers: { 'X-MathBridge-Token': token },
    body: form,
  });
  const reply = (await response.json()) as Reply<{ id: number }>;
  if (reply.status !== 200) throw new Error(`uploadCertificate: ${reply.status} ${reply.message}`);
  return reply.result.id;
}

/** A user certified as an enterprise or institute through the API (identity.fixtures.ts flow). */
export async function certified(adminToken: string, role: 'Enterprise' | 'ResearchInstitute', name: string) {
  const user = await registerByApi();
  const submitted = await submitOrgCertification(user, role, name);
  await call(adminToken, 'POST', 'workflow/approveAuth', { id: submitted.certification.id, approve: 1 });
  return user;
}

/** Submits an organisation's certification for `user`, left pending for an admin's review. */
export async function submitOrgCertification(
  user: { token: string },
  role: 'Enterprise' | 'ResearchInstitute',
  name: string,
): Promise<{ certification: { id: number } }> {
  const file = await uploadCertificate(user.token);
  const org = {
    name,
    credit_code: creditCode(),
    licence_file_id: file,
    address: '西湖区文三路 100 号',
    province_code: '3300',
    city_code: '3301',
    website: 'www.example.com',
    business_scope: '软件开发；数据处理',
    application_description: '需要排产优化算法',
    contact: '王经理',
    contact_phone: '0571-87654321',
  };
  const payload = role === 'Enterprise' ? { ...org, industry: 'C' } : { ...org, research_fields: ['90', '65'] };
  return call<{ certification: { id: number } }>(
    user.token,
    'POST',
    role === 'Enterprise' ? 'user/enterpriseAuth' : 'user/researchInstituteAuth',
    payload,
  );
}

export async function chooseSelect(page: Page, id: string, option: string): Promise<void> {
  await page
    .locator('.ant-form-item', { has: page.locator(`#${id}`) })
    .locator('.ant-select')
    .first()
    .click();
  // Long option lists are virtual: search so the option is rendered.
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * Picks a preset of the date picker `#id` (e.g. '六个月后') and waits until the field shows a date;
 * on a busy machine a click on the opening dropdown was seen to be lost, so it tries again.
 */
export async function pickDatePreset(page: Page, id: string, preset: string): Promise<void> {
  const input = page.locator(`#${id}`);
  for (let attempt = 0; attempt < 3 && (await input.inputValue()) === ''; attempt += 1) {
    await input.click();
    const option = page.locator('.ant-picker-presets li:visible', { hasText: preset }).first();
    await option.waitFor();
    await option.click();
    await expect
      .poll(() => input.inputValue(), { timeout: 5_000 })
      .not.toBe('')
      .catch(() => undefined);
  }
  expect(await input.inputValue(), `${id} after choosing ${preset}`).not.toBe('');
}

/**
 * A fresh folder of this test run for its screenshots (under the system's temporary folder, never a
 * fixed path two runs would share); its path is printed so a person can look at the pictures.
 */
export function shotsDir(journey: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `mb-shots-${journey}-`));
  console.info(`screenshots of ${journey}: ${dir}`);
  return dir;
}

/** A screenshot `dir/name.png` (the full page unless told otherwise) once the page has settled. */
export async function shoot(page: Page, dir: string, name: string, fullPage = true): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-digit resident ID number (GB 11643 check character), different on each call. */
export function idNumber(): string {
  const first17 = `11010519900307${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * A certified specialist who named `owner`'s organisation as institution, with the claim approved
 * by the owner: a member of that organisation (identity.fixtures.ts flow, over HTTP).
 */
export async function certifiedMember(adminToken: string, owner: { token: string }, truename: string) {
  const user = await registerByApi();
  const file = await uploadCertificate(user.token);
  const profile = await call<{ owned_org: { id: number } | null }>(owner.token, 'GET', 'user/profile');
  const orgId = profile.owned_org?.id ?? 0;
  const submitted = await call<{ certification: { id: number } }>(user.token, 'POST', 'user/specialistAuth', {
    truename,
    idNumber: idNumber(),
    degree: 'doctor',
    institution_org_id: orgId,
    position: '教授',
    employeeNumber: 'E-001',
    research_fields: ['35', '65'],
    certificate_ids: [file],
  });
  await call(adminToken, 'POST', 'workflow/approveAuth', { id: submitted.certification.id, approve: 1 });
  const claims = await call<{ items: { id: number; user: { id: number }; status: number }[] }>(
    owner.token,
    'GET',
    'org/getUserAuth',
    { status: 0, page_size: 100 },
  );
  const me = await call<{ info: { id: number } }>(user.token, 'GET', 'user/profile');
  const claim = claims.items.find((row) => row.user.id === me.info.id);
  if (!claim) throw new Error('membership claim missing');
  await call(owner.token, 'POST', 'org/userAuth', { id: claim.id, approve: 1 });
  return { ...user, orgId, membershipId: claim.id };
}

/**
 * A valid `demand/save` body (spec §5 rules), with what a journey cares about passed in; the
 * deadline is 90 days ahead so it stays valid whenever the suite runs.
 */
export function demandBody(title: string, fields: Record<string, unknown> = {}) {
  return {
    title,
    industry: 'C',
    summary: '离散制造排产，约 200 台设备',
    problem: '## 问题\n多目标排产',
    expected_outcome: '可部署的调度算法与报告',
    budget_min: 100000,
    budget_max: 300000,
    deadline: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    province_code: '3300',
    city_code: '3301',
    msc_fields: ['90'],
    nda_required: 0,
    contact: '王经理',
    contact_phone: '13900001111',
    ...fields,
  };
}

/** A valid `job/save` body (contracts JobSaveSchema), the deadline 60 days ahead. */
export function jobBody(title: string, fields: Record<string, unknown> = {}) {
  return {
    title,
    employment_type: 0,
    experience: 1,
    negotiable: 0,
    salary_min: 15000,
    salary_max: 25000,
    degree: 'master',
    province_code: '3300',
    city_code: '3301',
    headcount: 2,
    description: '## 职责\n负责排产优化模型，见 [说明](https://example.com/job)。\n\n公式：$\\min \\sum_i c_i x_i$',
    deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    contact: '王经理',
    contact_phone: '13900001111',
    ...fields,
  };
}

/**
 * A certified student or specialist of no organisation (identity.fixtures.ts studentForm /
 * specialistForm, over HTTP), named `truename`; with their user id.
 */
export async function certifiedPerson(
  adminToken: string,
  role: 'Student' | 'Specialist',
  truename: string,
  researchFields?: string[],
) {
  const user = await registerByApi();
  const body =
    role === 'Student'
      ? {
          truename,
          idNumber: idNumber(),
          studentNumber: '2024001',
          degree: 'master',
          institution: '浙江大学',
          supervisor: '李明',
          research_fields: researchFields ?? ['60'],
          survey: {
            direction: '随机过程',
            after_graduation: 'further_study',
            plans: '读博',
            time_investment: '10to20',
          },
        }
      : {
          truename,
          idNumber: idNumber(),
          degree: 'doctor',
          institution: '浙江大学',
          position: '教授',
          employeeNumber: 'ZJU0001',
          research_fields: researchFields ?? ['35', '65'],
          certificate_ids: [await uploadCertificate(user.token)],
        };
  const submitted = await call<{ certification: { id: number } }>(
    user.token,
    'POST',
    role === 'Student' ? 'user/studentAuth' : 'user/specialistAuth',
    body,
  );
  await call(adminToken, 'POST', 'workflow/approveAuth', { id: submitted.certification.id, approve: 1 });
  const me = await call<{ info: { id: number } }>(user.token, 'GET', 'user/profile');
  return { ...user, id: me.info.id };
}

/** A certified student (studentAuth approved by an admin), for research directions (issue 10). */
export const certifiedStudent = (adminToken: string, truename: string, researchFields?: string[]) =>
  certifiedPerson(adminToken, 'Student', truename, researchFields);

/**
 * A published direction of `owner` with `students` as members (each applies, the owner approves),
 * then started (in progress); its id and shared space.
 */
export async function directionWithStudents(owner: { token: string }, title: string, students: { token: string }[]) {
  const saved = await call<{ id: number }>(owner.token, 'POST', 'direction/save', {
    title,
    summary: '离散制造排产的多目标优化',
    description: '## 目标\n$\\min \\sum_i c_i x_i$',
    msc_fields: ['90', '68'],
    publish_range: 'public',
    headcount: 5,
    apply_deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    confidential: 0,
    commit: 1,
  });
  for (const student of students) {
    const applied = await call<{ id: number }>(student.token, 'POST', 'direction/apply', {
      id: saved.id,
      note: '想参与',
      accept_nda: 1,
    });
    await call(owner.token, 'POST', 'direction/approveJoin', { member_id: applied.id });
  }
  await call(owner.token, 'POST', 'direction/start', { id: saved.id });
  const detail = await call<{ id: number; space_id: number | null }>(
    owner.token,
    'GET',
    `direction/detail/${saved.id}`,
  );
  return { id: detail.id, spaceId: detail.space_id ?? 0 };
}

/** POST upload/upload of a PDF into a file space; the file's id. */
export async function uploadPdf(token: string, spaceId: number, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const query = new URLSearchParams({ space_id: String(spaceId), profile: 'document', size: String(PDF.length) });
  const response = await fetch(`${baseURL()}/api/upload/upload?${query}&ignore_sign=1`, {
    method: 'POST',
    headers: { 'X-MathBridge-Token': token },
    body: form,
  });
  const reply = (await response.json()) as Reply<{ id: number }>;
  if (reply.status !== 200) throw new Error(`upload: ${reply.status} ${reply.message}`);
  return reply.result.id;
}
