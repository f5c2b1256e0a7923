import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Solution, SolutionState } from '@mathbridge/contracts/solutions';
import type { Wish } from '@mathbridge/contracts/wishes';
import { inParallel, settledValues, describeApi, useTestApp } from '../../test/harness.ts';
import { up as oneOpenSolution } from '../../db/migrations/0009-one-open-solution.ts';
import { certifiedUser } from '../identity/identity.fixtures.ts';
import {
  cast,
  newDemand,
  newSolution,
  ok,
  post,
  solutionForm,
  wishForm,
  type Cast,
  type OrgUser,
} from './demands.fixtures.ts';

/**
 * The cooperation rules of DESIGN §4 under parallel requests (issue 9, point 4). SQLite runs one
 * writer at a time; PostgreSQL at READ COMMITTED interleaves them, so a rule checked by reading
 * first and writing after holds only if the write itself is guarded (a unique index, or an UPDATE
 * … WHERE state = … whose row count is checked, taking the row lock the racing transition waits on).
 */

/** An institute's answer to a demand. */
type Answer = { user: OrgUser; id: number };

const statusesOf = (replies: { status: number }[]) => replies.map((r) => r.status).sort((a, b) => a - b);
const counted = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describeApi('cooperation rules under concurrency', () => {
  const t = useTestApp();
  let c: Cast;
  /** Institutes besides the cast's two, so several answers can race on one demand. */
  const institutes: OrgUser[] = [];
  beforeAll(async () => {
    c = await cast(t());
    institutes.push(c.institute, c.otherInstitute);
    for (const name of ['广州统计科学研究院', '武汉计算数学研究所']) {
      institutes.push(await certifiedUser(t().app, c.admin, 'ResearchInstitute', { name }));
    }
  });
  const app = () => t().app;
  const db = () => t().ctx.db;

  /** The answers to a demand (id and status), only those in `statuses` when given. */
  function solutionsOf(demandId: number, statuses?: SolutionState[]) {
    const all = db().selectFrom('solutions').select(['id', 'status']).where('demand_id', '=', demandId);
    return (statuses ? all.where('status', 'in', statuses) : all).execute();
  }

  /** Every institute receives the demand and saves an answer: a draft, or submitted with `commit` 1. */
  async function answersByAll(demandId: number, commit: 0 | 1): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const user of institutes) {
      ok(await post(app(), user, 'demand/receive', { id: demandId }), 'receive');
      const answer = ok(
        await post<Solution>(app(), user, 'solution/save', { ...solutionForm(demandId), commit }),
        commit ? 'submit' : 'draft',
      );
      answers.push({ user, id: answer.id });
    }
    return answers;
  }

  /** The to-dos still open on one target. */
  const openTodosOn = (targetType: string, targetId: number) =>
    db()
      .selectFrom('todos')
      .select('id')
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('status', '=', 0)
      .execute();

  /** The maintained totals (cooperation_counts) equal the rows they count, for every scope and org. */
  async function expectCountsMatchRows(): Promise<void> {
    const kept = await db().selectFrom('cooperation_counts').select(['scope', 'org_id', 'status', 'n']).execute();
    const keptMap = new Map(
      kept.filter((r) => Number(r.n) !== 0).map((r) => [`${r.scope}:${r.org_id}:${r.status}`, Number(r.n)]),
    );
    const actual = new Map<string, number>();
    const add = (key: string, n: number) => actual.set(key, (actual.get(key) ?? 0) + n);
    for (const [scope, table] of [
      ['demand', 'demands'],
      ['solution', 'solutions'],
      ['wish', 'cooperate_wishes'],
    ] as const) {
      const rows = await sql<{ org_id: number; status: string; n: number }>`
        select org_id, status, count(*) as n from ${sql.table(table)} group by org_id, status`.execute(db());
      for (const row of rows.rows) {
        add(`${scope}:${row.org_id}:${row.status}`, Number(row.n));
        add(`${scope}:0:${row.status}`, Number(row.n));
      }
    }
    expect(Object.fromEntries(keptMap)).toEqual(Object.fromEntries(actual));
  }

  it('20 parallel receives of one demand by one institute: no 500, exactly one receipt', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const replies = settledValues(
      await inParallel(24, () => post(app(), c.institute, 'demand/receive', { id: demand.id, accept_nda: 1 })),
    );
    console.info('parallel receive statuses', counted(statusesOf(replies)));
    expect(statusesOf(replies)).toEqual(Array(24).fill(200));
    const receipts = await db().selectFrom('demand_receipts').selectAll().where('demand_id', '=', demand.id).execute();
    expect(receipts).toHaveLength(1);
    const row = await db().selectFrom('demands').select('receive_count').where('id', '=', demand.id).executeTakeFirst();
    expect(Number(row?.receive_count)).toBe(1);
    const audits = await db()
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'demand.receive')
      .where('target_id', '=', String(demand.id))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('parallel new solutions by one institute: exactly one open solution, the rest 409', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    ok(await post(app(), c.institute, 'demand/receive', { id: demand.id }), 'receive');
    const replies = settledValues(
      await inParallel(12, (i) =>
        post(app(), c.institute, 'solution/save', { ...solutionForm(demand.id), commit: i % 2 }),
      ),
    );
    const statuses = statusesOf(replies);
    console.info('parallel solution/save statuses', counted(statuses));
    const open = await solutionsOf(demand.id, ['draft', 'submitted']);
    console.info('open solutions of one institute on one demand', open.length);
    expect(open).toHaveLength(1);
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
    await expectCountsMatchRows();
  });

  it('solutions submitted while the demand closes: none stays submitted on a closed demand', async () => {
    let leftSubmitted = 0;
    const outcomes: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const { demand } = await newDemand(app(), c, { publish: true });
      const drafts = await answersByAll(demand.id, 0);
      const replies = settledValues(
        await inParallel(drafts.length + 1, (i) => {
          const draft = drafts[i];
          return draft
            ? post(app(), draft.user, 'solution/submit', { id: draft.id })
            : post(app(), c.enterprise, 'demand/close', { id: demand.id });
        }),
      );
      outcomes.push(...replies.map((r) => r.status));
      const status = await db().selectFrom('demands').select('status').where('id', '=', demand.id).executeTakeFirst();
      const submitted = await solutionsOf(demand.id, ['submitted']);
      if (status?.status === 'closed') leftSubmitted += submitted.length;
      // A submitted answer always has its open review to-do; a declined one never.
      const openReviews = await db()
        .selectFrom('todos')
        .select('target_id')
        .where('kind', '=', 'solutionReview')
        .where('status', '=', 0)
        .where(
          'target_id',
          'in',
          drafts.map((d) => d.id),
        )
        .execute();
      expect(openReviews.map((r) => r.target_id).sort()).toEqual(submitted.map((s) => s.id).sort());
    }
    console.info('submit/close race statuses', counted(outcomes), 'submitted left on closed demands', leftSubmitted);
    expect(outcomes).not.toContain(500);
    expect(leftSubmitted).toBe(0);
    await expectCountsMatchRows();
  });

  it('responses racing the close of a wish: no response after the close, no to-do left open', async () => {
    let lateResponses = 0;
    let openTodos = 0;
    const outcomes: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const wish = ok(await post<Wish>(app(), c.enterprise, 'cooperateWish/create', wishForm()), 'create');
      const replies = settledValues(
        await inParallel(institutes.length + 1, (i) => {
          const user = institutes[i];
          return user
            ? post(app(), user, 'cooperateWish/respond', {
                id: wish.id,
                message: '我们有相关经验',
                contact: '李老师',
                contact_phone: '13900003333',
              })
            : post(app(), c.enterprise, 'cooperateWish/close', { id: wish.id });
        }),
      );
      outcomes.push(...replies.map((r) => r.status));
      const row = await db()
        .selectFrom('cooperate_wishes')
        .select(['status', 'closed_at', 'response_count'])
        .where('id', '=', wish.id)
        .executeTakeFirstOrThrow();
      const responses = await db()
        .selectFrom('wish_responses')
        .select('created_at')
        .where('wish_id', '=', wish.id)
        .execute();
      expect(Number(row.response_count)).toBe(responses.length);
      const todos = await openTodosOn('cooperate_wish', wish.id);
      if (row.status === 'closed') openTodos += todos.length;
      // Accepted responses equal the 200 answers to respond.
      expect(responses.length).toBe(replies.slice(0, institutes.length).filter((r) => r.status === 200).length);
      // Audit rows are numbered in the order their transactions wrote them: none responds after the close.
      const audits = await db()
        .selectFrom('audit_logs')
        .select(['id', 'action'])
        .where('target_type', '=', 'cooperate_wish')
        .where('target_id', '=', String(wish.id))
        .orderBy('id')
        .execute();
      const closedAt = audits.findIndex((a) => a.action === 'cooperate_wish.close');
      if (closedAt >= 0)
        lateResponses += audits.slice(closedAt).filter((a) => a.action === 'cooperate_wish.respond').length;
    }
    console.info('respond/close race statuses', counted(outcomes), { lateResponses, openTodos });
    expect(outcomes).not.toContain(500);
    expect(openTodos).toBe(0);
    expect(lateResponses).toBe(0);
    await expectCountsMatchRows();
  });

  it('accept, decline, withdraw and close racing on one demand: one cooperation, consistent states', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const { demand } = await newDemand(app(), c, { publish: true });
      const [first, second, third, fourth] = (await answersByAll(demand.id, 1)) as [Answer, Answer, Answer, Answer];
      const replies = settledValues(
        await inParallel(8, (i) => {
          switch (i) {
            case 0:
              return post(app(), c.enterprise, 'solution/accept', { id: first.id });
            case 1:
              return post(app(), c.enterprise, 'solution/accept', { id: second.id });
            case 2:
              return post(app(), first.user, 'solution/withdraw', { id: first.id });
            case 3:
              return post(app(), c.enterprise, 'solution/decline', { id: third.id, reason: 'budget' });
            case 4:
              return post(app(), third.user, 'solution/withdraw', { id: third.id });
            case 5:
              return post(app(), c.enterprise, 'demand/toggle', { id: demand.id });
            case 6:
              return post(app(), fourth.user, 'solution/withdraw', { id: fourth.id });
            default:
              return post(app(), c.enterprise, 'demand/close', { id: demand.id });
          }
        }),
      );
      outcomes.push(...replies.map((r) => r.status));
      const cooperations = await db()
        .selectFrom('cooperations')
        .selectAll()
        .where('demand_id', '=', demand.id)
        .execute();
      const rows = await solutionsOf(demand.id);
      const accepted = rows.filter((r) => r.status === 'accepted');
      expect(cooperations.length).toBeLessThanOrEqual(1);
      expect(accepted.map((r) => r.id)).toEqual(cooperations.map((co) => co.solution_id));
      const d = await db()
        .selectFrom('demands')
        .select(['status', 'solution_count'])
        .where('id', '=', demand.id)
        .executeTakeFirstOrThrow();
      if (d.status === 'closed') expect(rows.filter((r) => r.status === 'submitted')).toEqual([]);
    }
    console.info('accept/decline/withdraw/close race statuses', counted(outcomes));
    expect(outcomes).not.toContain(500);
    await expectCountsMatchRows();
  });

  it('migration 0009 withdraws the duplicate open answers a racing past left, then holds the rule', async () => {
    const { demand } = await newDemand(app(), c, { publish: true });
    const submitted = await newSolution(app(), c.institute, demand.id);
    // What the race left behind before the index: two more open answers of the same institute,
    // counted in the maintained totals (one submitted with its demand count and review to-do).
    await sql`drop index solutions_one_open`.execute(db());
    const row = await db().selectFrom('solutions').selectAll().where('id', '=', submitted.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    const extraDraft = await db()
      .insertInto('solutions')
      .values({ ...copy, status: 'draft' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const extraSubmitted = await db()
      .insertInto('solutions')
      .values({ ...copy, status: 'submitted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const org of [row.org_id, 0])
      for (const status of ['draft', 'submitted'])
        await sql`update cooperation_counts set n = n + 1
                  where scope = 'solution' and org_id = ${org} and status = ${status}`.execute(db());
    await sql`update demands set solution_count = solution_count + 1 where id = ${demand.id}`.execute(db());
    await sql`insert into todos (kind, assignee_user_id, assignee_role, target_type, target_id, params, path, status, created_at)
              values ('solutionReview', ${c.enterprise.id}, null, 'solution', ${extraSubmitted.id}, '{}',
                      ${`/manage/demandManage/detail/${demand.id}`}, 0, ${row.created_at})`.execute(db());
    await expectCountsMatchRows();

    await oneOpenSolution(db() as never);
    const open = await solutionsOf(demand.id, ['draft', 'submitted']);
    expect(open).toEqual([{ id: submitted.id, status: 'submitted' }]);
    const withdrawn = await solutionsOf(demand.id, ['withdrawn']);
    expect(withdrawn.map((w) => w.id).sort()).toEqual([extraDraft.id, extraSubmitted.id].sort());
    const d = await db().selectFrom('demands').select('solution_count').where('id', '=', demand.id).executeTakeFirst();
    expect(Number(d?.solution_count)).toBe(1);
    expect(await openTodosOn('solution', extraSubmitted.id)).toEqual([]);
    await expectCountsMatchRows();
    expect((await post(app(), c.institute, 'solution/save', solutionForm(demand.id))).status).toBe(409);
  });
});
