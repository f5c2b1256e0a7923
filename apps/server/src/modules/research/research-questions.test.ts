import { expect, it } from 'vitest';
import type { Page } from '@mathbridge/contracts/pagination';
import type { ProjectDetail, ResearchQuestion, StudentProgress } from '@mathbridge/contracts/research';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import type { FileNode } from '@mathbridge/contracts/files';
import { pdf, upload } from '../files/files.fixtures.ts';
import { certifiedUser, type TestUser } from '../identity/identity.fixtures.ts';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
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
} from './research.fixtures.ts';

type Who = 'signedOut' | 'nonMember' | 'otherOrg' | 'admin' | 'member' | 'unassigned' | 'student' | 'manager' | 'owner';
const ORDER: Who[] = [
  'signedOut',
  'nonMember',
  'otherOrg',
  'admin',
  'member',
  'unassigned',
  'student',
  'manager',
  'owner',
];

describeApi('research questions: pose, answer, accept / return (history), progress, permissions', () => {
  const t = useTestApp();
  const app = () => t().app;
  let c: ResearchCast;
  let student2: TestUser;
  let d: ProjectDetail;
  let who: Record<Exclude<Who, 'signedOut'>, { token: string; id: number }>;

  async function matrix(
    method: 'GET' | 'POST',
    path: string,
    payload: Record<string, unknown>,
    expected: Partial<Record<Who, number>>,
  ) {
    const seen: Partial<Record<Who, number>> = {};
    for (const w of ORDER) {
      if (expected[w] === undefined) continue;
      const token = w === 'signedOut' ? undefined : who[w].token;
      seen[w] = (await call(app(), method, path, payload as never, { token, locale: 'en-US' })).status;
    }
    expect({ path, ...seen }).toEqual({ path, ...expected });
  }

  const form = (overrides: Record<string, unknown> = {}) => ({
    project_id: d.id,
    title: '证明收敛性',
    statement: '证明 $\\sum_{n\\ge1} 1/n^2$ 收敛。',
    due_date: daysFromNow(10),
    attachments: [],
    assignees: [c.student.id],
    ...overrides,
  });
  const todosOf = async (user: { token: string }) =>
    ok(await get<Page<TodoItem>>(app(), user, 'workflow/todoList'), 'todos').items;

  it('sets up a direction with a manager, a member and two students', async () => {
    c = await researchCast(t());
    student2 = await certifiedUser(app(), c.admin, 'Student', { truename: '冯学生' });
    d = await newProject(app(), c.specialist, 'direction', { publish: true });
    for (const [preset, user] of [
      ['manager', c.manager],
      ['member', c.member],
    ] as const)
      await joinWithPreset(app(), c.specialist, user, 'direction', d.id, preset);
    await join(app(), c.specialist, c.student, 'direction', d.id);
    await join(app(), c.specialist, student2, 'direction', d.id);
    who = {
      owner: c.specialist,
      manager: c.manager,
      member: c.member,
      student: c.student,
      unassigned: student2,
      nonMember: c.outsider,
      otherOrg: c.otherInstitute,
      admin: c.admin,
    };
  });

  it('poses questions: owner and review_outcome members; others 304; assignees must be student members', async () => {
    await matrix('POST', 'question/save', form(), {
      signedOut: 305,
      nonMember: 304,
      otherOrg: 304,
      admin: 304,
      member: 304,
      unassigned: 304,
      student: 304,
      manager: 200,
      owner: 200,
    });
    for (const bad of [[c.member.id], [c.outsider.id], []]) {
      const res = await post(app(), c.specialist, 'question/save', form({ assignees: bad }));
      expect(res.status).toBe(400);
    }
    expect((await post(app(), c.specialist, 'question/save', form({ statement: '' }))).status).toBe(400);
    expect((await post(app(), c.specialist, 'question/save', form({ attachments: [999999] }))).status).toBe(400);
    expect((await post(app(), c.specialist, 'question/save', form({ project_id: 999999 }))).status).toBe(404);
    const todos = await todosOf(c.student);
    expect(todos.filter((i) => i.kind === 'researchQuestion')).toHaveLength(2);
    expect((await todosOf(student2)).some((i) => i.kind === 'researchQuestion')).toBe(false);
  });

  it('lists, details, mine: poser side and admins see all; an assignee their own part; others 304', async () => {
    await matrix(
      'GET',
      'question/list',
      { project_id: d.id },
      {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 200,
        member: 304,
        unassigned: 304,
        student: 304,
        manager: 200,
        owner: 200,
      },
    );
    const list = ok(await get<ResearchQuestion[]>(app(), c.specialist, 'question/list', { project_id: d.id }), 'list');
    expect(list).toHaveLength(2);
    const id = list[0]!.id;
    await matrix(
      'GET',
      `question/detail/${id}`,
      {},
      {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 200,
        member: 304,
        unassigned: 304,
        student: 200,
        manager: 200,
        owner: 200,
      },
    );
    expect((await get(app(), c.specialist, 'question/detail/999999')).status).toBe(404);
    const mine = ok(await get<ResearchQuestion[]>(app(), c.student, 'question/mine'), 'mine');
    expect(mine.map((q) => [q.project_title, q.assignees.map((a) => [a.user_id, a.status])])).toEqual([
      [d.title, [[c.student.id, 'assigned']]],
      [d.title, [[c.student.id, 'assigned']]],
    ]);
    expect(ok(await get<ResearchQuestion[]>(app(), student2, 'question/mine'), 'mine2')).toEqual([]);
  });

  it('edits: adds an assignee (to-do), removes an unanswered one; removing one who answered is 409', async () => {
    const [q] = ok(await get<ResearchQuestion[]>(app(), c.specialist, 'question/list', { project_id: d.id }), 'list');
    const edited = ok(
      await post<ResearchQuestion>(
        app(),
        c.specialist,
        'question/save',
        form({ question_id: q!.id, title: '改题', assignees: [c.student.id, student2.id] }),
      ),
      'edit',
    );
    expect(edited.title).toBe('改题');
    expect(edited.assignees.map((a) => a.user_id).sort()).toEqual([c.student.id, student2.id].sort());
    expect((await todosOf(student2)).some((i) => i.kind === 'researchQuestion' && i.target_id === q!.id)).toBe(true);
    ok(await post(app(), c.specialist, 'question/save', form({ question_id: q!.id, assignees: [c.student.id] })), 'rm');
    expect((await todosOf(student2)).some((i) => i.kind === 'researchQuestion')).toBe(false);
    expect((await post(app(), c.member, 'question/save', form({ question_id: q!.id }))).status).toBe(304);
  });

  it('answer → return (comment) → answer → accept, history kept; illegal moves 409; progress counts', async () => {
    const [q, other] = ok(
      await get<ResearchQuestion[]>(app(), c.specialist, 'question/list', { project_id: d.id }),
      'list',
    );
    const qid = q!.id;
    const answer = { question_id: qid, content: '用积分判别法。', attachments: [] };
    await matrix('POST', 'question/answer', answer, {
      signedOut: 305,
      nonMember: 304,
      otherOrg: 304,
      admin: 304,
      member: 304,
      unassigned: 304,
      manager: 304,
      owner: 304,
    });
    expect((await post(app(), c.student, 'question/answer', { ...answer, content: '' })).status).toBe(400);
    const answered = ok(await post<ResearchQuestion>(app(), c.student, 'question/answer', answer), 'answer');
    expect(answered.assignees).toEqual([{ user_id: c.student.id, name: '郑学生', status: 'answered' }]);
    expect((await post(app(), c.student, 'question/answer', answer)).status).toBe(409);
    expect((await todosOf(c.student)).some((i) => i.kind === 'researchQuestion' && i.target_id === qid)).toBe(false);
    const ownerTodo = (await todosOf(c.specialist)).find((i) => i.kind === 'researchAnswerReview');
    expect(ownerTodo).toBeDefined();
    const answerId = answered.answers[0]!.id;
    expect(ownerTodo!.target_id).toBe(answerId);
    // The review to-do names the answer; question/ofAnswer leads from it to the question.
    await matrix(
      'GET',
      `question/ofAnswer/${answerId}`,
      {},
      { signedOut: 305, nonMember: 304, member: 304, unassigned: 304, student: 200, owner: 200 },
    );
    const ofAnswer = ok(await get<ResearchQuestion>(app(), c.specialist, `question/ofAnswer/${answerId}`), 'ofAnswer');
    expect([ofAnswer.id, ofAnswer.project_id]).toEqual([qid, d.id]);
    expect((await get(app(), c.specialist, 'question/ofAnswer/999999')).status).toBe(404);

    await matrix(
      'POST',
      'question/review',
      { answer_id: answerId, accept: 1 },
      {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 304,
        member: 304,
        unassigned: 304,
        student: 304,
      },
    );
    expect((await post(app(), c.specialist, 'question/review', { answer_id: answerId, accept: 0 })).status).toBe(400);
    expect((await post(app(), c.specialist, 'question/review', { answer_id: 999999, accept: 1 })).status).toBe(404);
    const returned = ok(
      await post<ResearchQuestion>(app(), c.manager, 'question/review', {
        answer_id: answerId,
        accept: 0,
        comment: '请给出详细步骤',
      }),
      'return',
    );
    expect(returned.assignees[0]!.status).toBe('returned');
    expect((await post(app(), c.specialist, 'question/review', { answer_id: answerId, accept: 1 })).status).toBe(409);
    expect((await todosOf(c.specialist)).some((i) => i.kind === 'researchAnswerReview')).toBe(false);
    expect((await todosOf(c.manager)).some((i) => i.kind === 'researchAnswerReview')).toBe(false);
    expect((await todosOf(c.student)).some((i) => i.kind === 'researchAnswerReturned' && i.target_id === qid)).toBe(
      true,
    );

    const again = ok(
      await post<ResearchQuestion>(app(), c.student, 'question/answer', { ...answer, content: '详细步骤如下。' }),
      'reanswer',
    );
    expect((await todosOf(c.student)).some((i) => i.kind === 'researchAnswerReturned')).toBe(false);
    const second = again.answers[1]!.id;
    const accepted = ok(
      await post<ResearchQuestion>(app(), c.specialist, 'question/review', { answer_id: second, accept: 1 }),
      'accept',
    );
    expect(accepted.answers.map((a) => [a.content, a.status, a.review_comment])).toEqual([
      ['用积分判别法。', 'returned', '请给出详细步骤'],
      ['详细步骤如下。', 'accepted', null],
    ]);
    expect((await post(app(), c.student, 'question/answer', answer)).status).toBe(409);
    expect(
      (await post(app(), c.specialist, 'question/review', { answer_id: second, accept: 0, comment: 'x' })).status,
    ).toBe(409);
    // The accepted assignee cannot be removed any more.
    expect(
      (await post(app(), c.specialist, 'question/save', form({ question_id: qid, assignees: [student2.id] }))).status,
    ).toBe(409);
    // The student sees their history in the detail; the second question is still open.
    const detail = ok(await get<ResearchQuestion>(app(), c.student, `question/detail/${qid}`), 'detail');
    expect(detail.answers).toHaveLength(2);

    await matrix(
      'GET',
      'question/progress',
      { project_id: d.id },
      {
        signedOut: 305,
        nonMember: 304,
        otherOrg: 304,
        admin: 200,
        member: 304,
        unassigned: 304,
        student: 304,
        manager: 200,
        owner: 200,
      },
    );
    const progress = ok(
      await get<StudentProgress[]>(app(), c.specialist, 'question/progress', { project_id: d.id }),
      'progress',
    );
    expect(progress).toHaveLength(1);
    expect(progress[0]!.counts).toEqual({ assigned: 1, answered: 0, accepted: 1, returned: 0 });
    expect(progress[0]!.questions.find((x) => x.question_id === other!.id)?.status).toBe('assigned');
  });

  it('20 simultaneous reviews of one answer: exactly one wins, the rest 409', async () => {
    const q = ok(await post<ResearchQuestion>(app(), c.specialist, 'question/save', form({ title: '竞态' })), 'save');
    const a = ok(
      await post<ResearchQuestion>(app(), c.student, 'question/answer', {
        question_id: q.id,
        content: '答',
        attachments: [],
      }),
      'answer',
    );
    const answerId = a.answers[0]!.id;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(app(), i % 2 ? c.specialist : c.manager, 'question/review', {
          answer_id: answerId,
          accept: i % 3 === 0 ? 1 : 0,
          comment: '并发',
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const detail = ok(await get<ResearchQuestion>(app(), c.specialist, `question/detail/${q.id}`), 'detail');
    expect(detail.answers).toHaveLength(1);
    expect(detail.answers[0]!.status).toBe(detail.assignees[0]!.status);
  });

  it('20 simultaneous answers of one assignee: exactly one row', async () => {
    // Posed by the manager: the review to-do goes to the owner and to the manager.
    const q = ok(await post<ResearchQuestion>(app(), c.manager, 'question/save', form({ title: '并发作答' })), 'save');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(app(), c.student, 'question/answer', { question_id: q.id, content: '答', attachments: [] }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const detail = ok(await get<ResearchQuestion>(app(), c.specialist, `question/detail/${q.id}`), 'detail');
    expect(detail.answers).toHaveLength(1);
    for (const user of [c.specialist, c.manager])
      expect(
        (await todosOf(user)).filter((i) => i.kind === 'researchAnswerReview' && i.target_id === detail.answers[0]!.id),
      ).toHaveLength(1);
  });

  it('attachments: files of the direction space, snapshotted on the question and the answer', async () => {
    const spaceId = ok(await get<ProjectDetail>(app(), c.specialist, `direction/detail/${d.id}`), 'detail').space_id;
    expect(spaceId).not.toBeNull();
    const sheet = await upload(app(), c.specialist.token, '题目.pdf', pdf(1200), { space_id: spaceId! });
    expect(sheet.status).toBe(200);
    const sheetId = (sheet.result as FileNode).id;
    const q = ok(
      await post<ResearchQuestion>(
        app(),
        c.specialist,
        'question/save',
        form({ title: '附件', attachments: [sheetId] }),
      ),
      'save',
    );
    expect(q.attachments.map((a) => a.name)).toEqual(['题目.pdf']);
    // A file outside the direction's space (the student's personal space) is refused.
    const own = await upload(app(), c.student.token, 'mine.pdf', pdf(300), {});
    const ownId = (own.result as FileNode).id;
    const refused = await post(app(), c.student, 'question/answer', {
      question_id: q.id,
      content: '答',
      attachments: [ownId],
    });
    expect(refused.status).toBe(400);
    const work = await upload(app(), c.student.token, '解答.pdf', pdf(800), { space_id: spaceId! });
    expect(work.status).toBe(200);
    const answered = ok(
      await post<ResearchQuestion>(app(), c.student, 'question/answer', {
        question_id: q.id,
        content: '见附件',
        attachments: [(work.result as FileNode).id, sheetId],
      }),
      'answer',
    );
    expect(answered.answers[0]!.attachments.map((a) => a.name)).toEqual(['解答.pdf', '题目.pdf']);
  });

  it('a closed direction takes no more questions or answers (409)', async () => {
    const q = ok(await post<ResearchQuestion>(app(), c.specialist, 'question/save', form({ title: '关闭前' })), 'save');
    ok(await post(app(), c.specialist, 'direction/close', { id: d.id }), 'close');
    expect((await post(app(), c.specialist, 'question/save', form())).status).toBe(409);
    expect(
      (await post(app(), c.student, 'question/answer', { question_id: q.id, content: '答', attachments: [] })).status,
    ).toBe(409);
    expect((await get(app(), c.admin, 'question/list', { project_id: d.id })).status).toBe(200);
  });
});
