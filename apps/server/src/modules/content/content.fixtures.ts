import type { FastifyInstance } from 'fastify';
import type { Article, ContentImage } from '@mathbridge/contracts/content';
import { ok, post } from '../demands/demands.fixtures.ts';
import { png, upload } from '../files/files.fixtures.ts';

/** Test data and flows of the content tests (not a test file itself). */

export function articleForm(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    category_id: categoryId,
    title: '数桥平台上线',
    summary: '连接企业与数学家',
    author: '编辑部',
    body: '## 简介\n欧拉公式 $e^{i\\pi}+1=0$',
    recommended: 0,
    ...overrides,
  };
}

/** A content image uploaded by the admin (`content/upload_cover`). */
export async function uploadImage(app: FastifyInstance, admin: { token: string }, name = 'cover.png') {
  const reply = await upload(app, admin.token, name, png(2000), {}, { path: 'content/upload_cover' });
  if (reply.status !== 200) throw new Error(`upload_cover: ${reply.status} ${reply.message}`);
  return reply.result as unknown as ContentImage;
}

/** An article saved by the admin; published now unless `publish` is false. */
export async function newArticle(
  app: FastifyInstance,
  admin: { token: string },
  categoryId: number,
  options: { publish?: boolean; form?: Record<string, unknown> } = {},
): Promise<Article> {
  const saved = ok(
    await post<Article>(app, admin, 'content/article/save', articleForm(categoryId, options.form)),
    'save',
  );
  if (options.publish === false) return saved;
  return ok(await post<Article>(app, admin, 'content/article/publish', { id: saved.id }), 'publish');
}
