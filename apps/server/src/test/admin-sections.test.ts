import { beforeAll, expect, it } from 'vitest';
import type { DemandDetail, DemandPage, PublishedPage, RecommendedPage } from '@mathbridge/contracts/demands';
import type { AttachmentList, SpaceInfo } from '@mathbridge/contracts/files';
import type { Page } from '@mathbridge/contracts/pagination';
import { MANAGE_SECTIONS } from '@mathbridge/contracts/routes';
import type { Solution, SolutionPage } from '@mathbridge/contracts/solutions';
import type { Dashboard, TodoItem } from '@mathbridge/contracts/workflow';
import type { OpenWishPage, Wish, WishPage, WishResponsePage } from '@mathbridge/contracts/wishes';
import { describeApi, useTestApp } from './harness.ts';
import {
  cast,
  demandForm,
  get,
  newDemand,
  newSolution,
  ok,
  post,
  type Cast,
} from '../modules/demands/demands.fixtures.ts';
import { pdf, upload } from '../modules/files/files.fixtures.ts';

/**
 * Spec §6: 'Admin sees everything'. For every workspace section, the calls its page makes answer
 * the admin with the seeded content of every organisation (issue 8 point 6). The web guard lets
 * the admin into every section by the same contracts function (canUseSection), so this walk is
 * the server's half of that agreement.
 */

/** Sections whose pages are not built yet (the 'coming soon' page; no calls to walk). */
const NOT_BUILT = [
  'subjectManage',
  'subjectManageS',
  'directionManage',
  'directionManageStu',
  'subjectsPool',
  'directionsPool',
  'researchQuestions',
  'employment',
  'myJob',
];

interface Seed {
  c: Cast;
  published: DemandDetail;
  submitted: DemandDetail;
  solution: Solution;
  wish: Wish;
  templateName: string;
}

type Walk = (seed: Seed) => Promise<void>;

describeApi('the admin sees every workspace section', () => {
  const t = useTestApp();
  const app = () => t().app;
  let seed: Seed;

  beforeAll(async () => {
    const c = await cast(t());
    const published = await newDemand(app(), c, { publish: true });
    const submitted = ok(
      await post<DemandDetail>(app(), c.otherEnterprise, 'demand/save', {
        ...demandForm({ title: '待审需求' }),
        commit: 1,
      }),
      'submitted demand',
    );
    const solution = await newSolution(app(), c.institute, published.demand.id);
    ok(await post(app(), c.enterprise, 'solution/accept', { id: solution.id }), 'accept');
    const wish = ok(
      await post<Wish>(app(), c.enterprise, 'cooperateWish/create', {
        title: '合作意向',
        msc_fields: ['90'],
        description: '寻找运筹学合作方',
        partner_type: 'researchInstitute',
        duration: 'longTerm',
        contact: '王经理',
        contact_phone: '13900001111',
      }),
      'wish',
    );
    ok(
      await post(app(), c.institute, 'cooperateWish/respond', {
        id: wish.id,
        message: '我们做过类似项目',
        contact: '李老师',
        contact_phone: '13900002222',
      }),
      'respond',
    );
    const spaces = ok(await get<{ items: SpaceInfo[] }>(app(), c.admin, 'upload/spaces'), 'spaces');
    const shared = spaces.items.find((space) => space.kind === 'shared_tpl');
    const templateName = '申报模板.pdf';
    const uploaded = await upload(app(), c.admin.token, templateName, pdf(2000), { space_id: shared?.id ?? 0 });
    expect(uploaded.status).toBe(200);
    seed = { c, published, submitted, solution, wish, templateName };
  });

  const WALKS: Record<string, Walk> = {
    async dashboard({ c }) {
      const dashboard = ok(await get<Dashboard>(app(), c.admin, 'workflow/dashboard'), 'dashboard');
      expect(dashboard.todo_count).toBeGreaterThan(0);
    },
    async todoList({ c, submitted }) {
      const todos = ok(await get<Page<TodoItem>>(app(), c.admin, 'workflow/todoList'), 'todoList');
      expect(todos.items.some((item) => item.target_type === 'demand' && item.target_id === submitted.demand.id)).toBe(
        true,
      );
    },
    async demands({ c, published, submitted }) {
      const recent = ok(await get<DemandPage>(app(), c.admin, 'demand/list', { page: 1, page_size: 5 }), 'list');
      expect(recent.items.map((d) => d.id)).toEqual(expect.arrayContaining([published.demand.id, submitted.demand.id]));
      expect(recent.counts.published).toBeGreaterThan(0);
    },
    async solutions({ c, solution }) {
      const list = ok(await get<SolutionPage>(app(), c.admin, 'solution/list'), 'solution/list');
      const row = list.items.find((s) => s.id === solution.id);
      expect(row?.status).toBe('accepted');
      // Read-only: the admin acts for no institute.
      expect(row?.can).toEqual({
        edit: false,
        submit: false,
        withdraw: false,
        accept: false,
        decline: false,
        acknowledge: false,
      });
      expect(list.counts?.accepted).toBeGreaterThan(0);
      const detail = ok(await get<Solution>(app(), c.admin, `solution/detail/${solution.id}`), 'solution/detail');
      expect(detail.approach).toBe(solution.approach);
    },
    async willManageE({ c, wish }) {
      const list = ok(await get<WishPage>(app(), c.admin, 'cooperateWish/list'), 'cooperateWish/list');
      expect(list.items.map((w) => w.id)).toContain(wish.id);
      const detail = ok(await get<Wish>(app(), c.admin, `cooperateWish/detail/${wish.id}`), 'detail');
      expect(detail.can).toEqual({ close: false, respond: false });
      const responses = ok(
        await get<WishResponsePage>(app(), c.admin, 'cooperateWish/responses', { id: wish.id }),
        'responses',
      );
      expect(responses.items).toHaveLength(1);
    },
    async willManageRI({ c, wish }) {
      const open = ok(await get<OpenWishPage>(app(), c.admin, 'cooperateWish/openList'), 'openList');
      expect(open.items.map((w) => w.id)).toContain(wish.id);
      expect(open.items.every((w) => !w.can.respond)).toBe(true);
    },
    async demandManage({ c, published, submitted }) {
      const list = ok(await get<DemandPage>(app(), c.admin, 'demand/list'), 'demand/list');
      expect(list.items.map((d) => d.id)).toEqual(expect.arrayContaining([published.demand.id, submitted.demand.id]));
      const detail = ok(await get<DemandDetail>(app(), c.admin, `demand/detail/${submitted.demand.id}`), 'detail');
      expect(detail.full?.problem).toBeTruthy();
      expect(detail.can.review).toBe(true);
      const answers = ok(
        await get<SolutionPage>(app(), c.admin, 'demand/solutions', { id: published.demand.id }),
        'demand/solutions',
      );
      expect(answers.items).toHaveLength(1);
    },
    async demandManageRI({ c, published }) {
      const market = ok(await get<PublishedPage>(app(), c.admin, 'demand/publishedList'), 'publishedList');
      expect(market.items.map((d) => d.id)).toContain(published.demand.id);
      expect(market.items.every((d) => !d.received)).toBe(true);
      // No research fields, so nothing to recommend; but no 304 either.
      const recommended = ok(await get<RecommendedPage>(app(), c.admin, 'demand/recommended'), 'recommended');
      expect(recommended.items).toEqual([]);
      const detail = ok(await get<DemandDetail>(app(), c.admin, `demand/detail/${published.demand.id}`), 'detail');
      expect(detail.cooperation?.institute.id).toBe(c.institute.orgId);
      // The admin does not 'receive' as an institute, nor act for the enterprise.
      expect(detail.can).toMatchObject({ receive: false, solve: false, close: false, toggle: false });
    },
    async sharedTplFile({ c, templateName }) {
      const spaces = ok(await get<{ items: SpaceInfo[] }>(app(), c.admin, 'upload/spaces'), 'spaces');
      const shared = spaces.items.find((space) => space.kind === 'shared_tpl');
      expect(shared?.role).toBe('manage');
      const files = ok(
        await get<AttachmentList>(app(), c.admin, 'upload/getAttachmentList', { space_id: shared?.id ?? 0 }),
        'getAttachmentList',
      );
      expect(files.items.map((item) => item.name)).toContain(templateName);
    },
  };

  it('every section is either walked below or listed as not built yet', () => {
    const keys = MANAGE_SECTIONS.map((section) => section.key);
    expect([...Object.keys(WALKS), ...NOT_BUILT].sort()).toEqual([...keys].sort());
  });

  for (const section of MANAGE_SECTIONS) {
    if (NOT_BUILT.includes(section.key)) continue;
    it(`the admin opens ${section.key} and reads every organisation's content`, async () => {
      const walk = WALKS[section.key];
      expect(walk, section.key).toBeDefined();
      await walk?.(seed);
    });
  }
});
