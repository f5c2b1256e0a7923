import type { FastifyInstance } from 'fastify';
import type { NotebookCategory, NotebookDetail, NotebookDocument } from '@mathbridge/contracts/notebooks';
import { ok, post } from '../demands/demands.fixtures.ts';
import { png, upload } from '../files/files.fixtures.ts';

/** Test data and flows of the notebook tests and e2e (not a test file itself). */

/** A small nbformat 4.5 document: a markdown cell and a code cell with a stream and a PNG output. */
export function sampleNotebook(overrides: Partial<NotebookDocument> = {}): NotebookDocument {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' },
      language_info: { name: 'python' },
    },
    cells: [
      { cell_type: 'markdown', id: 'intro', source: ['# 最小二乘\n', '$\\min_x \\|Ax-b\\|^2$'], metadata: {} },
      {
        cell_type: 'code',
        id: 'fit',
        source: 'import numpy as np\nprint(np.arange(3))',
        metadata: {},
        execution_count: 1,
        outputs: [
          { output_type: 'stream', name: 'stdout', text: ['[0 1 2]\n'] },
          {
            output_type: 'display_data',
            data: { 'image/png': 'iVBORw0KGgo=', 'text/plain': '<Figure>' },
            metadata: {},
          },
        ],
      },
    ],
    ...overrides,
  };
}

export function notebookForm(overrides: Record<string, unknown> = {}) {
  return { title: '最小二乘拟合', description: '用 numpy 拟合直线', content: sampleNotebook(), ...overrides };
}

/** A draft of `owner` (`notebook/save`). */
export async function newNotebook(
  app: FastifyInstance,
  owner: { token: string },
  overrides: Record<string, unknown> = {},
): Promise<NotebookDetail> {
  return ok(await post<NotebookDetail>(app, owner, 'notebook/save', notebookForm(overrides)), 'notebook/save');
}

/** A notebook of `owner` moved as far as `to`: published, pending (contributed) or accepted (by `admin`). */
export async function notebookIn(
  app: FastifyInstance,
  owner: { token: string },
  to: 'draft' | 'published' | 'pending' | 'accepted' | 'rejected',
  admin?: { token: string },
  overrides: Record<string, unknown> = {},
): Promise<NotebookDetail> {
  let notebook = await newNotebook(app, owner, overrides);
  if (to === 'draft') return notebook;
  notebook = ok(await post<NotebookDetail>(app, owner, 'notebook/publish', { id: notebook.id }), 'publish');
  if (to === 'published') return notebook;
  notebook = ok(await post<NotebookDetail>(app, owner, 'notebook/contribute', { id: notebook.id }), 'contribute');
  if (to === 'pending') return notebook;
  if (!admin) throw new Error('notebookIn: an admin reviews');
  const review = to === 'accepted' ? { decision: 'accept' } : { decision: 'reject', reason: '缺少说明' };
  ok(await post(app, admin, 'notebook/review', { id: notebook.id, ...review }), 'review');
  return notebook;
}

/** A category saved by the admin. */
export async function newCategory(
  app: FastifyInstance,
  admin: { token: string },
  overrides: Record<string, unknown> = {},
): Promise<NotebookCategory> {
  return ok(
    await post<NotebookCategory>(app, admin, 'category/save', {
      name_zh_cn: '优化',
      name_zh_hk: '優化',
      name_en: 'Optimisation',
      sort: 10,
      ...overrides,
    }),
    'category/save',
  );
}

/** A multipart upload to a notebook call (`notebook/import`, `notebook/upload_cover`, …). */
export const uploadTo = (
  app: FastifyInstance,
  token: string | undefined,
  path: string,
  filename: string,
  content: Buffer,
  query: Record<string, string | number> = {},
) => upload(app, token, filename, content, query, { path });

/** A cover uploaded by `user`. */
export async function uploadCover(app: FastifyInstance, user: { token: string }, path = 'notebook/upload_cover') {
  const reply = await uploadTo(app, user.token, path, 'cover.png', png(2000));
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.message}`);
  return reply.result as unknown as { file_id: number; url: string };
}
