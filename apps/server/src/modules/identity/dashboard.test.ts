import { expect, it } from 'vitest';
import type { DemandPage, PublishedPage } from '@mathbridge/contracts/demands';
import type { Page } from '@mathbridge/contracts/pagination';
import type { ProjectPage, ResearchMember, ResearchPhase, ResearchQuestion } from '@mathbridge/contracts/research';
import type { Solution } from '@mathbridge/contracts/solutions';
import type { Dashboard, TodoItem } from '@mathbridge/contracts/workflow';
import { describeApi, useTestApp } from '../../test/harness.ts';
import { cast, daysFromNow, get, newDemand, newSolution, ok, post, type Cast } from '../demands/demands.fixtures.ts';
import { join, newProject } from '../research/research.fixtures.ts';
import { certifiedUser, type TestUser } from './identity.fixtures.ts';

/**
 * workflow/dashboard's work part (issue 30): each role sees its live work counted by its module,
 * another organisation's or person's objects never count, and every count's link (the list it
 * opens, filtered) shows exactly what it counted.
 */
describeApi('workspace dashboard: the work of each role', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: Cast;
  let otherSpecialist: TestUser;
  let student: TestUser;
  let otherStudent: TestUser;
  let soon: ResearchPhase;
  let late: ResearchPhase;
  const dashboard = async (user: { token: string }) =>
    ok(await get<Dashboard>(app(), user, 'workflow/dashboard'), 'dashboard');
  const todosOf = async (user: { token: string }, kind: string) =>
    ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList', { kind }), 'todoList');

  it('sets up enterprises, institutes, specialists and students', async () => {
    c = await cast(t());
    otherSpecialist = await certifiedUser(app(), c.admin, 'Specialist', { truename: '李另一位' });
    student = await certifiedUser(app(), c.admin, 'Student', { truename: '郑学生' });
    otherStudent = await certifiedUser(app(), c.admin, 'Student', { truename: '冯学生' });
  });

  it('an enterprise without demands is asked to publish its first; the other roles have no part', async () => {
    const work = (await dashboard(c.enterprise)).work;
    expect(work).toMatchObject({
      enterprise: { solutions_awaiting: 0, cooperations: 0, first_demand: true },
      institute: null,
      specialist: null,
      student: null,
    });
    expect(Object.values(work.enterprise!.demands).every((n) => n === 0)).toBe(true);
    // An admin acts for no organisation and holds no person's role: no work part at all.
    expect((await dashboard(c.admin)).work).toEqual({
      enterprise: null,
      institute: null,
      specialist: null,
      student: null,
    });
  });

  it("counts an enterprise's demands, answers awaiting it and cooperations; its lists show the same", async () => {
    await newDemand(app(), c); // a draft
    const waiting = await newDemand(app(), c, { publish: true, form: { title: '等待决定' } });
    const cooperating = await newDemand(app(), c, { publish: true, form: { title: '合作中' } });
    const waitingSolution = await newSolution(app(), c.institute, waiting.demand.id);
    const accepted = await newSolution(app(), c.institute, cooperating.demand.id);
    ok(await post<Solution>(app(), c.enterprise, 'solution/accept', { id: accepted.id }), 'accept');
    // Another enterprise's demand with an answer waiting: not this enterprise's.
    const elsewhere = await newDemand(app(), c, { publish: true, enterprise: c.otherEnterprise });
    await newSolution(app(), c.institute, elsewhere.demand.id);
    await newSolution(app(), c.otherInstitute, waiting.demand.id);

    const work = (await dashboard(c.enterprise)).work.enterprise!;
    expect(work).toMatchObject({ solutions_awaiting: 2, cooperations: 1, first_demand: false });
    expect(work.demands).toMatchObject({ draft: 1, published: 2, paused: 0, closed: 0 });
    expect((await dashboard(c.otherEnterprise)).work.enterprise).toMatchObject({
      solutions_awaiting: 1,
      cooperations: 0,
      first_demand: false,
    });

    const inCooperation = ok(await get<DemandPage>(app(), c.enterprise, 'demand/list', { cooperating: 1 }), 'list');
    expect([inCooperation.total, inCooperation.items.map((d) => d.id)]).toEqual([1, [cooperating.demand.id]]);
    expect(
      ok(await get<DemandPage>(app(), c.enterprise, 'demand/list', { cooperating: 1, status: 'paused' }), 'list').total,
    ).toBe(0);
    const awaiting = await todosOf(c.enterprise, 'solutionReview');
    expect(awaiting.total).toBe(2);
    expect(awaiting.items.map((i) => i.target_id)).toContain(waitingSolution.id);
    expect(awaiting.items.every((i) => i.kind === 'solutionReview')).toBe(true);

    // Pausing keeps the answers waiting; closing declines them and ends the count.
    ok(await post(app(), c.enterprise, 'demand/toggle', { id: waiting.demand.id }), 'toggle');
    expect((await dashboard(c.enterprise)).work.enterprise).toMatchObject({
      solutions_awaiting: 2,
      demands: { published: 1, paused: 1 },
    });
    ok(await post(app(), c.enterprise, 'demand/close', { id: waiting.demand.id }), 'close');
    expect((await dashboard(c.enterprise)).work.enterprise).toMatchObject({ solutions_awaiting: 0, cooperations: 1 });
  });

  it("counts an institute's received demands still open, its solutions and subjects; not another institute's", async () => {
    const open = await newDemand(app(), c, { publish: true, form: { title: '仍在接收' } });
    ok(await post(app(), c.institute, 'demand/receive', { id: open.demand.id, accept_nda: 1 }), 'receive');
    const paused = await newDemand(app(), c, { publish: true, form: { title: '暂停接收' } });
    ok(await post(app(), c.institute, 'demand/receive', { id: paused.demand.id, accept_nda: 1 }), 'receive');
    ok(await post(app(), c.enterprise, 'demand/toggle', { id: paused.demand.id }), 'toggle');
    await newProject(app(), c.institute, 'subject');
    await newProject(app(), c.institute, 'subject', { publish: true });
    await newProject(app(), c.otherInstitute, 'subject', { publish: true });

    const work = (await dashboard(c.institute)).work;
    expect(work.enterprise).toBeNull();
    // Received and still published (answers may still come): 'cooperating', 'elsewhere' and 'open'.
    expect(work.institute).toMatchObject({
      demands_received: 3,
      solutions: { submitted: 1, accepted: 1, declined: 1, draft: 0 },
      subjects: { draft: 1, published: 1, in_progress: 0 },
    });
    const received = ok(await get<PublishedPage>(app(), c.institute, 'demand/publishedList', { received: 1 }), 'list');
    expect(received.items).toHaveLength(3);
    expect(received.items.every((d) => d.received)).toBe(true);
    expect(received.items.map((d) => d.id)).toContain(open.demand.id);
    expect(received.total).toBeNull();
    expect((await dashboard(c.otherInstitute)).work.institute).toMatchObject({
      demands_received: 0,
      solutions: { submitted: 0, declined: 1 },
      subjects: { draft: 0, published: 1 },
    });
    const own = ok(await get<ProjectPage>(app(), c.institute, 'subject/list', { status: 'published' }), 'subjects');
    expect(own.total).toBe(1);
  });

  it('counts a specialist’s projects, memberships to answer and phases due; the nearest first, with their page', async () => {
    await newProject(app(), c.specialist, 'subject', { publish: true });
    await newProject(app(), c.specialist, 'direction');
    const direction = await newProject(app(), c.specialist, 'direction', { publish: true });
    // Someone applies to the specialist's direction; the specialist applies elsewhere (not theirs to decide).
    ok(
      await post<ResearchMember>(app(), otherSpecialist, 'direction/apply', { id: direction.id, note: '想参与' }),
      'apply',
    );
    const theirs = await newProject(app(), otherSpecialist, 'subject', { publish: true });
    await join(app(), otherSpecialist, c.specialist, 'subject', theirs.id);
    const group = await newProject(app(), otherSpecialist, 'subject', {
      publish: true,
      form: { publish_range: 'group', designees: [c.specialist.id] },
    });
    ok(await post(app(), otherSpecialist, 'subject/invite', { id: group.id, user_ids: [c.specialist.id] }), 'invite');

    // Phases: the specialist's direction in progress, and a subject they joined, in progress too.
    await join(app(), c.specialist, student, 'direction', direction.id);
    ok(await post(app(), c.specialist, 'direction/start', { id: direction.id }), 'start');
    ok(await post(app(), otherSpecialist, 'subject/start', { id: theirs.id }), 'start');
    const phase = async (owner: TestUser, kind: string, id: number, form: Record<string, unknown>) =>
      ok(await post<ResearchPhase>(app(), owner, `${kind}/savePhase`, { id, goal: '目标', ...form }), 'savePhase');
    soon = await phase(c.specialist, 'direction', direction.id, { title: '三天后', due_date: daysFromNow(3) });
    late = await phase(c.specialist, 'direction', direction.id, { title: '已逾期', due_date: daysFromNow(5) });
    await t()
      .ctx.db.updateTable('research_phases')
      .set({ due_date: daysFromNow(-2) })
      .where('id', '=', late.id)
      .execute();
    await phase(c.specialist, 'direction', direction.id, { title: '二十天后', due_date: daysFromNow(20) });
    await phase(c.specialist, 'direction', direction.id, { title: '无期限' });
    const handedIn = await phase(c.specialist, 'direction', direction.id, {
      title: '已提交',
      due_date: daysFromNow(2),
    });
    await t()
      .ctx.db.updateTable('research_phases')
      .set({ status: 'submitted' })
      .where('id', '=', handedIn.id)
      .execute();
    // In the subject they joined: one phase named theirs, one named nobody (any member who may
    // submit outcomes owes it), one named its owner (not theirs to hand in).
    const mine = await phase(otherSpecialist, 'subject', theirs.id, {
      title: '由我提交',
      due_date: daysFromNow(6),
      assignees: [c.specialist.id],
    });
    const anyone = await phase(otherSpecialist, 'subject', theirs.id, { title: '无人指定', due_date: daysFromNow(2) });
    await phase(otherSpecialist, 'subject', theirs.id, {
      title: '他人负责',
      due_date: daysFromNow(2),
      assignees: [otherSpecialist.id],
    });

    const work = (await dashboard(c.specialist)).work.specialist!;
    expect(work).toMatchObject({
      subjects: { published: 1, draft: 0 },
      subjects_joined: 1,
      directions: { draft: 1, in_progress: 1, published: 0 },
      applications: 1,
      invitations: 1,
    });
    // Late, then due soonest, across projects.
    expect(work.phases_due.next.map((p) => [p.id, p.project.id])).toEqual([
      [late.id, direction.id],
      [anyone.id, theirs.id],
      [soon.id, direction.id],
      [mine.id, theirs.id],
    ]);
    expect(work.phases_due.count).toBe(4);
    expect(work.phases_due.next[0]).toMatchObject({
      title: '已逾期',
      project: { kind: 'direction', title: direction.title },
      path: `/manage/directionManage/planOutcomeDetail/${direction.id}`,
    });
    expect(work.phases_due.next[1]!.path).toBe(`/manage/subjectManageS/detail?id=${theirs.id}&tab=phases`);

    // The owner of the joined subject follows every phase of it; the lists behind the counts agree.
    expect((await dashboard(otherSpecialist)).work.specialist!.phases_due.count).toBe(3);
    expect((await todosOf(c.specialist, 'researchApply')).total).toBe(1);
    expect((await todosOf(c.specialist, 'researchInvite')).total).toBe(1);
    expect((await todosOf(otherSpecialist, 'researchApply')).total).toBe(0);
    const joined = ok(await get<ProjectPage>(app(), c.specialist, 'subject/list', { scope: 'joined' }), 'joined');
    expect(joined.total).toBe(1);
  });

  it('counts a student’s directions, the questions they owe and their phases; not another student’s', async () => {
    const direction = ok(
      await get<ProjectPage>(app(), c.specialist, 'direction/list', { status: 'in_progress' }),
      'list',
    ).items[0]!;
    const question = async (title: string, assignees: number[]) =>
      ok(
        await post<ResearchQuestion>(app(), c.specialist, 'question/save', {
          project_id: direction.id,
          title,
          statement: '证明 $\\sum 1/n^2$ 收敛。',
          due_date: daysFromNow(10),
          attachments: [],
          assignees,
        }),
        'question/save',
      );
    await question('新问题', [student.id]);
    const answeredQ = await question('已作答', [student.id]);
    const returnedQ = await question('被退回', [student.id]);
    const answer = async (id: number) =>
      ok(
        await post<ResearchQuestion>(app(), student, 'question/answer', {
          question_id: id,
          content: '答',
          attachments: [],
        }),
        'answer',
      );
    await answer(answeredQ.id);
    const toReturn = await answer(returnedQ.id);
    ok(
      await post(app(), c.specialist, 'question/review', {
        answer_id: toReturn.answers[0]!.id,
        accept: 0,
        comment: '请补充',
      }),
      'review',
    );
    const assigned = await post<ResearchPhase>(app(), c.specialist, 'direction/savePhase', {
      id: direction.id,
      title: '学生阶段',
      goal: '目标',
      due_date: daysFromNow(4),
      assignees: [student.id],
    });
    ok(assigned, 'savePhase');

    const work = (await dashboard(student)).work;
    expect(work.specialist).toBeNull();
    expect(work.student).toMatchObject({ directions: 1, invitations: 0, questions: { assigned: 1, returned: 1 } });
    // The phases naming nobody (any member may hand them in) and the one naming the student.
    expect(work.student!.phases_due.next.map((p) => p.id)).toEqual([late.id, soon.id, assigned.result.id]);
    expect(work.student!.phases_due.count).toBe(3);
    expect(work.student!.phases_due.next[2]).toMatchObject({
      title: '学生阶段',
      path: `/manage/directionManageStu/detail?id=${direction.id}&tab=phases`,
    });
    expect((await dashboard(otherStudent)).work.student).toMatchObject({
      directions: 0,
      questions: { assigned: 0, returned: 0 },
      phases_due: { count: 0, next: [] },
    });
  });

  it('refuses an unknown to-do kind and a bad cooperating or received flag as invalid input', async () => {
    expect((await get(app(), c.enterprise, 'workflow/todoList', { kind: 'nothing' })).status).toBe(400);
    expect((await get(app(), c.enterprise, 'demand/list', { cooperating: 2 })).status).toBe(400);
    expect((await get(app(), c.institute, 'demand/publishedList', { received: 'x' })).status).toBe(400);
  });
});
