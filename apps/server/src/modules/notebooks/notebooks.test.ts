import { beforeAll, describe, expect, it } from 'vitest';
import type {
  NotebookCategory,
  NotebookDeliverable,
  NotebookDeliverableDetail,
  NotebookDetail,
  NotebookPage,
} from '@mathbridge/contracts/notebooks';
import { NOTEBOOK_ATTACHMENTS_MAX, NOTEBOOK_MAX_BYTES } from '@mathbridge/contracts/notebooks';
import type { Page } from '@mathbridge/contracts/pagination';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { call, describeApi, useTestApp } from '../../test/harness.ts';
import { newUser, signInAdmin, type TestUser } from '../identity/identity.fixtures.ts';
import { get, ok, post } from '../demands/demands.fixtures.ts';
import { png, upload, zip } from '../files/files.fixtures.ts';
import {
  newCategory,
  newNotebook,
  notebookForm,
  notebookIn,
  sampleNotebook,
  uploadCover,
  uploadTo,
} from './notebooks.fixtures.ts';

type Errors = { errors: { field: string; code: string; message: string }[] };

describeApi('notebooks and categories (issue 12)', () => {
  const t = useTestApp();
  const app = () => t().app;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    admin = await signInAdmin(t());
    owner = await newUser(app());
    other = await newUser(app());
  });

  const detail = (id: number, token?: string) =>
    call<NotebookDetail>(app(), 'GET', `notebook/detail/${id}`, {}, { token, locale: 'en-US' });
  const audits = (action: string) =>
    t().ctx.db.selectFrom('audit_logs').selectAll().where('action', '=', action).execute();
  const openTodos = (id: number) =>
    t()
      .ctx.db.selectFrom('todos')
      .selectAll()
      .where('target_type', '=', 'notebook')
      .where('target_id', '=', id)
      .where('status', '=', 0)
      .execute();

  describe('who may call', () => {
    const USER_CALLS: [string, 'GET' | 'POST'][] = [
      ['notebook/my', 'GET'],
      ['notebook/save', 'POST'],
      ['notebook/delete', 'POST'],
      ['notebook/publish', 'POST'],
      ['notebook/unpublish', 'POST'],
      ['notebook/contribute', 'POST'],
      ['notebook/copy', 'POST'],
      ['notebook/delete_attachment', 'POST'],
      ['notebook/attach', 'POST'],
      ['notebook/deliverables', 'GET'],
      ['notebook/deliverable/1', 'GET'],
      ['notebook/detach', 'POST'],
    ];
    const ADMIN_CALLS: [string, 'GET' | 'POST'][] = [
      ['notebook/review', 'POST'],
      ['notebook/contributions', 'GET'],
      ['category/save', 'POST'],
      ['category/delete', 'POST'],
    ];

    it('signed out: every write and private read is 305; the public reads answer', async () => {
      for (const [path, method] of [...USER_CALLS, ...ADMIN_CALLS])
        expect([path, (await call(app(), method, path, { id: 1 })).status]).toEqual([path, 305]);
      for (const path of ['category/list', 'notebook/achievements'])
        expect([path, (await call(app(), 'GET', path)).status]).toEqual([path, 200]);
      expect((await call(app(), 'GET', 'notebook/userNotebooks', { user_id: owner.id })).status).toBe(200);
      for (const path of ['notebook/upload_cover', 'notebook/import', 'category/upload_cover'])
        expect((await uploadTo(app(), undefined, path, 'a.png', png())).status).toBe(305);
    });

    it('a signed-in non-admin gets 304 on the admin calls, the category cover upload included', async () => {
      for (const [path, method] of ADMIN_CALLS)
        expect([path, (await call(app(), method, path, { id: 1 }, { token: other.token })).status]).toEqual([
          path,
          304,
        ]);
      expect((await uploadTo(app(), other.token, 'category/upload_cover', 'a.png', png())).status).toBe(304);
    });
  });

  describe('categories', () => {
    it('admins create, edit, list (with accepted counts) and delete; a used category is 409 in three locales', async () => {
      const cover = await uploadCover(app(), admin, 'category/upload_cover');
      const cat = await newCategory(app(), admin, { cover_file_id: cover.file_id, name_en: 'Statistics' });
      expect(cat).toMatchObject({ name_en: 'Statistics', cover_file_id: cover.file_id, notebook_count: 0 });
      expect(cat.cover_url).toBe(`/api/notebook/cover/${cover.file_id}`);
      // The category cover is public, cacheable by anyone.
      const catCover = await app().inject({ method: 'GET', url: cat.cover_url! });
      expect(catCover.statusCode).toBe(200);
      expect(catCover.headers['cache-control']).toContain('public');
      const edited = ok(
        await post<NotebookCategory>(app(), admin, 'category/save', { ...cat, name_en: 'Stats' }),
        'edit',
      );
      expect(edited.name_en).toBe('Stats');
      expect((await audits('notebook.category.update')).some((a) => a.target_id === String(cat.id))).toBe(true);

      await notebookIn(app(), owner, 'accepted', admin, { category_id: cat.id });
      const listed = (await call<NotebookCategory[]>(app(), 'GET', 'category/list')).result;
      expect(listed.find((c) => c.id === cat.id)?.notebook_count).toBe(1);

      const messages: string[] = [];
      for (const locale of ['zh-CN', 'zh-HK', 'en-US'] as const) {
        const refused = await call(app(), 'POST', 'category/delete', { id: cat.id }, { token: admin.token, locale });
        expect(refused.status).toBe(409);
        messages.push(refused.message);
      }
      expect(messages).toEqual([
        '仍有笔记本使用该分类，请先将其移至其他分类',
        '仍有筆記本使用該分類，請先將其移至其他分類',
        'Notebooks still use this category; move them to another category first',
      ]);

      const unused = await newCategory(app(), admin, { name_en: 'Unused' });
      ok(await post(app(), admin, 'category/delete', { id: unused.id }), 'delete');
      expect((await audits('notebook.category.delete')).some((a) => a.target_id === String(unused.id))).toBe(true);
      expect((await post(app(), admin, 'category/delete', { id: unused.id })).status).toBe(404);
      // Saving into a missing category is a 400 on category_id.
      const bad = await post<Errors>(app(), owner, 'notebook/save', notebookForm({ category_id: unused.id }));
      expect(bad.status).toBe(400);
      expect(bad.result.errors[0]?.field).toBe('category_id');
    });
  });

  describe('save, versions, sizes', () => {
    it('creates a draft (cell ids assigned), edits it by version, and refuses a stale version with 409', async () => {
      const doc = sampleNotebook();
      doc.cells = doc.cells.map(({ id: _id, ...cell }) => cell) as typeof doc.cells;
      const created = await newNotebook(app(), owner, { content: doc });
      expect(created).toMatchObject({ state: 'draft', contribution: 'none', version: 0, editable: true, cells: 2 });
      expect(created.content.cells.every((c) => typeof c.id === 'string' && c.id.length > 0)).toBe(true);

      const edited = ok(
        await post<NotebookDetail>(app(), owner, 'notebook/save', {
          ...notebookForm({ title: '改名' }),
          id: created.id,
          version: 0,
        }),
        'edit',
      );
      expect(edited).toMatchObject({ title: '改名', version: 1 });
      const stale = await post(app(), owner, 'notebook/save', { ...notebookForm(), id: created.id, version: 0 });
      expect(stale.status).toBe(409);
      expect(stale.message).toBe('Someone saved this notebook in the meantime; reload it before saving again');
      // Someone else's notebook: 304, never an edit.
      const foreign = await post(app(), other, 'notebook/save', { ...notebookForm(), id: created.id, version: 1 });
      expect(foreign.status).toBe(304);
      expect((await detail(created.id, owner.token)).result.title).toBe('改名');
    });

    it('keeps the document exactly: indentation, blank lines, trailing newlines and nulls (signed, not cleaned)', async () => {
      const cells = [
        {
          cell_type: 'code' as const,
          id: 'indent',
          metadata: {},
          execution_count: null,
          outputs: [{ output_type: 'stream' as const, name: 'stdout' as const, text: ['  a\n', '\n', '  b\n'] }],
          source: ['def f(x):\n', '    if x:\n', '\n', '        return 1\n', '    return 0\n', '   '],
        },
        { cell_type: 'markdown' as const, id: 'blank', metadata: {}, source: '' },
      ];
      const created = await newNotebook(app(), owner, { content: sampleNotebook({ cells }) });
      expect(created.content.cells).toEqual(cells);
      expect((await detail(created.id, owner.token)).result.content.cells).toEqual(cells);
    });

    it('a document over NOTEBOOK_MAX_BYTES is 413 and nothing is stored', async () => {
      const before = (await get<NotebookPage>(app(), owner, 'notebook/my')).result.total;
      const big = sampleNotebook({
        cells: [{ cell_type: 'markdown', id: 'big', source: 'x'.repeat(NOTEBOOK_MAX_BYTES), metadata: {} }],
      });
      const refused = await post(app(), owner, 'notebook/save', notebookForm({ content: big }));
      expect(refused.status).toBe(413);
      expect((await get<NotebookPage>(app(), owner, 'notebook/my')).result.total).toBe(before);
    });

    it('parallel saves of one version: one wins, the others 409', async () => {
      const n = await newNotebook(app(), owner);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(app(), owner, 'notebook/save', { ...notebookForm({ title: `并发 ${i}` }), id: n.id, version: 0 }),
        ),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect((await detail(n.id, owner.token)).result.version).toBe(1);
    });
  });

  describe('import and export', () => {
    const importFile = (name: string, body: string | Buffer, query: Record<string, string> = {}) =>
      uploadTo(app(), owner.token, 'notebook/import', name, Buffer.isBuffer(body) ? body : Buffer.from(body), query);

    it('a file holding a NUL character is refused with 400 on file (as a saved one is), never a database error', async () => {
      for (const doc of [
        sampleNotebook({ metadata: { title: 'a\u0000b' } }),
        sampleNotebook({
          cells: [{ cell_type: 'markdown', id: 'nul', source: 'x\u0000y', metadata: {} }],
        }),
      ]) {
        const reply = await importFile('nul.ipynb', JSON.stringify(doc));
        expect(reply.status).toBe(400);
        expect((reply.result as unknown as Errors).errors[0]?.field).toBe('file');
      }
      // A title sent as a form field (not in the signed query) is held to the same rule.
      const form = new FormData();
      form.append('title', 'a\u0000b');
      form.append('file', new Blob([JSON.stringify(sampleNotebook())]), 'ok.ipynb');
      const viaForm = await app().inject({
        method: 'POST',
        url: '/api/notebook/import?ignore_sign=1',
        headers: { 'x-mathbridge-token': owner.token },
        payload: form,
      });
      expect(viaForm.json()).toMatchObject({ status: 400, result: { errors: [{ field: 'title' }] } });
    });

    it('imports a good v4 file as a draft titled from its name, and exports it back', async () => {
      const reply = await importFile('最小二乘.ipynb', JSON.stringify(sampleNotebook()));
      expect(reply.status).toBe(200);
      const imported = reply.result as unknown as NotebookDetail;
      expect(imported).toMatchObject({ title: '最小二乘', state: 'draft', cells: 2 });
      const titled = (await importFile('x.ipynb', JSON.stringify(sampleNotebook()), { title: '自定义' }))
        .result as unknown as NotebookDetail;
      expect(titled.title).toBe('自定义');

      const exported = await app().inject({
        method: 'GET',
        url: `/api/notebook/export/${imported.id}`,
        headers: { 'x-mathbridge-token': owner.token },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('application/x-ipynb+json');
      expect(String(exported.headers['content-disposition'])).toContain(
        `filename*=UTF-8''${encodeURIComponent('最小二乘.ipynb')}`,
      );
      const doc = JSON.parse(exported.body) as { nbformat: number; cells: unknown[] };
      expect(doc.nbformat).toBe(4);
      expect(doc.cells).toHaveLength(2);
      // A visitor may not export a draft: 305 in the envelope, no file.
      const visitor = await app().inject({ method: 'GET', url: `/api/notebook/export/${imported.id}` });
      expect((JSON.parse(visitor.body) as { status: number }).status).toBe(305);
    });

    it('refuses bad files with a clear 400 on `file` naming the problem, storing nothing', async () => {
      const before = (await get<NotebookPage>(app(), owner, 'notebook/my')).result.total;
      const noCells: Record<string, unknown> = { ...sampleNotebook() };
      delete noCells.cells;
      const badOutput = sampleNotebook();
      (badOutput.cells[1] as { outputs: unknown[] }).outputs = [{ output_type: 'stream', name: 'stdout' }];
      const cases: [string, string, RegExp][] = [
        ['bad.ipynb', '{"nbformat": 4, ', /JSON/],
        ['v3.ipynb', JSON.stringify({ nbformat: 3, nbformat_minor: 0, metadata: {}, worksheets: [] }), /nbformat 3/],
        ['nocells.ipynb', JSON.stringify(noCells), /cells/],
        ['output.ipynb', JSON.stringify(badOutput), /cells\[1\]\.outputs\[0\]/],
        ['notes.txt', JSON.stringify(sampleNotebook()), /Not a Jupyter notebook/],
      ];
      for (const [name, body, detailPattern] of cases) {
        const reply = await importFile(name, body);
        expect([name, reply.status]).toEqual([name, 400]);
        const error = (reply.result as unknown as Errors).errors[0];
        expect(error?.field).toBe('file');
        expect(error?.message).toContain('Not a Jupyter notebook in format 4 (.ipynb)');
        expect(error?.message).toMatch(detailPattern);
      }
      expect((await get<NotebookPage>(app(), owner, 'notebook/my')).result.total).toBe(before);
    });

    const storedNotebooks = async () => (await t().ctx.db.selectFrom('notebooks').select('id').execute()).length;
    /** A notebook whose metadata holds `levels` nested arrays: the document nests `levels + 2` deep. */
    const nestedNotebook = (levels: number) =>
      JSON.stringify(sampleNotebook({ metadata: { nested: 0 } })).replace(
        '"nested":0',
        `"nested":${'['.repeat(levels)}${']'.repeat(levels)}`,
      );

    it('a notebook nested 200,000 levels deep (400 kB) is refused with 400 on file in every locale, storing nothing', async () => {
      const before = await storedNotebooks();
      const deep = Buffer.from(nestedNotebook(200_000));
      expect(deep.length).toBeGreaterThan(400_000);
      for (const [locale, message] of [
        ['zh-CN', '笔记本文件嵌套过深（最多 31 层）'],
        ['zh-HK', '筆記本檔案嵌套過深（最多 31 層）'],
        ['en-US', 'The notebook file is nested too deeply (at most 31 levels)'],
      ] as const) {
        const reply = await upload(app(), owner.token, 'deep.ipynb', deep, {}, { path: 'notebook/import', locale });
        expect([reply.http, reply.status, reply.result]).toEqual([
          200,
          400,
          { errors: [{ field: 'file', code: 'notebookTooDeep', message }] },
        ]);
      }
      expect(await storedNotebooks()).toBe(before);
    });

    it('a notebook as deep as notebook/save allows imports and saves back; one level deeper is refused', async () => {
      // notebook/save carries the document one level inside its body (at most 32 levels): 31 for the document.
      const reply = await importFile('at-limit.ipynb', nestedNotebook(29));
      expect(reply.status).toBe(200);
      const imported = reply.result as unknown as NotebookDetail;
      const resaved = await post<NotebookDetail>(app(), owner, 'notebook/save', {
        id: imported.id,
        version: imported.version,
        title: imported.title,
        content: imported.content,
      });
      expect(resaved.status).toBe(200);
      const over = await importFile('over-limit.ipynb', nestedNotebook(30));
      expect([over.status, (over.result as unknown as Errors).errors[0]?.code]).toEqual([400, 'notebookTooDeep']);
    });

    it('a saved notebook nested 100,000 levels deep still gets the JSON body guard: 400 on body, storing nothing', async () => {
      const before = await storedNotebooks();
      const doc = nestedNotebook(100_000);
      const reply = await app().inject({
        method: 'POST',
        url: '/api/notebook/save',
        headers: { 'content-type': 'application/json', 'accept-language': 'en-US', 'x-mathbridge-token': owner.token },
        payload: `{"ignore_sign":1,"title":"deep","content":${doc}}`,
      });
      const message = 'The request is nested too deeply (at most 32 levels)';
      expect([reply.statusCode, reply.json()]).toEqual([
        200,
        { status: 400, message, result: { errors: [{ field: 'body', code: 'bodyTooDeep', message }] } },
      ]);
      expect(await storedNotebooks()).toBe(before);
    });

    it('an import over NOTEBOOK_MAX_BYTES is 413', async () => {
      const big = JSON.stringify(
        sampleNotebook({ cells: [{ cell_type: 'raw', source: 'x'.repeat(NOTEBOOK_MAX_BYTES), metadata: {} }] }),
      );
      expect((await importFile('big.ipynb', big)).status).toBe(413);
    });
  });

  describe('states and permissions', () => {
    it('draft: only the owner and admins read it; others 304 (signed in) or 305 (visitor), a missing id alike', async () => {
      const n = await newNotebook(app(), owner);
      expect((await detail(n.id, owner.token)).status).toBe(200);
      const asAdmin = (await detail(n.id, admin.token)).result;
      expect(asAdmin).toMatchObject({ editable: false, version: 0 });
      expect((await detail(n.id, other.token)).status).toBe(304);
      expect((await detail(n.id)).status).toBe(305);
      expect((await detail(999999, other.token)).status).toBe(304);
      expect((await detail(999999)).status).toBe(305);
      for (const path of ['notebook/publish', 'notebook/contribute', 'notebook/delete', 'notebook/unpublish'])
        expect([path, (await post(app(), other, path, { id: n.id })).status]).toEqual([path, 304]);
    });

    it('published: signed-in readers see the snapshot (a later edit stays private until published again); visitors 305', async () => {
      const n = await notebookIn(app(), owner, 'published');
      ok(
        await post(app(), owner, 'notebook/save', {
          ...notebookForm({ content: sampleNotebook({ cells: [] }) }),
          id: n.id,
          version: n.version,
        }),
        'edit after publish',
      );
      const seen = (await detail(n.id, other.token)).result;
      expect(seen).toMatchObject({ state: 'published', version: null, editable: false, cells: 2 });
      expect(seen.content.cells).toHaveLength(2);
      expect((await detail(n.id, owner.token)).result.content.cells).toHaveLength(0);
      expect((await detail(n.id)).status).toBe(305);

      const page = (await get<NotebookPage>(app(), other, 'notebook/userNotebooks', { user_id: owner.id })).result;
      expect(page.items.some((i) => i.id === n.id)).toBe(true);
      const visitorPage = (await call<NotebookPage>(app(), 'GET', 'notebook/userNotebooks', { user_id: owner.id }))
        .result;
      expect(visitorPage.items.some((i) => i.id === n.id)).toBe(false);
    });

    it('contribute → pending (a to-do for the admins) → accepted: visitors read it and find it in the achievement area', async () => {
      const cat = await newCategory(app(), admin, { name_en: 'Area' });
      const n = await notebookIn(app(), owner, 'pending', undefined, { category_id: cat.id, title: '成果区样例' });
      expect(n.contribution).toBe('pending');
      const todos = (await get<Page<TodoItem>>(app(), admin, 'workflow/todoList', { page_size: 100 })).result;
      const todo = todos.items.find((i) => i.kind === 'notebookContribution' && i.target_id === n.id);
      expect(todo?.title).toContain('成果区样例');
      expect((await post(app(), owner, 'notebook/contribute', { id: n.id })).status).toBe(409);

      const pending = (await get<NotebookPage>(app(), admin, 'notebook/contributions')).result;
      expect(pending.items.some((i) => i.id === n.id)).toBe(true);
      ok(await post(app(), admin, 'notebook/review', { id: n.id, decision: 'accept' }), 'accept');
      expect(await openTodos(n.id)).toHaveLength(0);
      expect((await audits('notebook.accept')).some((a) => a.target_id === String(n.id))).toBe(true);

      const visitor = (await detail(n.id)).result;
      expect(visitor).toMatchObject({ contribution: 'accepted', editable: false, version: null });
      const area = (
        await call<NotebookPage>(app(), 'GET', 'notebook/achievements', { category_id: cat.id, keyword: '样例' })
      ).result;
      expect(area.items.map((i) => i.id)).toEqual([n.id]);
      expect(
        (await call<NotebookPage>(app(), 'GET', 'notebook/achievements', { keyword: '没有这个' })).result.total,
      ).toBe(0);
      // Publishing again sends the new snapshot back to pending, with a new to-do; it leaves the area.
      const again = ok(await post<NotebookDetail>(app(), owner, 'notebook/publish', { id: n.id }), 'republish');
      expect(again.contribution).toBe('pending');
      expect(await openTodos(n.id)).toHaveLength(1);
      expect((await detail(n.id)).status).toBe(305);
      // Unpublishing withdraws it: draft, none, to-dos closed.
      const back = ok(await post<NotebookDetail>(app(), owner, 'notebook/unpublish', { id: n.id }), 'unpublish');
      expect(back).toMatchObject({ state: 'draft', contribution: 'none' });
      expect(await openTodos(n.id)).toHaveLength(0);
      expect((await post(app(), owner, 'notebook/unpublish', { id: n.id })).status).toBe(409);
      expect((await post(app(), owner, 'notebook/contribute', { id: n.id })).status).toBe(409);
    });

    it('reject needs a reason the owner sees; a rejected notebook may be contributed again', async () => {
      const n = await notebookIn(app(), owner, 'pending');
      const noReason = await post<Errors>(app(), admin, 'notebook/review', { id: n.id, decision: 'reject' });
      expect(noReason.status).toBe(400);
      expect(noReason.result.errors[0]?.field).toBe('reason');
      ok(await post(app(), admin, 'notebook/review', { id: n.id, decision: 'reject', reason: '缺少说明' }), 'reject');
      expect((await detail(n.id, owner.token)).result).toMatchObject({
        contribution: 'rejected',
        reject_reason: '缺少说明',
      });
      // The reason is the owner's and the admins': other readers of the published notebook never see it.
      expect((await detail(n.id, other.token)).result).toMatchObject({ state: 'published', reject_reason: null });
      const publicPage = (await get<NotebookPage>(app(), other, 'notebook/userNotebooks', { user_id: owner.id }))
        .result;
      expect(publicPage.items.find((i) => i.id === n.id)).toMatchObject({ reject_reason: null });
      const mine = (await get<NotebookPage>(app(), owner, 'notebook/my', { page_size: 100 })).result;
      expect(mine.items.find((i) => i.id === n.id)).toMatchObject({ reject_reason: '缺少说明' });
      // The owner's to-do (their to-do list, once they hold a role) points at the notebook.
      const ownerTodo = (await openTodos(n.id)).find((r) => r.kind === 'notebookRejected');
      expect(ownerTodo?.assignee_user_id).toBe(owner.id);
      expect((await post(app(), admin, 'notebook/review', { id: n.id, decision: 'accept' })).status).toBe(409);
      const rejected = (await get<NotebookPage>(app(), admin, 'notebook/contributions', { contribution: 'rejected' }))
        .result;
      expect(rejected.items.find((i) => i.id === n.id)).toMatchObject({ reject_reason: '缺少说明' });
      const again = ok(await post<NotebookDetail>(app(), owner, 'notebook/contribute', { id: n.id }), 'again');
      expect(again).toMatchObject({ contribution: 'pending', reject_reason: null });
      // The owner's to-do is done; the admins have one new to-do.
      expect((await openTodos(n.id)).map((r) => r.kind)).toEqual(['notebookContribution']);
      expect((await post(app(), owner, 'notebook/contribute', { id: n.id })).status).toBe(409);
      // Only published notebooks may be contributed.
      const draft = await newNotebook(app(), owner);
      expect((await post(app(), owner, 'notebook/contribute', { id: draft.id })).status).toBe(409);
    });

    it('my notebooks: filtered by state and keyword; delete removes drafts and published ones', async () => {
      const a = await newNotebook(app(), owner, { title: '删除我草稿' });
      const b = await notebookIn(app(), owner, 'pending', undefined, { title: '删除我已发布' });
      const mine = (await get<NotebookPage>(app(), owner, 'notebook/my', { keyword: '删除我' })).result;
      expect(mine.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
      const published = (
        await get<NotebookPage>(app(), owner, 'notebook/my', { keyword: '删除我', state: 'published' })
      ).result;
      expect(published.items.map((i) => i.id)).toEqual([b.id]);
      for (const id of [a.id, b.id]) ok(await post(app(), owner, 'notebook/delete', { id }), 'delete');
      expect(await openTodos(b.id)).toHaveLength(0);
      expect((await detail(a.id, owner.token)).status).toBe(304);
      expect((await post(app(), owner, 'notebook/delete', { id: a.id })).status).toBe(304);
    });
  });

  describe('covers, attachments, copies', () => {
    it('a browser request with a malformed session cookie is a visitor, not a server error', async () => {
      const cover = await uploadCover(app(), owner);
      const n = await newNotebook(app(), owner, { cover_file_id: cover.file_id });
      const badCookie = { cookie: 'mb_token=%E0%A4%A' };
      const image = await app().inject({ method: 'GET', url: cover.url, headers: badCookie });
      expect(image.statusCode).toBe(404);
      const exported = await app().inject({ method: 'GET', url: `/api/notebook/export/${n.id}`, headers: badCookie });
      expect(exported.statusCode).toBe(200);
      expect(exported.json()).toMatchObject({ status: 305 });
      // The same cookie, well formed, still signs the owner in.
      const good = await app().inject({
        method: 'GET',
        url: cover.url,
        headers: { cookie: `mb_token=${owner.token}` },
      });
      expect(good.statusCode).toBe(200);
    });

    it('a cover shows to the notebook readers only; attachments up to the limit, downloadable through signed links', async () => {
      const cover = await uploadCover(app(), owner);
      const n = await newNotebook(app(), owner, { cover_file_id: cover.file_id });
      expect(n.cover_url).toBe(cover.url);
      const image = (token?: string) =>
        app().inject({ method: 'GET', url: cover.url, headers: token ? { 'x-mathbridge-token': token } : {} });
      expect((await image(owner.token)).statusCode).toBe(200);
      expect((await image(other.token)).statusCode).toBe(404);
      expect((await image()).statusCode).toBe(404);
      // Once accepted, visitors see it too, but never from a shared cache: a withdrawal must hide it.
      const accepted = await notebookIn(app(), owner, 'accepted', admin, { cover_file_id: cover.file_id });
      const seen = await image();
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      ok(await post(app(), owner, 'notebook/unpublish', { id: accepted.id }), 'unpublish');
      expect((await image()).statusCode).toBe(404);
      // Another user's image is not a cover the owner may use.
      const foreign = await uploadCover(app(), other);
      const refused = await post<Errors>(
        app(),
        owner,
        'notebook/save',
        notebookForm({ cover_file_id: foreign.file_id }),
      );
      expect(refused.result.errors[0]?.field).toBe('cover_file_id');
      // Saving over another's notebook (or a missing one) is 304 whichever cover is named: no hint of either.
      for (const [id, coverId] of [
        [n.id, foreign.file_id],
        [n.id, cover.file_id],
        [999999, foreign.file_id],
        [999999, cover.file_id],
      ] as const)
        expect(
          (await post(app(), other, 'notebook/save', { ...notebookForm({ cover_file_id: coverId }), id, version: 0 }))
            .status,
        ).toBe(304);
      // Replacing a cover removes the old file.
      const spare = await uploadCover(app(), owner);
      const covered = await newNotebook(app(), owner, { cover_file_id: spare.file_id });
      const next = await uploadCover(app(), owner);
      ok(
        await post(app(), owner, 'notebook/save', {
          ...notebookForm({ cover_file_id: next.file_id }),
          id: covered.id,
          version: covered.version,
        }),
        'replace cover',
      );
      const spareLeft = await t()
        .ctx.db.selectFrom('stored_files')
        .select('id')
        .where('id', '=', spare.file_id)
        .execute();
      expect(spareLeft).toHaveLength(0);

      const zipped = await zip(500);
      const attach = (token: string, name = 'data.zip') =>
        uploadTo(app(), token, 'notebook/upload_attachment', name, zipped, { id: n.id });
      expect((await attach(other.token)).status).toBe(304);
      expect((await attach(owner.token, 'data.exe')).status).toBe(415);
      const withOne = (await attach(owner.token)).result as unknown as NotebookDetail;
      expect(withOne.attachments).toHaveLength(1);
      const link = withOne.attachments[0]!.url;
      expect((await app().inject({ method: 'GET', url: link })).statusCode).toBe(200);
      const tampered = link.replace(/s=[^&]+/, 's=xxxx');
      expect(
        (JSON.parse((await app().inject({ method: 'GET', url: tampered })).body) as { status: number }).status,
      ).toBe(304);

      // Parallel uploads never pass the limit.
      const replies = await Promise.all(
        Array.from({ length: NOTEBOOK_ATTACHMENTS_MAX + 5 }, (_, i) => attach(owner.token, `f${i}.zip`)),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(NOTEBOOK_ATTACHMENTS_MAX - 1);
      expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
      const full = (await detail(n.id, owner.token)).result;
      expect(full.attachments).toHaveLength(NOTEBOOK_ATTACHMENTS_MAX);

      // Published: a signed-in reader sees the cover and gets working links of their own.
      ok(await post(app(), owner, 'notebook/publish', { id: n.id }), 'publish');
      expect((await image(other.token)).statusCode).toBe(200);
      const theirs = (await detail(n.id, other.token)).result.attachments.at(-1)!.url;
      expect((await app().inject({ method: 'GET', url: theirs })).statusCode).toBe(200);

      const gone = full.attachments[0]!;
      ok(await post(app(), owner, 'notebook/delete_attachment', { id: gone.id }), 'delete_attachment');
      expect((await post(app(), other, 'notebook/delete_attachment', { id: full.attachments[1]!.id })).status).toBe(
        304,
      );
      // Unpublished: the reader's link closes.
      ok(await post(app(), owner, 'notebook/unpublish', { id: n.id }), 'unpublish');
      expect((JSON.parse((await app().inject({ method: 'GET', url: theirs })).body) as { status: number }).status).toBe(
        304,
      );
      // Deleting the notebook removes its attachments' files.
      const fileIds = (
        await t().ctx.db.selectFrom('notebook_attachments').select('file_id').where('notebook_id', '=', n.id).execute()
      ).map((r) => r.file_id);
      ok(await post(app(), owner, 'notebook/delete', { id: n.id }), 'delete');
      const left = await t().ctx.db.selectFrom('stored_files').select('id').where('id', 'in', fileIds).execute();
      expect(left).toHaveLength(0);
    });

    it('copy: a readable notebook becomes a draft of the caller; an unreadable one is 304', async () => {
      const published = await notebookIn(app(), owner, 'published');
      const copy = ok(await post<NotebookDetail>(app(), other, 'notebook/copy', { id: published.id }), 'copy');
      expect(copy).toMatchObject({ state: 'draft', editable: true, title: published.title });
      expect(copy.owner.id).toBe(other.id);
      const draft = await newNotebook(app(), owner);
      expect((await post(app(), other, 'notebook/copy', { id: draft.id })).status).toBe(304);
      expect((await post(app(), other, 'notebook/copy', {})).status).toBe(400);
    });
  });

  describe('races', () => {
    it('20 parallel contributions: one pending, one to-do', async () => {
      const n = await notebookIn(app(), owner, 'published');
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => post(app(), owner, 'notebook/contribute', { id: n.id })),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
      expect(await openTodos(n.id)).toHaveLength(1);
    });

    it('20 parallel reviews: one decision, one audit row', async () => {
      const n = await notebookIn(app(), owner, 'pending');
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(
            app(),
            admin,
            'notebook/review',
            i % 2 ? { id: n.id, decision: 'accept' } : { id: n.id, decision: 'reject', reason: '不行' },
          ),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
      const rows = [...(await audits('notebook.accept')), ...(await audits('notebook.reject'))].filter(
        (a) => a.target_id === String(n.id),
      );
      expect(rows).toHaveLength(1);
    });

    it('contributions and unpublishes racing end in a consistent state: draft/none without to-dos, or pending with one', async () => {
      const n = await notebookIn(app(), owner, 'published');
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(app(), owner, i % 2 ? 'notebook/contribute' : 'notebook/unpublish', { id: n.id }),
        ),
      );
      expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const row = await t().ctx.db.selectFrom('notebooks').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow();
      const todos = await openTodos(n.id);
      if (row.state === 'draft') {
        expect([row.contribution, row.published, todos.length]).toEqual(['none', null, 0]);
      } else {
        expect([row.contribution, todos.length]).toEqual(['pending', 1]);
      }
    });

    it('an accepted notebook exports for a visitor (the published snapshot, a Chinese file name)', async () => {
      const n = await notebookIn(app(), owner, 'accepted', admin, { title: '公开导出' });
      const exported = await app().inject({ method: 'GET', url: `/api/notebook/export/${n.id}` });
      expect(exported.statusCode).toBe(200);
      expect(String(exported.headers['content-disposition'])).toContain(
        `filename*=UTF-8''${encodeURIComponent('公开导出.ipynb')}`,
      );
      expect((JSON.parse(exported.body) as { cells: unknown[] }).cells).toHaveLength(2);
    });

    it('deleting a category while notebooks are saved into it leaves no orphan and no 500', async () => {
      const cat = await newCategory(app(), admin, { name_en: 'Race' });
      const replies = await Promise.all([
        ...Array.from({ length: 10 }, () => post(app(), owner, 'notebook/save', notebookForm({ category_id: cat.id }))),
        post(app(), admin, 'category/delete', { id: cat.id }),
      ]);
      expect(replies.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
      const orphans = await t()
        .ctx.db.selectFrom('notebooks')
        .leftJoin('notebook_categories', 'notebook_categories.id', 'notebooks.category_id')
        .select('notebooks.id')
        .where('notebooks.category_id', 'is not', null)
        .where('notebook_categories.id', 'is', null)
        .execute();
      expect(orphans).toHaveLength(0);
    });
  });
});

describeApi('notebook deliverables (issue 12, DESIGN §9)', () => {
  const t = useTestApp();
  const app = () => t().app;

  it('a solution: the institute attaches, both sides read, others 304; copy and detach', async () => {
    const { cast, newDemand, newSolution } = await import('../demands/demands.fixtures.ts');
    const c = await cast(t());
    const demand = await newDemand(app(), c, { publish: true });
    const solution = await newSolution(app(), c.institute, demand.demand.id);
    const notebook = await newNotebook(app(), c.institute);
    const attach = (user: { token: string }, notebookId = notebook.id) =>
      post<NotebookDeliverable>(app(), user, 'notebook/attach', {
        notebook_id: notebookId,
        target: 'solution',
        target_id: solution.id,
      });
    const foreignNotebook = await newNotebook(app(), c.otherInstitute);
    expect((await attach(c.otherInstitute, foreignNotebook.id)).status).toBe(304);
    expect((await attach(c.enterprise, (await newNotebook(app(), c.enterprise)).id)).status).toBe(304);
    expect((await attach(c.otherInstitute)).status).toBe(304);
    const delivered = ok(await attach(c.institute), 'attach');
    expect(delivered).toMatchObject({ target: 'solution', target_id: solution.id, notebook_id: notebook.id });

    const list = (user: { token: string }) =>
      get<NotebookDeliverable[]>(app(), user, 'notebook/deliverables', { target: 'solution', target_id: solution.id });
    for (const user of [c.institute, c.enterprise, c.admin])
      expect((await list(user)).result.map((d) => d.id)).toEqual([delivered.id]);
    for (const user of [c.otherEnterprise, c.otherInstitute, c.specialist]) {
      expect((await list(user)).status).toBe(304);
      expect((await get(app(), user, `notebook/deliverable/${delivered.id}`)).status).toBe(304);
      expect((await post(app(), user, 'notebook/copy', { deliverable_id: delivered.id })).status).toBe(304);
    }
    const read = ok(
      await get<NotebookDeliverableDetail>(app(), c.enterprise, `notebook/deliverable/${delivered.id}`),
      'read',
    );
    expect(read.content.cells).toHaveLength(2);
    // The copy is frozen: a later edit of the notebook does not change it.
    ok(
      await post(app(), c.institute, 'notebook/save', {
        ...notebookForm({ content: sampleNotebook({ cells: [] }) }),
        id: notebook.id,
        version: 0,
      }),
      'edit',
    );
    expect(
      (await get<NotebookDeliverableDetail>(app(), c.enterprise, `notebook/deliverable/${delivered.id}`)).result.content
        .cells,
    ).toHaveLength(2);
    const copy = ok(
      await post<NotebookDetail>(app(), c.enterprise, 'notebook/copy', { deliverable_id: delivered.id }),
      'copy',
    );
    expect(copy).toMatchObject({ state: 'draft', editable: true, cells: 2 });

    expect((await post(app(), c.enterprise, 'notebook/detach', { id: delivered.id })).status).toBe(304);
    ok(await post(app(), c.institute, 'notebook/detach', { id: delivered.id }), 'detach');
    expect((await list(c.enterprise)).result).toEqual([]);
  });

  it('a research phase: the owner and members attach and read, outsiders 304', async () => {
    const { researchCast, newProject, joinWithPreset } = await import('../research/research.fixtures.ts');
    const c = await researchCast(t());
    const project = await newProject(app(), c.institute, 'subject', { publish: true });
    await joinWithPreset(app(), c.institute, c.member, 'subject', project.id, 'member');
    await joinWithPreset(app(), c.institute, c.viewer, 'subject', project.id, 'viewer');
    const phases = ok(
      await post<{ id: number }[] | { id: number }>(app(), c.institute, 'subject/savePhase', {
        id: project.id,
        title: '建模',
        goal: '给出模型',
      }),
      'savePhase',
    );
    const phaseList = ok(
      await get<{ id: number }[]>(app(), c.institute, 'subject/phases', { id: project.id }),
      'phases',
    );
    const phaseId = (Array.isArray(phases) ? phases[0]?.id : phases.id) ?? phaseList[0]!.id;

    const attach = async (user: { token: string }) =>
      post<NotebookDeliverable>(app(), user, 'notebook/attach', {
        notebook_id: (await newNotebook(app(), user)).id,
        target: 'phase',
        target_id: phaseId,
      });
    expect((await attach(c.outsider)).status).toBe(304);
    expect((await attach(c.viewer)).status).toBe(304);
    const byMember = ok(await attach(c.member), 'member attach');
    const byOwner = ok(await attach(c.institute), 'owner attach');

    const list = (user: { token: string }) =>
      get<NotebookDeliverable[]>(app(), user, 'notebook/deliverables', { target: 'phase', target_id: phaseId });
    for (const user of [c.institute, c.member, c.viewer, c.admin])
      expect((await list(user)).result.map((d) => d.id).sort()).toEqual([byMember.id, byOwner.id].sort());
    expect((await list(c.outsider)).status).toBe(304);
    expect((await get(app(), c.outsider, `notebook/deliverable/${byMember.id}`)).status).toBe(304);
    expect((await get(app(), c.viewer, `notebook/deliverable/${byMember.id}`)).status).toBe(200);
    // A member who no longer holds a role that opens research is refused, as the research calls refuse them.
    await t().ctx.db.deleteFrom('user_roles').where('user_id', '=', c.member.id).execute();
    expect((await list(c.member)).status).toBe(304);
    expect((await get(app(), c.member, `notebook/deliverable/${byMember.id}`)).status).toBe(304);
    expect((await get(app(), c.member, 'subject/phases', { id: project.id })).status).toBe(304);
  });
});
