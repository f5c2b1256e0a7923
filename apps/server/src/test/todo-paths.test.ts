import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@mathbridge/contracts/notifications';
import type { Page } from '@mathbridge/contracts/pagination';
import type { ResearchKind, ResearchMember, ResearchPhase, ResearchQuestion } from '@mathbridge/contracts/research';
import { isWebRoute } from '@mathbridge/contracts/routes';
import { TODO_KINDS, TODO_STATES, type TodoItem, type TodoKind } from '@mathbridge/contracts/workflow';
import * as itemPaths from '../db/migrations/0022-item-paths.ts';
import { newDemand, newSolution, wishForm, type Cast } from '../modules/demands/demands.fixtures.ts';
import { certifiedUser, newUser, submitFor } from '../modules/identity/identity.fixtures.ts';
import { applyTo, newJob } from '../modules/jobs/jobs.fixtures.ts';
import { notebookIn } from '../modules/notebooks/notebooks.fixtures.ts';
import {
  daysFromNow,
  get,
  join,
  joinWithPreset,
  newProject,
  ok,
  post,
  researchCast,
  type ResearchCast,
} from '../modules/research/research.fixtures.ts';
import { call, describeApi, useTestApp } from './harness.ts';

/**
 * Every kind of to-do carries the web path where it is done, made by the module that opens it
 * (DESIGN §19): the browser opens `path` and asks nothing. One walk through every module, so it
 * lives here; the reader's face (enterprise or institute, owner or member, specialist or student)
 * decides the page, as the web's resolvers did before.
 */
describeApi('to-dos lead to the page where they are done', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;
  let demands: Cast;
  const seen = new Set<TodoKind>();

  beforeAll(async () => {
    c = await researchCast(t());
    const enterprise = await certifiedUser(app(), c.admin, 'Enterprise', { name: '路径测试企业有限公司' });
    const otherEnterprise = await certifiedUser(app(), c.admin, 'Enterprise', { name: '路径另一企业有限公司' });
    demands = { ...c, enterprise, otherEnterprise, specialist: c.specialist };
  });

  const todosOf = async (user: { token: string }) =>
    ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { page_size: 100 }), 'workflow/todoList').items;

  /** The path of `user`'s to-do of `kind` (about `targetId`, when given), whatever its state now. */
  async function pathOf(user: { token: string }, kind: TodoKind, targetId?: number): Promise<string> {
    for (const status of TODO_STATES) {
      const page = ok(
        await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { status, page_size: 100 }),
        'workflow/todoList',
      );
      const item = page.items.find((i) => i.kind === kind && (targetId === undefined || i.target_id === targetId));
      if (item) {
        expect(isWebRoute(item.path), `${kind} ${item.path}`).toBe(true);
        seen.add(kind);
        return item.path;
      }
    }
    throw new Error(`no ${kind} to-do`);
  }

  it('identity: a certification review opens its drawer on the review tab; a membership claim, the members tab', async () => {
    const applicant = await newUser(app());
    const request = await submitFor(app(), applicant, 'Enterprise', { name: '待审核企业有限公司' });
    expect(await pathOf(c.admin, 'certificationReview', request.id)).toBe(
      `/manage/todoList?tab=reviews&review=${request.id}`,
    );
    ok(
      await post(app(), c.admin, 'workflow/approveAuth', { id: request.id, approve: 0, reason: '证件不清晰' }),
      'reject',
    );
    for (const approve of [1, 0]) {
      const claimant = await newUser(app());
      await submitFor(app(), claimant, 'Specialist', { institution: undefined, institution_org_id: c.institute.orgId });
      const claim = (await todosOf(c.institute)).find((item) => item.kind === 'memberReview');
      expect(await pathOf(c.institute, 'memberReview', claim?.target_id)).toBe('/manage/todoList?tab=members');
      ok(
        await post(app(), c.institute, 'org/userAuth', { id: claim?.target_id, approve, reason: '查无此人' }),
        'decide',
      );
    }
    // A member joining by invitation: the owner is told (a notification with its path).
    const invitation = ok(await post<{ id: number }>(app(), c.otherInstitute, 'sys/invite'), 'invite');
    ok(await post(app(), await newUser(app()), 'sys/acceptInvite', { id: invitation.id }), 'acceptInvite');
  });

  it("demands: the review and the rejection open the demand's page", async () => {
    const submitted = await newDemand(app(), demands, { form: { commit: 1 } });
    const id = submitted.demand.id;
    expect(await pathOf(c.admin, 'demandReview', id)).toBe(`/manage/demandManage/detail/${id}`);
    ok(await post(app(), c.admin, 'demand/review', { id, approve: 0, reason: '信息不全' }), 'reject');
    expect(await pathOf(demands.enterprise, 'demandRejected', id)).toBe(`/manage/demandManage/detail/${id}`);
  });

  it("solutions: the enterprise reviews on its demand's page, the institute reads a decline in its solutions", async () => {
    const { demand } = await newDemand(app(), demands, { publish: true });
    const solution = await newSolution(app(), c.institute, demand.id);
    expect(await pathOf(demands.enterprise, 'solutionReview', solution.id)).toBe(
      `/manage/demandManage/detail/${demand.id}`,
    );
    ok(await post(app(), demands.enterprise, 'solution/decline', { id: solution.id, reason: 'budget' }), 'decline');
    expect(await pathOf(c.institute, 'solutionDeclined', solution.id)).toBe(`/manage/solutions?id=${solution.id}`);
  });

  it("a cooperation opens its demand's page at the cooperation, on each side's own face", async () => {
    const { demand } = await newDemand(app(), demands, { publish: true });
    const solution = await newSolution(app(), c.otherInstitute, demand.id);
    ok(await post(app(), demands.enterprise, 'solution/accept', { id: solution.id }), 'accept');
    expect(await pathOf(demands.enterprise, 'cooperationStarted')).toBe(
      `/manage/demandManage/detail/${demand.id}#cooperation`,
    );
    expect(await pathOf(c.otherInstitute, 'cooperationStarted')).toBe(
      `/manage/demandManageRI/detail/${demand.id}#cooperation`,
    );
  });

  it("a response to a cooperation wish opens the wish's page", async () => {
    const wish = ok(await post<{ id: number }>(app(), demands.enterprise, 'cooperateWish/create', wishForm()), 'wish');
    ok(
      await post(app(), c.institute, 'cooperateWish/respond', {
        id: wish.id,
        message: '我们有相关经验',
        contact: '李老师',
        contact_phone: '13900004444',
      }),
      'respond',
    );
    expect(await pathOf(demands.enterprise, 'wishResponse')).toBe(`/manage/willManageE/detail/${wish.id}`);
  });

  it("jobs: the employer opens the job's applicants, the applicant their applications", async () => {
    const job = await newJob(app(), demands.enterprise);
    const application = await applyTo(app(), c.outsider, job.job.id);
    expect(await pathOf(demands.enterprise, 'jobApplication', application.id)).toBe(
      `/manage/employment/detail/${job.job.id}`,
    );
    ok(await post(app(), demands.enterprise, 'job/viewApplication', { id: application.id }), 'view');
    ok(await post(app(), demands.enterprise, 'job/inviteInterview', { id: application.id }), 'interview');
    expect(await pathOf(c.outsider, 'jobInterview', application.id)).toBe('/manage/myJob');
    ok(await post(app(), demands.enterprise, 'job/makeOffer', { id: application.id }), 'offer');
    expect(await pathOf(c.outsider, 'jobOffer', application.id)).toBe('/manage/myJob');
    const other = await applyTo(app(), c.student, job.job.id);
    ok(await post(app(), demands.enterprise, 'job/rejectApplication', { id: other.id, reason: 'skills' }), 'reject');
    expect(await pathOf(c.student, 'jobRejected', other.id)).toBe('/manage/myJob');
  });

  it("research memberships: the owner decides on the project's page in their face, an invitee in the pool", async () => {
    const subject = await newProject(app(), c.institute, 'subject', { publish: true });
    const applied = ok(
      await post<ResearchMember>(app(), c.member, 'subject/apply', { id: subject.id, note: '想参与', accept_nda: 1 }),
      'apply',
    );
    expect(await pathOf(c.institute, 'researchApply', applied.id)).toBe(`/manage/subjectManage/detail/${subject.id}`);

    const custom = await newProject(app(), c.specialist, 'subject', { publish: true });
    const customApplied = ok(
      await post<ResearchMember>(app(), c.viewer, 'subject/apply', { id: custom.id, note: '想参与', accept_nda: 1 }),
      'apply',
    );
    expect(await pathOf(c.specialist, 'researchApply', customApplied.id)).toBe(
      `/manage/subjectManageS/customSubjectDetail?id=${custom.id}`,
    );
    ok(
      await post(app(), c.specialist, 'subject/refuseJoin', { member_id: customApplied.id, reason: '名额已满' }),
      'refuse',
    );

    const direction = await newProject(app(), c.specialist, 'direction', { publish: true });
    const studentApplied = ok(
      await post<ResearchMember>(app(), c.student, 'direction/apply', { id: direction.id, note: '想参与' }),
      'apply',
    );
    expect(await pathOf(c.specialist, 'researchApply', studentApplied.id)).toBe(
      `/manage/directionManage/detail/${direction.id}`,
    );

    const [invited] = ok(
      await post<ResearchMember[]>(app(), c.institute, 'subject/invite', { id: subject.id, user_ids: [c.manager.id] }),
      'invite',
    );
    expect(await pathOf(c.manager, 'researchInvite', invited?.id)).toBe(`/manage/subjectsPool/detail/${subject.id}`);
    ok(await post(app(), c.manager, 'subject/acceptInvite', { id: subject.id }), 'acceptInvite');
  });

  /** A running project of `owner` with `member` in it, and one phase assigned to the member. */
  async function phaseOf(owner: { token: string }, member: { token: string; id: number }, kind: ResearchKind) {
    const project = await newProject(app(), owner, kind, { publish: true });
    await join(app(), owner, member, kind, project.id);
    const phase = ok(
      await post<ResearchPhase>(app(), owner, `${kind}/savePhase`, {
        id: project.id,
        title: '建模',
        goal: '给出模型',
        due_date: daysFromNow(20),
        assignees: [member.id],
      }),
      'savePhase',
    );
    ok(await post(app(), owner, `${kind}/start`, { id: project.id }), 'start');
    ok(await post(app(), member, `${kind}/submitOutcome`, { phase_id: phase.id, content: '初稿' }), 'submit');
    return { project, phase };
  }

  it("research outcomes: the owner's review and the member's revision open the project's phases in their face", async () => {
    // An institute's review opens its subject's planOutcomeDetail; the specialist member revises on the phases tab.
    const subject = await phaseOf(c.institute, c.member, 'subject');
    expect(await pathOf(c.institute, 'researchOutcomeReview', subject.phase.id)).toBe(
      `/manage/subjectManage/planOutcomeDetail/${subject.project.id}`,
    );
    ok(
      await post(app(), c.institute, 'subject/reviewOutcome', {
        phase_id: subject.phase.id,
        accept: 0,
        comment: '补充',
      }),
      'revise',
    );
    expect(await pathOf(c.member, 'researchOutcomeRevision', subject.phase.id)).toBe(
      `/manage/subjectManageS/detail?id=${subject.project.id}&tab=phases`,
    );

    // A specialist's review of their custom subject opens its detail on the phases tab.
    const custom = await phaseOf(c.specialist, c.viewer, 'subject');
    expect(await pathOf(c.specialist, 'researchOutcomeReview', custom.phase.id)).toBe(
      `/manage/subjectManageS/customSubjectDetail?id=${custom.project.id}&tab=phases`,
    );

    // A specialist's review of a direction opens its planOutcomeDetail; the student revises on the phases tab.
    const direction = await phaseOf(c.specialist, c.student, 'direction');
    expect(await pathOf(c.specialist, 'researchOutcomeReview', direction.phase.id)).toBe(
      `/manage/directionManage/planOutcomeDetail/${direction.project.id}`,
    );
    ok(
      await post(app(), c.specialist, 'direction/reviewOutcome', {
        phase_id: direction.phase.id,
        accept: 0,
        comment: '补充',
      }),
      'revise',
    );
    expect(await pathOf(c.student, 'researchOutcomeRevision', direction.phase.id)).toBe(
      `/manage/directionManageStu/detail?id=${direction.project.id}&tab=phases`,
    );
  });

  it("research questions: the student's on their questions page, the review on the direction's questions tab in the reviewer's face", async () => {
    const poser = await certifiedUser(app(), c.admin, 'Student', { truename: '冯学生' });
    const direction = await newProject(app(), c.specialist, 'direction', { publish: true });
    await join(app(), c.specialist, c.student, 'direction', direction.id);
    // A student member holding review_outcome poses questions too, and reviews in directionManageStu.
    await joinWithPreset(app(), c.specialist, poser, 'direction', direction.id, 'manager');
    const question = ok(
      await post<ResearchQuestion>(app(), poser, 'question/save', {
        project_id: direction.id,
        title: '证明收敛性',
        statement: '证明 $\\sum_{n\\ge1} 1/n^2$ 收敛。',
        due_date: daysFromNow(10),
        attachments: [],
        assignees: [c.student.id],
      }),
      'question/save',
    );
    expect(await pathOf(c.student, 'researchQuestion', question.id)).toBe(
      `/manage/researchQuestions?question=${question.id}`,
    );
    const answered = ok(
      await post<ResearchQuestion>(app(), c.student, 'question/answer', {
        question_id: question.id,
        content: '由积分判别法',
        attachments: [],
      }),
      'question/answer',
    );
    const answerId = answered.answers[0]?.id;
    const tab = `tab=questions&question=${question.id}`;
    expect(await pathOf(c.specialist, 'researchAnswerReview', answerId)).toBe(
      `/manage/directionManage/detail/${direction.id}?${tab}`,
    );
    expect(await pathOf(poser, 'researchAnswerReview', answerId)).toBe(
      `/manage/directionManageStu/detail?id=${direction.id}&${tab}`,
    );
    ok(
      await post(app(), c.specialist, 'question/review', { answer_id: answerId, accept: 0, comment: '再想想' }),
      'return',
    );
    expect(await pathOf(c.student, 'researchAnswerReturned', question.id)).toBe(
      `/manage/researchQuestions?question=${question.id}`,
    );
  });

  it("content and notebooks: the admins' inbox and contributions; a rejected contribution opens the notebook", async () => {
    const consultation = await call(app(), 'POST', 'index/addConsultation', {
      name: '李女士',
      phone: '13800138123',
      topic: 'cooperation',
      content: '想了解企业需求的发布流程',
    });
    expect(consultation.status).toBe(200);
    expect(await pathOf(c.admin, 'consultationNew')).toBe('/manage/content/consultations');

    // The owner reads to-dos in the workspace: a certified user.
    const owner = c.outsider;
    await notebookIn(app(), owner, 'pending');
    expect(await pathOf(c.admin, 'notebookContribution')).toBe('/manage/content/contributions');
    const rejected = await notebookIn(app(), owner, 'rejected', c.admin);
    expect(await pathOf(owner, 'notebookRejected', rejected.id)).toBe(`/notebooks/${rejected.id}`);
    await notebookIn(app(), owner, 'accepted', c.admin);
  });

  it('covers every kind of to-do', () => {
    expect([...seen].sort()).toEqual([...TODO_KINDS].sort());
  });

  it('migration 0022 gives the items made before it the same paths, by SQL', async () => {
    const { db } = t().ctx;
    const stored = async () => ({
      todos: await db.selectFrom('todos').select(['id', 'kind', 'path']).orderBy('id').execute(),
      notifications: await db.selectFrom('notifications').select(['id', 'kind', 'path']).orderBy('id').execute(),
    });
    const made = await stored();
    expect(new Set(made.todos.map((row) => row.kind))).toEqual(new Set(TODO_KINDS));
    expect(new Set(made.notifications.map((row) => row.kind))).toEqual(new Set(Object.keys(NOTIFICATION_KINDS)));
    // Migrations take the untyped handle (Kysely's Migrator does the same).
    const schema = db as unknown as Kysely<unknown>;
    await itemPaths.down(schema);
    await itemPaths.up(schema);
    expect(await stored()).toEqual(made);
  });
});
