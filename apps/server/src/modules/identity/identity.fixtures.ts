import type { FastifyInstance } from 'fastify';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { CertificateFile, IdentityRole, SubmitCertificationResult } from '@mathbridge/contracts/identity';
import { creditCodeCheckChar } from '@mathbridge/contracts/uscc';
import type { Envelope } from '@mathbridge/contracts/api';
import { call, newPhone, registerUser, type TestApp } from '../../test/harness.ts';
import { createOrResetAdmin } from '../user/admin.service.ts';

/** Test data and flows shared by the identity tests (not a test file itself). */

export { bmp, gif, jpg as jpeg, png } from '../../test/file-fixtures.ts';
import { png } from '../../test/file-fixtures.ts';
export const exe = () => Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(4000)]);

let seq = 0;
/** A fresh, valid unified social credit code (GB 32100 check character computed). */
export function creditCode(): string {
  seq += 1;
  const first17 = `91110000${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(6, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-digit resident ID number (GB 11643 check character computed). */
export function idNumber(): string {
  seq += 1;
  const first17 = `11010519900307${String(seq % 1000).padStart(3, '0')}`;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

/** Sends one file as multipart to an upload call (`ignore_sign=1`, as the web client does). */
export async function upload<T = CertificateFile>(
  app: FastifyInstance,
  token: string | undefined,
  filename: string,
  content: Buffer,
  options: { path?: string; locale?: string } = {},
) {
  const boundary = '----mbtest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'accept-language': options.locale ?? 'zh-CN',
  };
  if (token) headers[TOKEN_HEADER] = token;
  const response = await app.inject({
    method: 'POST',
    url: `/api/${options.path ?? 'user/uploadCertificate'}?ignore_sign=1`,
    headers,
    payload: body,
  });
  return JSON.parse(response.body) as Envelope<T>;
}

export async function uploadCertificate(app: FastifyInstance, token: string): Promise<number> {
  const reply = await upload(app, token, 'licence.png', png());
  if (reply.status !== 200) throw new Error(`upload: ${reply.status} ${reply.message}`);
  return reply.result.id;
}

export interface TestUser {
  id: number;
  phone: string;
  password: string;
  token: string;
}

async function withId(
  app: FastifyInstance,
  user: { phone: string; password: string; token: string },
): Promise<TestUser> {
  const profile = await call<{ info: { id: number } }>(app, 'GET', 'user/profile', {}, { token: user.token });
  return { ...user, id: profile.result.info.id };
}

export async function newUser(app: FastifyInstance): Promise<TestUser> {
  return withId(app, await registerUser(app));
}

/** An admin (made as `npm run admin` does), signed in. */
export async function signInAdmin(t: TestApp): Promise<TestUser> {
  const phone = newPhone();
  const { password } = await createOrResetAdmin(t.ctx.db, phone);
  const login = await call<{ token: { access_token: string } }>(t.app, 'POST', 'user/login', {
    phone_details: phone,
    password,
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  return withId(t.app, { phone, password, token: login.result.token.access_token });
}

export function enterpriseForm(licenceFileId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: '杭州数桥科技有限公司',
    credit_code: creditCode(),
    licence_file_id: licenceFileId,
    address: '西湖区文三路 100 号',
    province_code: '3300',
    city_code: '3301',
    website: 'www.example.com',
    business_scope: '软件开发；数据处理',
    industry: 'I',
    application_description: '需要排产优化算法',
    contact: '王经理',
    contact_phone: '0571-87654321',
    ...overrides,
  };
}

export function instituteForm(licenceFileId: number, overrides: Record<string, unknown> = {}) {
  const { industry: _industry, ...rest } = enterpriseForm(licenceFileId, {
    name: '北京应用数学研究所',
    province_code: '1100',
    city_code: undefined,
    ...overrides,
  });
  return { research_fields: ['90', '65'], ...rest };
}

export function specialistForm(certificateIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    truename: '李明',
    idNumber: idNumber(),
    degree: 'doctor',
    institution: '浙江大学',
    position: '教授',
    employeeNumber: 'ZJU0001',
    research_fields: ['35', '65'],
    certificate_ids: certificateIds,
    ...overrides,
  };
}

export function studentForm(overrides: Record<string, unknown> = {}) {
  return {
    truename: '张三',
    idNumber: idNumber(),
    studentNumber: '2024001',
    degree: 'master',
    institution: '浙江大学',
    supervisor: '李明',
    research_fields: ['60'],
    survey: { direction: '随机过程', after_graduation: 'further_study', plans: '读博', time_investment: '10to20' },
    ...overrides,
  };
}

export const individualForm = (overrides: Record<string, unknown> = {}) => ({
  truename: '赵六',
  idNumber: idNumber(),
  ...overrides,
});

/** Submits a valid certification of `role` for a user; returns the request. */
export async function submitFor(
  app: FastifyInstance,
  user: TestUser,
  role: IdentityRole,
  overrides: Record<string, unknown> = {},
) {
  const file = await uploadCertificate(app, user.token);
  const forms: Record<IdentityRole, () => Record<string, unknown>> = {
    Enterprise: () => enterpriseForm(file, overrides),
    ResearchInstitute: () => instituteForm(file, overrides),
    Specialist: () => specialistForm([file], overrides),
    Teacher: () => specialistForm([file], overrides),
    Student: () => studentForm(overrides),
    Individual: () => individualForm(overrides),
  };
  const paths: Record<IdentityRole, string> = {
    Enterprise: 'user/enterpriseAuth',
    ResearchInstitute: 'user/researchInstituteAuth',
    Specialist: 'user/specialistAuth',
    Teacher: 'user/teacherAuth',
    Student: 'user/studentAuth',
    Individual: 'user/individualAuth',
  };
  const reply = await call<SubmitCertificationResult>(app, 'POST', paths[role], forms[role](), { token: user.token });
  if (reply.status !== 200)
    throw new Error(`${paths[role]}: ${reply.status} ${reply.message} ${JSON.stringify(reply.result)}`);
  return reply.result.certification;
}

export async function approve(app: FastifyInstance, admin: TestUser, certificationId: number): Promise<void> {
  const reply = await call(
    app,
    'POST',
    'workflow/approveAuth',
    { id: certificationId, approve: 1 },
    { token: admin.token },
  );
  if (reply.status !== 200) throw new Error(`approveAuth: ${reply.status} ${reply.message}`);
}

/** A new user certified as `role` by an admin; `certificationId` and, for organisations, `orgId`. */
export async function certifiedUser(
  app: FastifyInstance,
  admin: TestUser,
  role: IdentityRole,
  overrides: Record<string, unknown> = {},
) {
  const user = await newUser(app);
  const certification = await submitFor(app, user, role, overrides);
  await approve(app, admin, certification.id);
  return { ...user, certificationId: certification.id, orgId: certification.org_id };
}
