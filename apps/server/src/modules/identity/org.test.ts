import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AuthOrgEditInfo,
  OrgInfoCompleted,
  Organisation,
  OrganisationCard,
  OrganisationProfile,
} from '@mathbridge/contracts/org';
import type { Page } from '@mathbridge/contracts/pagination';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import {
  certifiedUser,
  gif,
  newUser,
  png,
  signInAdmin,
  submitFor,
  upload,
  type TestUser,
} from './identity.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('organisations', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signInAdmin(t());
  });

  it('should require authentication', async () => {
    expect((await call(t().app, 'POST', 'org/update', { introduction: 'x' })).status).toBe(305);
    expect((await call(t().app, 'GET', 'org/getAuthOrgEditInfo')).status).toBe(305);
    expect((await call(t().app, 'GET', 'org/orgInfoIsCompleted')).status).toBe(305);
    expect((await upload(t().app, undefined, 'logo.png', png(), { path: 'org/upload_logo' })).status).toBe(305);
    expect((await call(t().app, 'POST', 'org/userAuth', { id: 1, approve: 1 })).status).toBe(305);
    expect((await call(t().app, 'GET', 'org/getUserAuth')).status).toBe(305);
  });

  it('the owner reads the organisation and its newest request for the edit form', async () => {
    const owner = await newUser(t().app);
    expect(
      (await call<AuthOrgEditInfo>(t().app, 'GET', 'org/getAuthOrgEditInfo', {}, { token: owner.token })).result,
    ).toEqual({ organisation: null, certification: null });
    const request = await submitFor(t().app, owner, 'Enterprise');
    const info = await call<AuthOrgEditInfo>(t().app, 'GET', 'org/getAuthOrgEditInfo', {}, { token: owner.token });
    expect(info.result.organisation).toMatchObject({
      id: request.org_id,
      type: 'Enterprise',
      name: '杭州数桥科技有限公司',
      status: 0,
      status_name: 'pending',
      province_code: '3300',
      city_code: '3301',
      industry: 'I',
      research_fields: [],
      logo: null,
      licence_file: { mime: 'image/png' },
    });
    expect(info.result.certification).toMatchObject({ id: request.id, status: 0 });
  });

  it('the owner edits a certified organisation’s profile, but not while it is under review', async () => {
    const owner = await newUser(t().app);
    const request = await submitFor(t().app, owner, 'ResearchInstitute');
    const early = await call(t().app, 'POST', 'org/update', { introduction: '简介' }, { token: owner.token });
    expect(early.status).toBe(409);
    await call(t().app, 'POST', 'workflow/approveAuth', { id: request.id, approve: 1 }, { token: admin.token });

    const updated = await call<Organisation>(
      t().app,
      'POST',
      'org/update',
      {
        introduction: '专注运筹优化与数值计算',
        research_fields: ['90', '49'],
        industry: 'C',
        province_code: '3100',
        website: 'math.example.org',
        name: '改名',
        credit_code: 'X',
      },
      { token: owner.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.result).toMatchObject({
      introduction: '专注运筹优化与数值计算',
      research_fields: ['90', '49'],
      industry: null,
      province_code: '3100',
      city_code: null,
      website: 'math.example.org',
      name: '北京应用数学研究所',
    });
    const bad = await call<Errors>(
      t().app,
      'POST',
      'org/update',
      { province_code: '1300', city_code: '1101', contact_phone: '1' },
      { token: owner.token, locale: 'en-US' },
    );
    expect(bad.result.errors).toEqual(
      expect.arrayContaining([
        { field: 'city_code', code: 'area', message: 'Choose a province and city' },
        { field: 'contact_phone', code: 'phone', message: 'Enter a correct mobile or landline number' },
      ]),
    );
    const noOrg = await newUser(t().app);
    expect(
      await call(t().app, 'POST', 'org/update', { introduction: 'x' }, { token: noOrg.token, locale: 'en-US' }),
    ).toMatchObject({
      status: 404,
      message: 'You have not registered an organisation yet',
    });
  });

  it('tells the owner which profile fields are missing; a logo upload fills one and is served publicly', async () => {
    const nobody = await newUser(t().app);
    expect(
      (await call<OrgInfoCompleted>(t().app, 'GET', 'org/orgInfoIsCompleted', {}, { token: nobody.token })).result,
    ).toEqual({
      has_org: false,
      completed: false,
      missing: ['logo', 'introduction', 'website', 'address', 'contact', 'contact_phone'],
    });
    const owner = await certifiedUser(t().app, admin, 'Enterprise');
    expect(
      (await call<OrgInfoCompleted>(t().app, 'GET', 'org/orgInfoIsCompleted', {}, { token: owner.token })).result,
    ).toEqual({
      has_org: true,
      completed: false,
      missing: ['logo', 'introduction'],
    });
    expect((await upload(t().app, owner.token, 'logo.gif', gif(), { path: 'org/upload_logo' })).status).toBe(415);
    const logo = await upload<{ logo: string }>(t().app, owner.token, 'logo.png', png(2048), {
      path: 'org/upload_logo',
    });
    expect(logo.result.logo).toMatch(new RegExp(`^/api/org/logo/${owner.orgId}\\?v=`));
    const served = await t().app.inject({ method: 'GET', url: logo.result.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    await call(t().app, 'POST', 'org/update', { introduction: '智能制造' }, { token: owner.token });
    expect(
      (await call<OrgInfoCompleted>(t().app, 'GET', 'org/orgInfoIsCompleted', {}, { token: owner.token })).result,
    ).toEqual({ has_org: true, completed: true, missing: [] });
    expect((await upload(t().app, nobody.token, 'logo.png', png(), { path: 'org/upload_logo' })).status).toBe(404);
  });

  describe('public directory', () => {
    it('lists certified organisations only, searchable and paginated, without signing in', async () => {
      const enterprise = await certifiedUser(t().app, admin, 'Enterprise', {
        name: '目录测试制造有限公司',
        province_code: '4400',
        city_code: '4403',
        industry: 'C',
      });
      const institute = await certifiedUser(t().app, admin, 'ResearchInstitute', {
        name: '目录测试数学研究院',
        research_fields: ['62', '60'],
      });
      const pendingOwner = await newUser(t().app);
      await submitFor(t().app, pendingOwner, 'Enterprise', { name: '目录测试待审公司' });

      const all = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', { keyword: '目录测试' });
      expect(all.status).toBe(200);
      expect(all.result).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(all.result.items.map((o) => o.name).sort()).toEqual(['目录测试制造有限公司', '目录测试数学研究院']);
      expect(all.result.items[0]).not.toHaveProperty('credit_code');

      const byType = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        type: 'ResearchInstitute',
      });
      expect(byType.result.items.map((o) => o.id)).toEqual([institute.orgId]);
      const byProvince = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        province_code: '4400',
      });
      expect(byProvince.result.items.map((o) => o.id)).toEqual([enterprise.orgId]);
      const byIndustry = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        industry: 'C',
      });
      expect(byIndustry.result.items.map((o) => o.id)).toEqual([enterprise.orgId]);
      const byField = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        research_field: '60',
      });
      expect(byField.result.items.map((o) => o.id)).toEqual([institute.orgId]);
      const noField = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        research_field: '06',
      });
      expect(noField.result.total).toBe(0);
      const page2 = await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', {
        keyword: '目录测试',
        page: 2,
        page_size: 1,
      });
      expect(page2.result).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(page2.result.items).toHaveLength(1);
      // LIKE wildcards in a keyword are matched literally.
      expect((await call<Page<OrganisationCard>>(t().app, 'GET', 'org/listAllV2', { keyword: '%' })).result.total).toBe(
        0,
      );
    });

    it('shows a certified organisation to anyone, contacts only to certified users; an uncertified one only to its owner and admins', async () => {
      const owner = await certifiedUser(t().app, admin, 'Enterprise');
      const anonymous = await call<OrganisationProfile>(t().app, 'GET', `org/detail/${owner.orgId}`);
      expect(anonymous.result).toMatchObject({
        id: owner.orgId,
        name: '杭州数桥科技有限公司',
        status: 1,
        member_count: 0,
        contact: null,
        contact_phone: null,
      });
      const visitor = await newUser(t().app);
      expect(
        (await call<OrganisationProfile>(t().app, 'GET', `org/detail/${owner.orgId}`, {}, { token: visitor.token }))
          .result.contact,
      ).toBeNull();
      const specialist = await certifiedUser(t().app, admin, 'Specialist');
      expect(
        (await call<OrganisationProfile>(t().app, 'GET', `org/detail/${owner.orgId}`, {}, { token: specialist.token }))
          .result,
      ).toMatchObject({ contact: '王经理', contact_phone: '0571-87654321' });

      const pendingOwner = await newUser(t().app);
      const pending = await submitFor(t().app, pendingOwner, 'Enterprise');
      expect((await call(t().app, 'GET', `org/detail/${pending.org_id}`)).status).toBe(304);
      expect((await call(t().app, 'GET', `org/detail/${pending.org_id}`, {}, { token: specialist.token })).status).toBe(
        304,
      );
      expect(
        (await call(t().app, 'GET', `org/detail/${pending.org_id}`, {}, { token: pendingOwner.token })).status,
      ).toBe(200);
      expect((await call(t().app, 'GET', `org/detail/${pending.org_id}`, {}, { token: admin.token })).status).toBe(200);
      expect(await call(t().app, 'GET', 'org/detail/999999', {}, { locale: 'en-US' })).toMatchObject({
        status: 404,
        message: 'The organisation does not exist',
      });
    });
  });
});
