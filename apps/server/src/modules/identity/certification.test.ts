import { describe, expect, it } from 'vitest';
import type { Profile } from '@mathbridge/contracts/accounts';
import type {
  AuthInfo,
  CertificationSummary,
  RoleList,
  SubmitCertificationResult,
} from '@mathbridge/contracts/identity';
import { UPLOAD_PROFILES } from '@mathbridge/contracts/constants';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import {
  bmp,
  certifiedUser,
  enterpriseForm,
  exe,
  gif,
  individualForm,
  jpeg,
  newUser,
  png,
  signInAdmin,
  specialistForm,
  studentForm,
  submitFor,
  upload,
  uploadCertificate,
} from './identity.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('identity certification', () => {
  const t = useTestApp();

  it('should require authentication', async () => {
    for (const [method, path] of [
      ['POST', 'user/roleSelect'],
      ['POST', 'user/enterpriseAuth'],
      ['POST', 'user/specialistAuth'],
      ['POST', 'org/register'],
      ['POST', 'user/withdrawAuth'],
      ['GET', 'user/authInfo'],
      ['GET', 'user/survey'],
    ] as const) {
      expect((await call(t().app, method, path, {})).status, path).toBe(305);
    }
    expect((await upload(t().app, undefined, 'a.png', png())).status).toBe(305);
  });

  describe('choosing an identity', () => {
    it('lists the six identities to anyone, Teacher and Individual hidden', async () => {
      const reply = await call<RoleList>(t().app, 'GET', 'user/listRoles');
      expect(reply.status).toBe(200);
      expect(reply.result.items.map((r) => [r.roleName, r.hidden, r.organisation, r.auth_path])).toEqual([
        ['Enterprise', false, true, 'user/enterpriseAuth'],
        ['ResearchInstitute', false, true, 'user/researchInstituteAuth'],
        ['Specialist', false, false, 'user/specialistAuth'],
        ['Student', false, false, 'user/studentAuth'],
        ['Teacher', true, false, 'user/teacherAuth'],
        ['Individual', true, false, 'user/individualAuth'],
      ]);
      expect(reply.result).toMatchObject({ current_role: null, verify_state: null, can_change: false });
    });

    it('a visitor chooses an identity and is no longer incomplete; choosing again or another is allowed while unverified', async () => {
      const user = await newUser(t().app);
      const chosen = await call(t().app, 'POST', 'user/roleSelect', { role: 'Enterprise' }, { token: user.token });
      expect(chosen).toMatchObject({
        status: 200,
        result: { role: 'Enterprise', verify_state: null, incomplete: false },
      });
      const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token });
      expect(profile.result).toMatchObject({
        roles: [{ roleName: 'Enterprise', status: 1 }],
        incomplete: false,
        verify_state: null,
      });
      expect(
        (await call(t().app, 'POST', 'user/roleSelect', { role: 'Enterprise' }, { token: user.token })).status,
      ).toBe(200);
      expect((await call(t().app, 'POST', 'user/roleSelect', { role: 'Student' }, { token: user.token })).status).toBe(
        200,
      );
      const roles = await call<RoleList>(t().app, 'GET', 'user/listRoles', {}, { token: user.token });
      expect(roles.result).toMatchObject({ current_role: 'Student', can_change: true });
    });

    it('refuses Admin and unknown identities as choices', async () => {
      const user = await newUser(t().app);
      for (const role of ['Admin', 'visitors', 'Boss']) {
        const reply = await call(t().app, 'POST', 'user/roleSelect', { role }, { token: user.token, locale: 'en-US' });
        expect(reply.result).toEqual({ errors: [{ field: 'role', code: 'choose', message: 'Please choose' }] });
      }
    });
  });

  describe('certificate images', () => {
    it('accepts png, jpg and bmp certificates of up to 5 MB and shows them only to their owner and admins', async () => {
      const user = await newUser(t().app);
      const max = UPLOAD_PROFILES.certificate.maxBytes;
      const stored = await upload(t().app, user.token, '营业执照.png', png(max));
      expect(stored).toMatchObject({ status: 200, result: { name: '营业执照.png', mime: 'image/png', size: max } });
      expect((await upload(t().app, user.token, 'card.jpeg', jpeg())).status).toBe(200);
      expect((await upload(t().app, user.token, 'scan.bmp', bmp())).status).toBe(200);
      // The same handler serves org/upload (spec §7).
      expect((await upload(t().app, user.token, 'licence.jpg', jpeg(), { path: 'org/upload' })).status).toBe(200);

      const own = await t().app.inject({
        method: 'GET',
        url: stored.result.url,
        headers: { 'x-mathbridge-token': user.token },
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.rawPayload.length).toBe(max);
      const other = await newUser(t().app);
      const peek = await t().app.inject({
        method: 'GET',
        url: stored.result.url,
        headers: { 'x-mathbridge-token': other.token },
      });
      expect(JSON.parse(peek.body)).toMatchObject({ status: 304 });
      const admin = await signInAdmin(t());
      const review = await t().app.inject({
        method: 'GET',
        url: stored.result.url,
        headers: { 'x-mathbridge-token': admin.token },
      });
      expect(review.statusCode).toBe(200);
      expect(JSON.parse((await t().app.inject({ method: 'GET', url: stored.result.url })).body)).toMatchObject({
        status: 305,
      });
    });

    it('refuses a certificate over 5 MB, a gif and an executable renamed .png, in the caller’s language', async () => {
      const user = await newUser(t().app);
      const big = await upload(t().app, user.token, 'big.png', png(UPLOAD_PROFILES.certificate.maxBytes + 1), {
        locale: 'en-US',
      });
      expect(big).toMatchObject({ status: 413, message: 'The file may be at most 5 MB' });
      const wrongType = await upload(t().app, user.token, 'a.gif', gif(), { locale: 'zh-CN' });
      expect(wrongType).toMatchObject({ status: 415, message: '仅支持jpg/jpeg/png/bmp，且不超过5 MB' });
      const disguised = await upload(t().app, user.token, 'photo.png', exe(), { locale: 'zh-HK' });
      expect(disguised).toMatchObject({ status: 415, message: '僅支援jpg/jpeg/png/bmp，且不超過5 MB' });
    });
  });

  describe('enterprise certification', () => {
    it('submits a valid form: verify_state 0, the identity chosen, the request listed for the user', async () => {
      const user = await newUser(t().app);
      const file = await uploadCertificate(t().app, user.token);
      const form = enterpriseForm(file, { credit_code: enterpriseForm(file).credit_code.toLowerCase() });
      const reply = await call<SubmitCertificationResult>(t().app, 'POST', 'user/enterpriseAuth', form, {
        token: user.token,
      });
      expect(reply.status).toBe(200);
      expect(reply.result).toMatchObject({
        verify_state: 0,
        certification: {
          role: 'Enterprise',
          source: 'form',
          status: 0,
          status_name: 'pending',
          title: '杭州数桥科技有限公司',
          reason: null,
        },
      });
      expect(reply.result.certification.org_id).toEqual(expect.any(Number));

      const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token });
      expect(profile.result).toMatchObject({
        verify_state: 0,
        roles: [{ roleName: 'Enterprise' }],
        owned_org: { name: '杭州数桥科技有限公司' },
      });
      const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: user.token });
      expect(info.result).toMatchObject({
        role: 'Enterprise',
        verify_state: 0,
        certification: { id: reply.result.certification.id, status: 0 },
      });
      expect(info.result.certification?.data).toMatchObject({
        credit_code: form.credit_code.toUpperCase(),
        industry: 'I',
        city_code: '3301',
      });
      expect(info.result.certification?.files).toEqual([expect.objectContaining({ id: file, mime: 'image/png' })]);
    });

    it('validates every field with the spec’s messages in three locales', async () => {
      const user = await newUser(t().app);
      const empty = await call<Errors>(
        t().app,
        'POST',
        'user/enterpriseAuth',
        {},
        { token: user.token, locale: 'zh-CN' },
      );
      expect(empty.status).toBe(400);
      expect(empty.result.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', code: 'required', message: '请填写' },
          { field: 'credit_code', code: 'required', message: '请填写' },
          { field: 'licence_file_id', code: 'upload', message: '请上传图片' },
          { field: 'province_code', code: 'area', message: '请选择所在省市' },
          { field: 'industry', code: 'choose', message: '请选择' },
          { field: 'contact_phone', code: 'required', message: '请填写' },
        ]),
      );
      const bad = enterpriseForm(1, {
        credit_code: '91350100M000100Y44',
        website: 'example',
        contact_phone: '12345',
        province_code: '1300',
        city_code: '3301',
        name: '名'.repeat(101),
      });
      const en = await call<Errors>(t().app, 'POST', 'user/enterpriseAuth', bad, {
        token: user.token,
        locale: 'en-US',
      });
      expect(en.result.errors).toEqual(
        expect.arrayContaining([
          {
            field: 'credit_code',
            code: 'creditCode',
            message: 'Enter a correct unified social credit code (18 characters)',
          },
          { field: 'website', code: 'website', message: 'Enter a correct URL' },
          { field: 'contact_phone', code: 'phone', message: 'Enter a correct mobile or landline number' },
          { field: 'city_code', code: 'area', message: 'Choose a province and city' },
          { field: 'name', code: 'maxLength', message: 'Shorten the information to 100 characters' },
        ]),
      );
      const hk = await call<Errors>(t().app, 'POST', 'user/enterpriseAuth', bad, {
        token: user.token,
        locale: 'zh-HK',
      });
      expect(hk.result.errors).toEqual(
        expect.arrayContaining([
          { field: 'credit_code', code: 'creditCode', message: '請輸入正確的統一社會信用代碼（18位）' },
          { field: 'website', code: 'website', message: '請輸入正確的網址' },
        ]),
      );
      // Nothing was written: the user is still unverified.
      expect(
        (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token })).result.verify_state,
      ).toBeNull();
    });

    it('takes a municipality without a city and a landline as contact phone', async () => {
      const user = await newUser(t().app);
      const file = await uploadCertificate(t().app, user.token);
      const reply = await call(
        t().app,
        'POST',
        'user/enterpriseAuth',
        enterpriseForm(file, { province_code: '1100', city_code: undefined, contact_phone: '010-12345678' }),
        { token: user.token },
      );
      expect(reply.status).toBe(200);
    });

    it('refuses a licence image the caller did not upload', async () => {
      const owner = await newUser(t().app);
      const file = await uploadCertificate(t().app, owner.token);
      const thief = await newUser(t().app);
      const reply = await call<Errors>(t().app, 'POST', 'user/enterpriseAuth', enterpriseForm(file), {
        token: thief.token,
        locale: 'en-US',
      });
      expect(reply.result).toEqual({
        errors: [{ field: 'licence_file_id', code: 'fileInvalid', message: 'The image is missing; upload it again' }],
      });
      expect(
        (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: thief.token })).result.verify_state,
      ).toBeNull();
    });

    it('refuses a second submission while one is pending (409) and changes nothing', async () => {
      const user = await newUser(t().app);
      const first = await submitFor(t().app, user, 'Enterprise');
      const file = await uploadCertificate(t().app, user.token);
      const again = await call(t().app, 'POST', 'user/enterpriseAuth', enterpriseForm(file, { name: '另一家公司' }), {
        token: user.token,
        locale: 'en-US',
      });
      expect(again).toMatchObject({
        status: 409,
        message: 'Your certification is under review; wait for the result or withdraw it first',
      });
      const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: user.token });
      expect(info.result.certification).toMatchObject({ id: first.id, title: '杭州数桥科技有限公司' });
      expect((await call(t().app, 'POST', 'user/roleSelect', { role: 'Student' }, { token: user.token })).status).toBe(
        409,
      );
    });

    it('refuses a credit code another live organisation holds', async () => {
      const a = await newUser(t().app);
      const fileA = await uploadCertificate(t().app, a.token);
      const form = enterpriseForm(fileA);
      expect((await call(t().app, 'POST', 'user/enterpriseAuth', form, { token: a.token })).status).toBe(200);
      const b = await newUser(t().app);
      const fileB = await uploadCertificate(t().app, b.token);
      const clash = await call(
        t().app,
        'POST',
        'user/enterpriseAuth',
        { ...form, licence_file_id: fileB },
        { token: b.token },
      );
      expect(clash).toMatchObject({
        status: 409,
        message: '该统一社会信用代码已被其他机构认证或正在审核，请联系该机构管理员邀请您加入',
      });
      expect(
        (await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: b.token })).result.verify_state,
      ).toBeNull();
      // Once A withdraws, the code is free again.
      expect((await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: a.token })).status).toBe(200);
      expect(
        (await call(t().app, 'POST', 'user/enterpriseAuth', { ...form, licence_file_id: fileB }, { token: b.token }))
          .status,
      ).toBe(200);
    });

    it('org/register and registerV2 certify an organisation of the type named', async () => {
      const user = await newUser(t().app);
      const file = await uploadCertificate(t().app, user.token);
      const missingType = await call<Errors>(t().app, 'POST', 'org/register', enterpriseForm(file), {
        token: user.token,
      });
      expect(missingType.result.errors).toEqual([{ field: 'type', code: 'choose', message: '请选择' }]);
      const { industry: _industry, ...institute } = enterpriseForm(file, { name: '上海数学研究院' });
      const reply = await call<SubmitCertificationResult>(
        t().app,
        'POST',
        'org/registerV2',
        { ...institute, type: 'ResearchInstitute', research_fields: ['11', '35'] },
        { token: user.token },
      );
      expect(reply.result.certification).toMatchObject({
        role: 'ResearchInstitute',
        title: '上海数学研究院',
        status: 0,
      });
      const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: user.token });
      expect(info.result.role).toBe('ResearchInstitute');
    });
  });

  describe('personal certification', () => {
    it('a specialist certifies with certificates, degree and MSC research fields', async () => {
      const user = await newUser(t().app);
      const files = [await uploadCertificate(t().app, user.token), await uploadCertificate(t().app, user.token)];
      const reply = await call<SubmitCertificationResult>(
        t().app,
        'POST',
        'user/specialistAuth',
        specialistForm(files, { idNumber: '11010519491231002x' }),
        { token: user.token },
      );
      expect(reply.status).toBe(200);
      const info = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: user.token });
      expect(info.result.certification?.data).toMatchObject({
        idNumber: '11010519491231002X',
        degree: 'doctor',
        research_fields: ['35', '65'],
      });
      expect(info.result.certification?.files.map((f) => f.id)).toEqual(files);
    });

    it('checks the ID number, degree, research fields, institution and certificates', async () => {
      const user = await newUser(t().app);
      const reply = await call<Errors>(
        t().app,
        'POST',
        'user/specialistAuth',
        {
          truename: '李明',
          idNumber: '110105194912310021',
          degree: 'professor',
          position: '教授',
          research_fields: ['35', '99', '35'],
          certificate_ids: [],
        },
        { token: user.token, locale: 'en-US' },
      );
      expect(reply.result.errors).toEqual(
        expect.arrayContaining([
          { field: 'idNumber', code: 'idNumber', message: 'Invalid ID number' },
          { field: 'degree', code: 'choose', message: 'Please choose' },
          { field: 'research_fields.1', code: 'researchField', message: 'Choose research fields from the list' },
          { field: 'certificate_ids', code: 'upload', message: 'Please upload an image' },
          { field: 'institution', code: 'required', message: 'Please fill in' },
        ]),
      );
      const tooMany = await call<Errors>(
        t().app,
        'POST',
        'user/specialistAuth',
        specialistForm([1], { research_fields: ['00', '01', '03', '05', '06', '08'] }),
        { token: user.token, locale: 'zh-CN' },
      );
      expect(tooMany.result.errors).toEqual(
        expect.arrayContaining([{ field: 'research_fields', code: 'maxItems', message: '最多选择5项' }]),
      );
    });

    it('refuses an institution that is not a certified organisation on the platform', async () => {
      const pendingOwner = await newUser(t().app);
      const pending = await submitFor(t().app, pendingOwner, 'ResearchInstitute');
      const user = await newUser(t().app);
      const file = await uploadCertificate(t().app, user.token);
      for (const orgId of [pending.org_id, 999999]) {
        const reply = await call<Errors>(
          t().app,
          'POST',
          'user/specialistAuth',
          specialistForm([file], { institution: undefined, institution_org_id: orgId }),
          { token: user.token, locale: 'en-US' },
        );
        expect(reply.result.errors).toEqual([
          {
            field: 'institution_org_id',
            code: 'institutionInvalid',
            message: 'This organisation is not certified on the platform; type its name instead',
          },
        ]);
      }
    });

    it('a student certifies with the survey, reads it back and keeps it current', async () => {
      const user = await newUser(t().app);
      const invalid = await call<Errors>(
        t().app,
        'POST',
        'user/studentAuth',
        studentForm({ survey: { direction: '', after_graduation: 'travel' } }),
        { token: user.token },
      );
      expect(invalid.result.errors).toEqual(
        expect.arrayContaining([
          { field: 'survey.direction', code: 'required', message: '请填写' },
          { field: 'survey.after_graduation', code: 'choose', message: '请选择' },
          { field: 'survey.plans', code: 'required', message: '请填写' },
        ]),
      );
      expect((await call(t().app, 'POST', 'user/studentAuth', studentForm(), { token: user.token })).status).toBe(200);
      const survey = await call(t().app, 'GET', 'user/survey', {}, { token: user.token });
      expect(survey.result).toEqual({
        direction: '随机过程',
        after_graduation: 'further_study',
        plans: '读博',
        time_investment: '10to20',
      });
      const updated = {
        direction: '数理统计',
        after_graduation: 'employment',
        plans: '去量化公司',
        time_investment: 'gt20',
      };
      expect((await call(t().app, 'POST', 'user/survey', updated, { token: user.token })).status).toBe(200);
      expect((await call(t().app, 'GET', 'user/survey', {}, { token: user.token })).result).toEqual(updated);
    });

    it('only students keep a survey', async () => {
      const user = await newUser(t().app);
      await call(t().app, 'POST', 'user/roleSelect', { role: 'Specialist' }, { token: user.token });
      const reply = await call(t().app, 'POST', 'user/survey', studentForm().survey, { token: user.token });
      expect(reply.status).toBe(304);
      expect((await call(t().app, 'GET', 'user/survey', {}, { token: user.token })).result).toBeNull();
    });

    it('accepts the hidden identities through their own calls', async () => {
      const teacher = await newUser(t().app);
      expect((await submitFor(t().app, teacher, 'Teacher')).role).toBe('Teacher');
      const individual = await newUser(t().app);
      const reply = await call<SubmitCertificationResult>(t().app, 'POST', 'user/individualAuth', individualForm(), {
        token: individual.token,
      });
      expect(reply.result.certification).toMatchObject({ role: 'Individual', title: '赵六' });
    });
  });

  describe('verify_state transitions', () => {
    it('pending → withdrawn (-1) → resubmitted (0); withdrawing twice answers 409', async () => {
      const user = await newUser(t().app);
      const first = await submitFor(t().app, user, 'Specialist');
      const withdrawn = await call<{ verify_state: number; certification: CertificationSummary }>(
        t().app,
        'POST',
        'user/withdrawAuth',
        {},
        { token: user.token },
      );
      expect(withdrawn.result).toMatchObject({
        verify_state: -1,
        certification: { id: first.id, status: 3, status_name: 'withdrawn' },
      });
      const again = await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: user.token, locale: 'en-US' });
      expect(again).toMatchObject({ status: 409, message: 'There is no certification under review to withdraw' });
      // Unverified again, the identity may change.
      expect((await call(t().app, 'POST', 'user/roleSelect', { role: 'Student' }, { token: user.token })).status).toBe(
        200,
      );
      const second = await submitFor(t().app, user, 'Student');
      expect(second.status).toBe(0);
      expect((await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token })).result).toMatchObject({
        verify_state: 0,
        roles: [{ roleName: 'Student' }],
      });
    });

    it('rejected (2) with the reviewer’s reason → resubmitted (0) → approved (1), after which the identity and state are fixed', async () => {
      const admin = await signInAdmin(t());
      const user = await newUser(t().app);
      const first = await submitFor(t().app, user, 'Enterprise');
      await call(
        t().app,
        'POST',
        'workflow/approveAuth',
        { id: first.id, approve: 0, reason: '营业执照不清晰' },
        { token: admin.token },
      );
      const rejected = await call<AuthInfo>(t().app, 'GET', 'user/authInfo', {}, { token: user.token });
      expect(rejected.result).toMatchObject({
        verify_state: 2,
        certification: { status: 2, reason: '营业执照不清晰' },
      });

      const second = await submitFor(t().app, user, 'Enterprise', { name: '杭州数桥科技股份有限公司' });
      expect(second.org_id).toBe(first.org_id);
      expect((await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token })).result.verify_state).toBe(
        0,
      );
      await call(t().app, 'POST', 'workflow/approveAuth', { id: second.id, approve: 1 }, { token: admin.token });

      const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: user.token });
      expect(profile.result).toMatchObject({
        verify_state: 1,
        owned_org: { id: first.org_id, name: '杭州数桥科技股份有限公司' },
      });
      const file = await uploadCertificate(t().app, user.token);
      expect(
        await call(t().app, 'POST', 'user/enterpriseAuth', enterpriseForm(file), {
          token: user.token,
          locale: 'en-US',
        }),
      ).toMatchObject({ status: 409, message: 'You are already certified' });
      expect(
        await call(t().app, 'POST', 'user/roleSelect', { role: 'Student' }, { token: user.token, locale: 'en-US' }),
      ).toMatchObject({
        status: 409,
        message: 'Your identity cannot be changed while a certification is under review or approved',
      });
      expect((await call(t().app, 'POST', 'user/withdrawAuth', {}, { token: user.token })).status).toBe(409);
    });

    it('a rejected user who picks another identity starts unverified', async () => {
      const admin = await signInAdmin(t());
      const user = await newUser(t().app);
      const request = await submitFor(t().app, user, 'Student');
      await call(
        t().app,
        'POST',
        'workflow/approveAuth',
        { id: request.id, approve: 0, reason: '学生证照片缺失' },
        { token: admin.token },
      );
      const switched = await call(t().app, 'POST', 'user/roleSelect', { role: 'Specialist' }, { token: user.token });
      expect(switched.result).toMatchObject({ role: 'Specialist', verify_state: null });
    });

    it('approval records the certified real name on the account', async () => {
      const admin = await signInAdmin(t());
      const specialist = await certifiedUser(t().app, admin, 'Specialist', { truename: '陈景润' });
      const profile = await call<Profile>(t().app, 'GET', 'user/profile', {}, { token: specialist.token });
      expect(profile.result).toMatchObject({
        verify_state: 1,
        info: { truename: '陈景润' },
        roles: [{ roleName: 'Specialist' }],
      });
    });
  });
});
