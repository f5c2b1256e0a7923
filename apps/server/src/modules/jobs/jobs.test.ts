import { beforeAll, expect, it } from 'vitest';
import type { Application, ApplicationPage, JobDetail, JobPage, PublishedJobsPage } from '@mathbridge/contracts/jobs';
import type { SignedUrl } from '@mathbridge/contracts/files';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { Page } from '@mathbridge/contracts/pagination';
import type { Notification } from '@mathbridge/contracts/notifications';
import { call, describeApi, inParallel, settledValues, useTestApp } from '../../test/harness.ts';
import { certifiedUser } from '../identity/identity.fixtures.ts';
import { cast, daysFromNow, get, ok, post, type Cast, type OrgUser } from '../demands/demands.fixtures.ts';
import { fetchLink, png, upload } from '../files/files.fixtures.ts';
import { applyTo, jobForm, newJob, uploadResume } from './jobs.fixtures.ts';

type Errors = { errors: { field: string; message: string }[] };

describeApi('jobs and applications (issue 11)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: Cast;
  let student: OrgUser;
  beforeAll(async () => {
    c = await cast(t());
    student = { ...(await certifiedUser(t().app, c.admin, 'Student')), orgId: null };
  });

  /** Moves a job's deadline into the past (the API only accepts future ones). */
  const expire = (id: number) =>
    t()
      .ctx.db.updateTable('jobs')
      .set({ deadline: daysFromNow(-2) })
      .where('id', '=', id)
      .execute();
  const jobStatus = async (id: number) =>
    (await t()
      .ctx.db.selectFrom('jobs')
      .select(['status', 'applicant_count'])
      .where('id', '=', id)
      .executeTakeFirst())!;
  const todos = async (user: OrgUser) =>
    ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { page_size: 100 }), 'todoList').items;

  it('signed out: the public calls answer, every other job call is 305', async () => {
    const job = await newJob(app(), c.enterprise);
    const draft = await newJob(app(), c.enterprise, { publish: false });
    expect((await call(app(), 'GET', 'job/publishedList', {})).status).toBe(200);
    expect((await call<JobDetail>(app(), 'GET', `job/detail/${job.job.id}`)).result.job.title).toBe('算法工程师');
    expect((await call(app(), 'GET', `job/detail/${draft.job.id}`)).status).toBe(404);
    const closedCalls: [string, string][] = [
      ['GET', 'job/list'],
      ['POST', 'job/save'],
      ['POST', 'job/publish'],
      ['POST', 'job/close'],
      ['POST', 'job/reopen'],
      ['GET', 'job/applicants'],
      ['POST', 'job/viewApplication'],
      ['POST', 'job/inviteInterview'],
      ['POST', 'job/makeOffer'],
      ['POST', 'job/rejectApplication'],
      ['POST', 'job/resumeSpace'],
      ['POST', 'job/apply'],
      ['POST', 'job/withdraw'],
      ['GET', 'job/myApplications'],
    ];
    for (const [method, path] of closedCalls) {
      expect([path, (await call(app(), method as 'GET', path, { id: job.job.id })).status]).toEqual([path, 305]);
    }
  });

  it('validates: integer salaries with min ≤ max unless negotiable, spec §3 codes, the title rule, three locales', async () => {
    const bad = async (overrides: Record<string, unknown>, locale: 'zh-CN' | 'zh-HK' | 'en-US' = 'en-US') => {
      const reply = await call<Errors>(app(), 'POST', 'job/save', jobForm(overrides), {
        token: c.enterprise.token,
        locale,
      });
      expect(reply.status).toBe(400);
      return reply.result.errors;
    };
    expect((await bad({ salary_min: 1500.5 })).map((e) => e.field)).toEqual(['salary_min']);
    expect((await bad({ salary_min: '15k' }))[0]).toMatchObject({ field: 'salary_min', message: 'Integers only' });
    expect(await bad({ salary_min: 30000, salary_max: 20000 })).toEqual([
      expect.objectContaining({ field: 'salary_max', message: 'The maximum salary must not be below the minimum' }),
    ]);
    expect((await bad({ salary_min: 30000, salary_max: 20000 }, 'zh-CN'))[0]!.message).toBe('薪资上限不能低于下限');
    expect((await bad({ salary_min: 30000, salary_max: 20000 }, 'zh-HK'))[0]!.message).toBe('薪資上限不能低於下限');
    expect((await bad({ salary_min: undefined, salary_max: undefined })).map((e) => e.field).sort()).toEqual([
      'salary_max',
      'salary_min',
    ]);
    expect((await bad({ employment_type: 3 })).map((e) => e.field)).toEqual(['employment_type']);
    expect((await bad({ experience: 6 })).map((e) => e.field)).toEqual(['experience']);
    expect((await bad({ degree: 'phd' })).map((e) => e.field)).toEqual(['degree']);
    // A job title takes 30 Chinese characters (issue 30 §11), not one more; the message says the rule.
    const longest = await call(app(), 'POST', 'job/save', jobForm({ title: '很长'.repeat(15) }), {
      token: c.enterprise.token,
    });
    expect(longest.status).toBe(200);
    expect(await bad({ title: `${'很长'.repeat(15)}的` }, 'zh-CN')).toEqual([
      {
        field: 'title',
        code: 'titleLength',
        message: '请将信息缩短至30个汉字或60个英文字母以内（一个汉字按两个字符计）',
      },
    ]);
    expect((await bad({ headcount: 0 })).map((e) => e.field)).toEqual(['headcount']);
    expect((await bad({ deadline: daysFromNow(-1) })).map((e) => e.field)).toEqual(['deadline']);
    expect((await bad({ city_code: '1101' })).map((e) => e.field)).toEqual(['city_code']);

    const negotiable = ok(
      await post<JobDetail>(
        app(),
        c.enterprise,
        'job/save',
        jobForm({ negotiable: 1, salary_min: undefined, salary_max: 5 }),
      ),
      'negotiable',
    );
    expect(negotiable.job).toMatchObject({ negotiable: 1, salary_min: null, salary_max: null, status: 'draft' });
    const postdoc = ok(
      await post<JobDetail>(app(), c.institute, 'job/save', jobForm({ employment_type: 5, experience: 5 })),
      'institute',
    );
    expect(postdoc.job).toMatchObject({ employment_type: 5, experience: 5, org: { id: c.institute.orgId } });
  });

  it('only employers post and only applicants apply (spec §6)', async () => {
    expect((await post(app(), c.specialist, 'job/save', jobForm())).status).toBe(304);
    expect((await get(app(), student, 'job/list')).status).toBe(304);
    const job = await newJob(app(), c.enterprise);
    expect((await post(app(), c.enterprise, 'job/apply', { job_id: job.job.id, resume_file_id: 1 })).status).toBe(304);
    expect((await post(app(), c.otherEnterprise, 'job/resumeSpace')).status).toBe(304);
  });

  it('job states: draft → published → closed → published; illegal moves are 409 and change nothing', async () => {
    const draft = await newJob(app(), c.enterprise, { publish: false });
    const id = draft.job.id;
    expect(draft.can).toMatchObject({ edit: true, publish: true, close: false, reopen: false });
    expect((await post(app(), c.enterprise, 'job/close', { id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/reopen', { id })).status).toBe(409);
    const published = ok(await post<JobDetail>(app(), c.enterprise, 'job/publish', { id }), 'publish');
    expect(published.job).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect((await post(app(), c.enterprise, 'job/publish', { id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/reopen', { id })).status).toBe(409);
    const closed = ok(await post<JobDetail>(app(), c.enterprise, 'job/close', { id }), 'close');
    expect(closed.job).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    expect((await post(app(), c.enterprise, 'job/publish', { id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/close', { id })).status).toBe(409);
    const reopened = ok(await post<JobDetail>(app(), c.enterprise, 'job/reopen', { id }), 'reopen');
    expect(reopened.job).toMatchObject({ status: 'published', published_at: published.job.published_at });

    // Reopening (and publishing) only before the deadline.
    ok(await post(app(), c.enterprise, 'job/close', { id }), 'close again');
    await expire(id);
    const late = await post(app(), c.enterprise, 'job/reopen', { id });
    expect(late.status).toBe(409);
    expect(late.message).toBe("The job's deadline has passed");
    expect((await jobStatus(id)).status).toBe('closed');
    const lateDraft = await newJob(app(), c.enterprise, { publish: false });
    await expire(lateDraft.job.id);
    expect((await post(app(), c.enterprise, 'job/publish', { id: lateDraft.job.id })).status).toBe(409);
    expect((await jobStatus(lateDraft.job.id)).status).toBe('draft');

    // Editing keeps the state; the audit log holds each step.
    const edited = ok(
      await post<JobDetail>(
        app(),
        c.enterprise,
        'job/save',
        jobForm({ id, title: '数据科学家', deadline: daysFromNow(9) }),
      ),
      'edit',
    );
    expect(edited.job).toMatchObject({ title: '数据科学家', status: 'closed' });
    const logs = await t()
      .ctx.db.selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'job')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual([
      'job.create',
      'job.publish',
      'job.close',
      'job.reopen',
      'job.close',
      'job.update',
    ]);
  });

  it('who sees drafts and closed jobs: the organisation and admins; others 304, visitors 404', async () => {
    const draft = await newJob(app(), c.enterprise, { publish: false });
    const closed = await newJob(app(), c.enterprise);
    ok(await post(app(), c.enterprise, 'job/close', { id: closed.job.id }), 'close');
    for (const id of [draft.job.id, closed.job.id]) {
      expect((await get<JobDetail>(app(), c.enterprise, `job/detail/${id}`)).result.job.applicant_count).toBe(0);
      expect((await get(app(), c.admin, `job/detail/${id}`)).status).toBe(200);
      expect((await get(app(), c.otherEnterprise, `job/detail/${id}`)).status).toBe(304);
      expect((await get(app(), c.institute, `job/detail/${id}`)).status).toBe(304);
      expect((await get(app(), c.specialist, `job/detail/${id}`)).status).toBe(304);
      expect((await call(app(), 'GET', `job/detail/${id}`)).status).toBe(404);
    }
    expect((await call(app(), 'GET', 'job/detail/999999')).status).toBe(404);
    const publicList = ok(await call<PublishedJobsPage>(app(), 'GET', 'job/publishedList', { page_size: 100 }), 'list');
    const ids = publicList.items.map((j) => j.id);
    expect(ids).not.toContain(draft.job.id);
    expect(ids).not.toContain(closed.job.id);
    // A published job shows no applicant count to outsiders.
    const open = await newJob(app(), c.enterprise);
    expect((await get<JobDetail>(app(), c.specialist, `job/detail/${open.job.id}`)).result.job.applicant_count).toBe(
      null,
    );

    const own = ok(await get<JobPage>(app(), c.enterprise, 'job/list', { status: 'draft', page_size: 100 }), 'own');
    expect(own.items.every((j) => j.status === 'draft')).toBe(true);
    expect(own.items.map((j) => j.id)).toContain(draft.job.id);
    expect(own.total).toBe(own.counts.draft);
    const others = ok(await get<JobPage>(app(), c.otherEnterprise, 'job/list', {}), 'others');
    expect(others.items.map((j) => j.id)).not.toContain(draft.job.id);
    const all = ok(await get<JobPage>(app(), c.admin, 'job/list', { page_size: 100 }), 'admin');
    expect(all.items.map((j) => j.id)).toContain(draft.job.id);
  });

  it('an applicant still opens the job after the employer closes it: closed, no apply; others as before', async () => {
    const job = await newJob(app(), c.enterprise, { form: { title: '已关闭岗位' } });
    const id = job.job.id;
    const teacher = { ...(await certifiedUser(app(), c.admin, 'Teacher')), orgId: null };
    const live = await applyTo(app(), c.specialist, id);
    const earlier = await applyTo(app(), teacher, id);
    ok(await post(app(), teacher, 'job/withdraw', { id: earlier.id }), 'withdraw');
    ok(await post(app(), c.enterprise, 'job/close', { id }), 'close');

    // The link on /manage/myJob keeps working, whatever became of the application.
    const seen = ok(await get<JobDetail>(app(), c.specialist, `job/detail/${id}`), 'applicant');
    expect(seen).toMatchObject({
      job: { id, title: '已关闭岗位', status: 'closed', closed_at: expect.any(String), applicant_count: null },
      my_application: { id: live.id, status: 'applied' },
      can: { edit: false, publish: false, close: false, reopen: false, apply: false },
    });
    const mine = ok(await get<ApplicationPage>(app(), c.specialist, 'job/myApplications', { page_size: 100 }), 'mine');
    expect(mine.items.find((a) => a.id === live.id)?.job).toMatchObject({ id, status: 'closed' });
    const afterWithdrawing = ok(await get<JobDetail>(app(), teacher, `job/detail/${id}`), 'withdrawn applicant');
    expect(afterWithdrawing).toMatchObject({ job: { status: 'closed' }, my_application: null, can: { apply: false } });

    // Everyone else gets what they got: another applicant-role user and other employers 304, visitors 404.
    for (const outsider of [student, c.otherEnterprise, c.institute])
      expect((await get(app(), outsider, `job/detail/${id}`)).status).toBe(304);
    expect((await call(app(), 'GET', `job/detail/${id}`)).status).toBe(404);
    // Reopened, it is public again and the applicant's page shows no apply button (one open application).
    ok(await post(app(), c.enterprise, 'job/reopen', { id }), 'reopen');
    expect((await get<JobDetail>(app(), c.specialist, `job/detail/${id}`)).result.can.apply).toBe(false);
    expect((await get<JobDetail>(app(), teacher, `job/detail/${id}`)).result.can.apply).toBe(true);
  });

  it('another organisation’s employer gets 304 on every job and application call', async () => {
    const job = await newJob(app(), c.enterprise);
    const draft = await newJob(app(), c.enterprise, { publish: false });
    const application = await applyTo(app(), c.specialist, job.job.id);
    for (const other of [c.otherEnterprise, c.institute]) {
      expect((await post(app(), other, 'job/save', jobForm({ id: job.job.id }))).status).toBe(304);
      expect((await post(app(), other, 'job/publish', { id: draft.job.id })).status).toBe(304);
      expect((await post(app(), other, 'job/close', { id: job.job.id })).status).toBe(304);
      expect((await post(app(), other, 'job/reopen', { id: job.job.id })).status).toBe(304);
      expect((await get(app(), other, 'job/applicants', { job_id: job.job.id })).status).toBe(304);
      for (const path of ['job/viewApplication', 'job/inviteInterview', 'job/makeOffer', 'job/rejectApplication'])
        expect([path, (await post(app(), other, path, { id: application.id, reason: 'skills' })).status]).toEqual([
          path,
          304,
        ]);
      expect((await post(app(), other, 'upload/downloadUrl', { id: application.resume.id })).status).toBe(304);
    }
    expect((await post(app(), c.otherEnterprise, 'job/save', jobForm({ id: 999_999 }))).status).toBe(404);
    expect((await post(app(), c.otherEnterprise, 'job/viewApplication', { id: 999_999 })).status).toBe(404);
    expect((await jobStatus(draft.job.id)).status).toBe('draft');
    expect((await jobStatus(job.job.id)).status).toBe('published');
  });

  it('the public list filters by type, experience, region and keyword and pages by cursor', async () => {
    const tag = `K${Date.now() % 100000}`;
    const a = await newJob(app(), c.enterprise, {
      form: { title: `${tag}实习`, employment_type: 2, experience: 0, province_code: '1100', city_code: undefined },
    });
    const b = await newJob(app(), c.institute, { form: { title: `${tag}博后`, employment_type: 5, experience: 5 } });
    const d = await newJob(app(), c.enterprise, { form: { title: `${tag}全职`, negotiable: 1 } });
    const list = async (params: Record<string, unknown>) =>
      ok(await call<PublishedJobsPage>(app(), 'GET', 'job/publishedList', { keyword: tag, ...params }), 'list');
    expect((await list({})).items.map((j) => j.id)).toEqual([d.job.id, b.job.id, a.job.id]);
    expect((await list({ employment_type: 2 })).items.map((j) => j.id)).toEqual([a.job.id]);
    expect((await list({ experience: 5 })).items.map((j) => j.id)).toEqual([b.job.id]);
    expect((await list({ province_code: '1100' })).items.map((j) => j.id)).toEqual([a.job.id]);
    expect((await list({ province_code: '3300', city_code: '3301' })).items.map((j) => j.id)).toEqual([
      d.job.id,
      b.job.id,
    ]);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 4; i += 1) {
      const page = await list({ page_size: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((j) => j.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([d.job.id, b.job.id, a.job.id]);
    expect((await call(app(), 'GET', 'job/publishedList', { cursor: 'bm90LW91cnM' })).status).toBe(400);
    expect((await call<Errors>(app(), 'GET', 'job/publishedList', { employment_type: 3 })).status).toBe(400);
    // A published job past its deadline leaves the public list.
    await expire(a.job.id);
    expect((await list({})).items.map((j) => j.id)).toEqual([d.job.id, b.job.id]);
  });

  it('applications: apply, view → interview → offer, to-dos both ways, the employer reads the resume', async () => {
    const job = await newJob(app(), c.enterprise);
    const applied = await applyTo(app(), c.specialist, job.job.id);
    expect(applied).toMatchObject({
      status: 'applied',
      note: '期待加入',
      job: { id: job.job.id, org: { id: c.enterprise.orgId } },
      resume: { name: expect.stringMatching(/^resume.*\.pdf$/) },
      history: [{ from: null, to: 'applied', actor_id: c.specialist.id }],
    });
    expect((await jobStatus(job.job.id)).applicant_count).toBe(1);
    const detail = ok(await get<JobDetail>(app(), c.specialist, `job/detail/${job.job.id}`), 'detail');
    expect(detail).toMatchObject({ my_application: { id: applied.id, status: 'applied' }, can: { apply: false } });

    const employerTodos = await todos(c.enterprise);
    expect(employerTodos.some((i) => i.kind === 'jobApplication' && i.target_id === applied.id)).toBe(true);
    expect((await post<SignedUrl>(app(), c.enterprise, 'upload/downloadUrl', { id: applied.resume.id })).status).toBe(
      200,
    );

    const listed = ok(await get<ApplicationPage>(app(), c.enterprise, 'job/applicants', { job_id: job.job.id }), 'a');
    expect(listed.items.map((i) => i.id)).toEqual([applied.id]);
    expect((await get(app(), c.admin, 'job/applicants', { job_id: job.job.id })).status).toBe(200);

    // Illegal employer steps: 409, nothing changes.
    expect((await post(app(), c.enterprise, 'job/inviteInterview', { id: applied.id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/makeOffer', { id: applied.id })).status).toBe(409);
    ok(await post(app(), c.enterprise, 'job/viewApplication', { id: applied.id }), 'view');
    expect((await post(app(), c.enterprise, 'job/viewApplication', { id: applied.id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/makeOffer', { id: applied.id })).status).toBe(409);
    expect((await todos(c.enterprise)).some((i) => i.kind === 'jobApplication' && i.target_id === applied.id)).toBe(
      false,
    );
    ok(await post(app(), c.enterprise, 'job/inviteInterview', { id: applied.id }), 'interview');
    const interviewTodo = (await todos(c.specialist)).find((i) => i.target_id === applied.id);
    expect(interviewTodo).toMatchObject({ kind: 'jobInterview' });
    const offered = ok(await post<Application>(app(), c.enterprise, 'job/makeOffer', { id: applied.id }), 'offer');
    expect(offered.status).toBe('offer');
    expect(offered.history.map((h) => h.to)).toEqual(['applied', 'viewed', 'interview', 'offer']);
    expect(offered.history.slice(1).every((h) => h.actor_id === c.enterprise.id)).toBe(true);
    expect((await todos(c.specialist)).filter((i) => i.target_id === applied.id).map((i) => i.kind)).toEqual([
      'jobOffer',
    ]);
    expect(
      (await post(app(), c.enterprise, 'job/rejectApplication', { id: applied.id, reason: 'positionFilled' })).status,
    ).toBe(409);
    expect((await post(app(), c.specialist, 'job/withdraw', { id: applied.id })).status).toBe(409);

    // One application: its applicant, the job's organisation and admins; others 304, unknown 404.
    for (const reader of [c.specialist, c.enterprise, c.admin])
      expect((await get<Application>(app(), reader, `job/application/${applied.id}`)).result.status).toBe('offer');
    for (const outsider of [c.otherEnterprise, student])
      expect((await get(app(), outsider, `job/application/${applied.id}`)).status).toBe(304);
    expect((await get(app(), c.specialist, 'job/application/999999')).status).toBe(404);
    expect((await call(app(), 'GET', `job/application/${applied.id}`)).status).toBe(305);

    const mine = ok(await get<ApplicationPage>(app(), c.specialist, 'job/myApplications', {}), 'mine');
    expect(mine.items.find((i) => i.id === applied.id)).toMatchObject({
      status: 'offer',
      job: { title: '算法工程师' },
    });
    expect((await get<ApplicationPage>(app(), student, 'job/myApplications', {})).result.items).toEqual([]);
  });

  it('reject and withdraw: who may, from which states; a withdrawn application may be followed by a new one', async () => {
    const job = await newJob(app(), c.enterprise);
    const first = await applyTo(app(), student, job.job.id);
    // Not the applicant: 304; unknown: 404.
    expect((await post(app(), c.specialist, 'job/withdraw', { id: first.id })).status).toBe(304);
    expect((await post(app(), student, 'job/withdraw', { id: 999_999 })).status).toBe(404);
    const withdrawn = ok(await post<Application>(app(), student, 'job/withdraw', { id: first.id }), 'withdraw');
    expect(withdrawn.status).toBe('withdrawn');
    expect((await jobStatus(job.job.id)).applicant_count).toBe(0);
    expect((await todos(c.enterprise)).some((i) => i.target_id === first.id)).toBe(false);
    expect((await post(app(), student, 'job/withdraw', { id: first.id })).status).toBe(409);
    expect((await post(app(), c.enterprise, 'job/viewApplication', { id: first.id })).status).toBe(409);
    // Once withdrawn, the employer no longer reads the resume.
    expect((await post(app(), c.enterprise, 'upload/downloadUrl', { id: first.resume.id })).status).toBe(304);

    const second = await applyTo(app(), student, job.job.id);
    const rejected = ok(
      await post<Application>(app(), c.enterprise, 'job/rejectApplication', { id: second.id, reason: 'skills' }),
      'reject',
    );
    expect(rejected.status).toBe('rejected');
    expect((await todos(student)).find((i) => i.target_id === second.id)).toMatchObject({ kind: 'jobRejected' });
    expect((await post(app(), student, 'job/withdraw', { id: second.id })).status).toBe(409);
    // A rejected application is still the open one: no second application.
    const again = await post(app(), student, 'job/apply', { job_id: job.job.id, resume_file_id: second.resume.id });
    expect(again.status).toBe(409);
  });

  it('rejecting an applicant needs a reason from the list (and text for "other"); the applicant sees it', async () => {
    const job = await newJob(app(), c.enterprise, { form: { title: '拒绝原因' } });
    const application = await applyTo(app(), c.specialist, job.job.id);
    const reject = (payload: Record<string, unknown>, locale: 'zh-CN' | 'zh-HK' | 'en-US' = 'en-US') =>
      call<Errors>(
        app(),
        'POST',
        'job/rejectApplication',
        { id: application.id, ...payload },
        {
          token: c.enterprise.token,
          locale,
        },
      );
    const fields = (reply: { status: number; result: Errors }) => [
      reply.status,
      reply.result.errors.map((e) => e.field),
    ];

    // No reason, a solution's reason, 'other' without words, words too long: 400 on the field, nothing changes.
    const none = await reject({});
    expect(fields(none)).toEqual([400, ['reason']]);
    expect(none.result.errors[0]!.message).toBe('Please choose');
    expect((await reject({}, 'zh-CN')).result.errors[0]!.message).toBe('请选择');
    expect((await reject({}, 'zh-HK')).result.errors[0]!.message).toBe('請選擇');
    expect(fields(await reject({ reason: 'budget' }))).toEqual([400, ['reason']]);
    expect(fields(await reject({ reason: 'other', reason_text: '   ' }))).toEqual([400, ['reason_text']]);
    expect(fields(await reject({ reason: 'skills', reason_text: '长'.repeat(501) }))).toEqual([400, ['reason_text']]);
    expect((await get<Application>(app(), c.specialist, `job/application/${application.id}`)).result.status).toBe(
      'applied',
    );
    // A reason does not make another organisation's employer the employer.
    expect(
      (await post(app(), c.otherEnterprise, 'job/rejectApplication', { id: application.id, reason: 'skills' })).status,
    ).toBe(304);

    const rejected = ok(
      await post<Application>(app(), c.enterprise, 'job/rejectApplication', {
        id: application.id,
        reason: 'experience',
        reason_text: '需要三年以上排产优化经验',
      }),
      'reject',
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      reject_reason: 'experience',
      reject_text: '需要三年以上排产优化经验',
    });
    // Rejected once: a second rejection is 409 whatever its reason, and the first reason stays.
    expect(
      (
        await post(app(), c.enterprise, 'job/rejectApplication', {
          id: application.id,
          reason: 'other',
          reason_text: '再次',
        })
      ).status,
    ).toBe(409);

    // The applicant sees why: in their list, on the application, and in the notification (their language).
    const mine = ok(await get<ApplicationPage>(app(), c.specialist, 'job/myApplications', { page_size: 100 }), 'mine');
    expect(mine.items.find((a) => a.id === application.id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'experience',
      reject_text: '需要三年以上排产优化经验',
    });
    const notes = async (locale: 'zh-CN' | 'zh-HK' | 'en-US') =>
      ok(
        await call<Page<Notification>>(app(), 'GET', 'notification/list', {}, { token: c.specialist.token, locale }),
        'notifications',
      ).items.find((n) => n.kind === 'applicationRejected');
    expect(await notes('en-US')).toMatchObject({
      category: 'job',
      title: `Your application for "拒绝原因" at ${job.job.org.name} was not successful: Not enough relevant experience (需要三年以上排产优化经验)`,
      path: '/manage/myJob',
    });
    expect((await notes('zh-CN'))?.title).toBe(
      `您申请的职位“拒绝原因”（${job.job.org.name}）未通过，原因：相关经验不足 (需要三年以上排产优化经验)`,
    );
    expect((await notes('zh-HK'))?.title).toContain('原因：相關經驗不足 (需要三年以上排产优化经验)');
    // Applications nobody rejected carry no reason.
    const other = await applyTo(app(), student, job.job.id);
    expect(other).toMatchObject({ reject_reason: null, reject_text: null });
    const audit = await t()
      .ctx.db.selectFrom('audit_logs')
      .select(['action', 'detail'])
      .where('target_type', '=', 'job_application')
      .where('target_id', '=', String(application.id))
      .where('action', '=', 'job.application.reject')
      .executeTakeFirst();
    expect(audit?.detail).toContain('experience');
  });

  it('apply refuses: twice (409), drafts, closed jobs and past deadlines (409), a resume not in the resume space (400)', async () => {
    const job = await newJob(app(), c.enterprise);
    const resume = await uploadResume(app(), c.specialist);
    const form = (jobId: number, fileId = resume) => ({ job_id: jobId, resume_file_id: fileId });
    ok(await post(app(), c.specialist, 'job/apply', form(job.job.id)), 'first');
    const twice = await post(app(), c.specialist, 'job/apply', form(job.job.id));
    expect([twice.status, twice.message]).toEqual([409, 'You have already applied for this job']);

    const draft = await newJob(app(), c.enterprise, { publish: false });
    expect((await post(app(), c.specialist, 'job/apply', form(draft.job.id))).status).toBe(409);
    const closed = await newJob(app(), c.enterprise);
    ok(await post(app(), c.enterprise, 'job/close', { id: closed.job.id }), 'close');
    expect((await post(app(), c.specialist, 'job/apply', form(closed.job.id))).status).toBe(409);
    const expired = await newJob(app(), c.enterprise);
    await expire(expired.job.id);
    expect((await post(app(), c.specialist, 'job/apply', form(expired.job.id))).status).toBe(409);
    expect((await post(app(), c.specialist, 'job/apply', form(999_999))).status).toBe(404);

    const fresh = await newJob(app(), c.enterprise);
    // Someone else's resume, an image, and a file of another space are refused as field errors.
    const othersResume = await uploadResume(app(), student);
    const space = ok(await post<{ space_id: number }>(app(), c.specialist, 'job/resumeSpace'), 'space');
    const image = (await upload(app(), c.specialist.token, 'photo.png', png(500), { space_id: space.space_id })).result!
      .id;
    for (const fileId of [othersResume, image, 999_999]) {
      const reply = await post<Errors>(app(), c.specialist, 'job/apply', form(fresh.job.id, fileId));
      expect([fileId, reply.status, reply.result.errors.map((e) => e.field)]).toEqual([
        fileId,
        400,
        ['resume_file_id'],
      ]);
    }
    expect((await jobStatus(fresh.job.id)).applicant_count).toBe(0);
  });

  it('30 simultaneous applies by one user make exactly one application', async () => {
    const job = await newJob(app(), c.enterprise);
    const resume = await uploadResume(app(), c.specialist);
    const replies = settledValues(
      await inParallel(30, () =>
        post<Application>(app(), c.specialist, 'job/apply', { job_id: job.job.id, resume_file_id: resume }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const rows = await t()
      .ctx.db.selectFrom('job_applications')
      .select('id')
      .where('job_id', '=', job.job.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await jobStatus(job.job.id)).applicant_count).toBe(1);
  });

  it('teachers and individuals apply too (spec §6 myJob); the audit log holds every application step', async () => {
    const job = await newJob(app(), c.institute);
    const teacher = { ...(await certifiedUser(app(), c.admin, 'Teacher')), orgId: null };
    const individual = { ...(await certifiedUser(app(), c.admin, 'Individual')), orgId: null };
    const a = await applyTo(app(), teacher, job.job.id);
    const b = await applyTo(app(), individual, job.job.id);
    ok(await post(app(), c.institute, 'job/viewApplication', { id: a.id }), 'view');
    ok(await post(app(), c.institute, 'job/rejectApplication', { id: a.id, reason: 'education' }), 'reject');
    ok(await post(app(), individual, 'job/withdraw', { id: b.id }), 'withdraw');
    const actions = await t()
      .ctx.db.selectFrom('audit_logs')
      .select(['action', 'actor_id', 'target_id'])
      .where('target_type', '=', 'job_application')
      .where('target_id', 'in', [String(a.id), String(b.id)])
      .orderBy('id')
      .execute();
    expect(actions.map((r) => [r.action, r.actor_id, Number(r.target_id)])).toEqual([
      ['job.apply', teacher.id, a.id],
      ['job.apply', individual.id, b.id],
      ['job.application.view', c.institute.id, a.id],
      ['job.application.reject', c.institute.id, a.id],
      ['job.withdraw', individual.id, b.id],
    ]);
  });

  it('racing transitions: exactly one of 20 parallel identical steps wins, the others are 409', async () => {
    const draft = await newJob(app(), c.enterprise, { publish: false });
    const publishes = settledValues(
      await inParallel(20, () => post(app(), c.enterprise, 'job/publish', { id: draft.job.id })),
    ).map((r) => r.status);
    expect(publishes.filter((s) => s === 200)).toHaveLength(1);
    expect(publishes.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);

    const application = await applyTo(app(), c.specialist, draft.job.id);
    const views = settledValues(
      await inParallel(20, () => post(app(), c.enterprise, 'job/viewApplication', { id: application.id })),
    ).map((r) => r.status);
    expect(views.filter((s) => s === 200)).toHaveLength(1);
    expect(views.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);

    // Withdraw against reject: one of them, never both; the count follows the winner.
    const [withdrawn, rejected] = await Promise.all([
      post(app(), c.specialist, 'job/withdraw', { id: application.id }),
      post(app(), c.enterprise, 'job/rejectApplication', { id: application.id, reason: 'positionFilled' }),
    ]);
    expect([withdrawn.status, rejected.status].sort()).toEqual([200, 409]);
    const events = await t()
      .ctx.db.selectFrom('job_application_events')
      .select('to_status')
      .where('application_id', '=', application.id)
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(3);
    expect((await jobStatus(draft.job.id)).applicant_count).toBe(withdrawn.status === 200 ? 0 : 1);
  });

  it("the employer sees the resume under the name the applicant gave it, though the applicant's resume space numbered the second upload", async () => {
    const job = await newJob(app(), c.enterprise, { form: { title: '简历名称' } });
    // The same file sent twice: in the applicant's own space the second copy is a real clash.
    await uploadResume(app(), student, 'cv-linxiao.pdf');
    const second = await uploadResume(app(), student, 'cv-linxiao.pdf');
    const space = ok(await post<{ space_id: number }>(app(), student, 'job/resumeSpace'), 'space');
    const own = ok(
      await get<{ items: { id: number; name: string }[] }>(app(), student, 'upload/getAttachmentList', {
        space_id: space.space_id,
        page_size: 100,
      }),
      'list',
    );
    expect(own.items.find((item) => item.id === second)?.name).toBe('cv-linxiao (1).pdf');

    const applied = ok(
      await post<Application>(app(), student, 'job/apply', { job_id: job.job.id, resume_file_id: second }),
      'apply',
    );
    // The employer sees one resume per application: there is nothing for the number to tell apart.
    expect(applied.resume).toMatchObject({ id: second, name: 'cv-linxiao.pdf' });
    const listed = ok(await get<ApplicationPage>(app(), c.enterprise, 'job/applicants', { job_id: job.job.id }), 'a');
    expect(listed.items.map((i) => i.resume.name)).toEqual(['cv-linxiao.pdf']);
    const link = ok(await post<SignedUrl>(app(), c.enterprise, 'upload/downloadUrl', { id: second }), 'link');
    const download = await fetchLink(app(), link.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="cv-linxiao\.pdf"/);
    // The applicant, who holds both copies, still downloads theirs under its own name in the space.
    const ownLink = ok(await post<SignedUrl>(app(), student, 'upload/downloadUrl', { id: second }), 'own link');
    expect((await fetchLink(app(), ownLink.url)).headers['content-disposition']).toMatch(
      /^attachment; filename="cv-linxiao \(1\)\.pdf"/,
    );
  });

  it('of 20 parallel rejections with different reasons exactly one wins, and its reason is the one kept', async () => {
    const job = await newJob(app(), c.enterprise);
    const application = await applyTo(app(), c.specialist, job.job.id);
    const reasons = ['experience', 'skills', 'education', 'positionFilled'] as const;
    const answers = settledValues(
      await inParallel(20, (i) =>
        post(app(), c.enterprise, 'job/rejectApplication', { id: application.id, reason: reasons[i % 4] }),
      ),
    );
    const winners = answers.flatMap((r, i) => (r.status === 200 ? [reasons[i % 4]] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const stored = await t()
      .ctx.db.selectFrom('job_applications')
      .select(['status', 'reject_reason'])
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'rejected', reject_reason: winners[0] });
  });
});
