import { describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  AUTH_SCHEMAS,
  EnterpriseAuthSchema,
  HIDDEN_ROLES,
  IDENTITY_ROLES,
  OrganisationRegisterSchema,
  SpecialistAuthSchema,
  StudentAuthSchema,
} from '../src/identity.ts';
import { InvitationIdSchema, OrganisationUpdateSchema, ReviewDecisionSchema } from '../src/org.ts';
import { SELECTABLE_ROLES } from '../src/roles.ts';
import { ApproveListQuerySchema } from '../src/workflow.ts';
import { dayRange } from '../src/pagination.ts';
import { fieldErrors } from '../src/validation.ts';
import type { z } from 'zod';

const errors = (schema: z.ZodType, value: unknown, locale: 'zh-CN' | 'zh-HK' | 'en-US' = 'en-US') => {
  const result = schema.safeParse(value);
  return result.success ? [] : fieldErrors(result.error, locale).map((e) => `${e.field}:${e.code}`);
};

const enterprise = {
  name: '杭州数桥科技有限公司',
  credit_code: '91330100716105852F',
  licence_file_id: 1,
  address: '文三路 100 号',
  province_code: '3300',
  city_code: '3301',
  business_scope: '软件',
  industry: 'I',
  application_description: '排产',
  contact: '王经理',
  contact_phone: '13912345678',
};

describe('identities', () => {
  it('offers the selectable roles and hides Teacher and Individual, each with its certification call', () => {
    expect(IDENTITY_ROLES.filter((role) => !HIDDEN_ROLES.includes(role))).toEqual([...SELECTABLE_ROLES]);
    expect(Object.keys(AUTH_PATHS)).toEqual([...IDENTITY_ROLES]);
    expect(Object.keys(AUTH_SCHEMAS)).toEqual([...IDENTITY_ROLES]);
  });
});

describe('certification forms', () => {
  it('accepts a complete enterprise form; website is optional', () => {
    expect(errors(EnterpriseAuthSchema, enterprise)).toEqual([]);
    expect(errors(EnterpriseAuthSchema, { ...enterprise, website: 'nodot' })).toEqual(['website:website']);
  });

  it('reports the area on the city when it does not belong to the province, together with other errors', () => {
    expect(errors(EnterpriseAuthSchema, { ...enterprise, city_code: '1301', name: '' })).toEqual([
      'name:required',
      'city_code:area',
    ]);
    expect(errors(EnterpriseAuthSchema, { ...enterprise, province_code: '1100', city_code: undefined })).toEqual([]);
    expect(errors(EnterpriseAuthSchema, { ...enterprise, province_code: '9900' })).toEqual(['province_code:area']);
  });

  it('needs the type for org/register and checks the form of that type', () => {
    expect(errors(OrganisationRegisterSchema, enterprise)).toEqual(['type:choose']);
    expect(errors(OrganisationRegisterSchema, { ...enterprise, type: 'Enterprise' })).toEqual([]);
    expect(errors(OrganisationRegisterSchema, { ...enterprise, type: 'ResearchInstitute' })).toEqual([
      'research_fields:required',
    ]);
  });

  it('needs a platform institution or a typed one from a specialist', () => {
    const specialist = {
      truename: '李明',
      idNumber: '11010519491231002X',
      degree: 'doctor',
      position: '教授',
      research_fields: ['35'],
      certificate_ids: [1],
    };
    expect(errors(SpecialistAuthSchema, specialist)).toEqual(['institution:required']);
    expect(errors(SpecialistAuthSchema, { ...specialist, institution: '浙江大学' })).toEqual([]);
    expect(errors(SpecialistAuthSchema, { ...specialist, institution_org_id: 7 })).toEqual([]);
    expect(
      errors(SpecialistAuthSchema, { ...specialist, institution: '浙江大学', certificate_ids: [1, 2, 3, 4, 5, 6] }),
    ).toEqual(['certificate_ids:maxItems']);
  });

  it('takes a student form with its survey; student card images are optional', () => {
    const student = {
      truename: '张三',
      idNumber: '11010519491231002X',
      studentNumber: '2024001',
      degree: 'master',
      institution: '浙江大学',
      supervisor: '李明',
      research_fields: ['60'],
      survey: { direction: '随机过程', after_graduation: 'employment', plans: '就业', time_investment: 'lt5' },
    };
    expect(errors(StudentAuthSchema, student)).toEqual([]);
    expect(errors(StudentAuthSchema, { ...student, certificate_ids: [] })).toEqual([]);
    expect(errors(StudentAuthSchema, { ...student, survey: { ...student.survey, time_investment: 'always' } })).toEqual(
      ['survey.time_investment:choose'],
    );
  });
});

describe('decisions, updates and filters', () => {
  it('requires a reason to reject, not to approve', () => {
    expect(errors(ReviewDecisionSchema, { id: 1, approve: 1 })).toEqual([]);
    expect(errors(ReviewDecisionSchema, { id: 1, approve: 0 })).toEqual(['reason:required']);
    expect(errors(ReviewDecisionSchema, { id: 1, approve: '0', reason: '不清晰' })).toEqual([]);
    expect(errors(ReviewDecisionSchema, { id: 1, approve: 2 })).toEqual(['approve:choose']);
  });

  it('keeps province and city together in an organisation update', () => {
    expect(errors(OrganisationUpdateSchema, { introduction: '简介' })).toEqual([]);
    expect(errors(OrganisationUpdateSchema, { city_code: '1301' })).toEqual(['province_code:area']);
    expect(errors(OrganisationUpdateSchema, { province_code: '1300', city_code: '1301' })).toEqual([]);
  });

  it('pages from 1 with 20 by default and at most 100', () => {
    expect(ApproveListQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(ApproveListQuerySchema.parse({ page: '3', page_size: '50', status: '0' })).toEqual({
      page: 3,
      page_size: 50,
      status: 0,
    });
    expect(errors(ApproveListQuerySchema, { page_size: '101' })).toEqual(['page_size:invalid']);
    expect(errors(ApproveListQuerySchema, { date_from: '2024-02-30' })).toEqual(['date_from:date']);
  });

  it('reads date filters as days in China Standard Time', () => {
    expect(dayRange('2024-03-01', '2024-03-01')).toEqual({
      from: '2024-02-29T16:00:00.000Z',
      before: '2024-03-01T16:00:00.000Z',
    });
    expect(dayRange()).toEqual({});
  });

  it('accepts only link-safe invitation ids', () => {
    expect(InvitationIdSchema.safeParse('AbC_-123456789012345').success).toBe(true);
    expect(InvitationIdSchema.safeParse('../../etc').success).toBe(false);
    expect(InvitationIdSchema.safeParse('short').success).toBe(false);
  });
});
