import fs from 'node:fs';
import path from 'node:path';
import { verbatimFieldsOf } from '@mathbridge/contracts/constants';
import { signPayload } from '@mathbridge/contracts/signature';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { articleForm } from '../apps/server/src/modules/content/content.fixtures.ts';
import { demandForm } from '../apps/server/src/modules/demands/demands.fixtures.ts';
import { jobForm } from '../apps/server/src/modules/jobs/jobs.fixtures.ts';
import { insertOrganisation, ORG_STATUS } from '../apps/server/src/modules/identity/org.repository.ts';
import { createOrResetAdmin } from '../apps/server/src/modules/user/admin.service.ts';
import { addRole, insertUser } from '../apps/server/src/modules/user/user.repository.ts';

/**
 * The real app serving the built web app (WEB_DIST), with just enough data for the web report:
 * an administrator and a certified enterprise whose published demand has formulas in its problem
 * and expected outcome, a published job, two news articles (one plain, one with formulas) and a
 * micro-site page, and an accepted notebook in the achievement area. Everything goes through the API (save, submit, publish, the admin's review) so it
 * is data as the product makes it. Tokens and ids go to DATA_DIR/bench.json.
 */
const PASSWORD = 'bench-password';
const ENTERPRISE_PHONE = '13800000001';

const config = loadConfig();
const { app, ctx } = await buildApp(config);
const admin = await createOrResetAdmin(ctx.db, config.adminPhone, PASSWORD);

const now = new Date().toISOString();
// Written with the server's own repository calls; the columns left out are null (or their default).
await ctx.db.transaction().execute(async (trx) => {
  const user = await insertUser(trx, {
    phone: ENTERPRISE_PHONE,
    password_hash: await hashPassword(PASSWORD),
    account: 'bench-enterprise',
    verify_state: 1,
    created_at: now,
    updated_at: now,
  });
  await addRole(trx, user.id, 'Enterprise', now);
  await insertOrganisation(trx, {
    type: 'Enterprise',
    name: '杭州数桥制造有限公司',
    credit_code: '91330106BENCHWEB01',
    owner_id: user.id,
    status: ORG_STATUS.certified,
    address: '西湖区文三路 100 号',
    province_code: '3300',
    city_code: '3301',
    business_scope: '软件开发；数据处理',
    industry: 'C',
    application_description: '需要排产优化算法',
    contact: '王经理',
    contact_phone: '13900001111',
    created_at: now,
    updated_at: now,
    verified_at: now,
  });
});

async function api<T>(token: string | null, url: string, payload: Record<string, unknown>): Promise<T> {
  const reply = await app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: token ? { 'x-mathbridge-token': token } : {},
    // Notebook documents are signed verbatim (contracts verbatimFieldsOf), as the web client sends them.
    payload: { ...payload, sign: signPayload(payload, verbatimFieldsOf(url)), ignore_sign: 0 },
  });
  const body = JSON.parse(reply.body) as { status: number; result: T };
  if (body.status !== 200) throw new Error(`bench ${url}: ${reply.body}`);
  return body.result;
}
const login = async (phone: string) =>
  (await api<{ token: { access_token: string } }>(null, 'user/login', { phone_details: phone, password: PASSWORD }))
    .token.access_token;

const adminToken = await login(admin.phone);
const enterpriseToken = await login(ENTERPRISE_PHONE);
/** A problem statement with display and inline formulas and a table (a demand's, and an article's body). */
const PROBLEM = [
  '## 问题',
  '约 200 台设备、3,000 道工序的多目标排产：最小化总加权延误与换线成本',
  '',
  '$$\\min_{x \\in \\{0,1\\}^{n \\times m}} \\sum_{i=1}^{n} w_i \\max(0, C_i - d_i) + \\lambda \\sum_{k} s_k$$',
  '',
  '约束：$\\sum_{j} x_{ij} = 1$，机器容量 $\\sum_i p_{ij} x_{ij} \\le T_j$，工序先后 $S_a + p_a \\le S_b$。',
  '',
  '| 指标 | 现状 | 目标 |',
  '|---|---|---|',
  '| 准时率 | 82% | ≥ 95% |',
  '| 换线次数 | 40/周 | ≤ 25/周 |',
].join('\n');

// The tests' demand form (a deadline 60 days away), with formulas in the problem and the outcome.
const saved = await api<{ demand: { id: number } }>(
  enterpriseToken,
  'demand/save',
  demandForm({
    title: '多目标排产优化',
    problem: PROBLEM,
    expected_outcome: '可部署的调度算法与报告：对 $n \\le 3000$ 在 $60\\,\\mathrm{s}$ 内给出 $\\varepsilon$-最优解。',
  }),
);
const demandId = saved.demand.id;
await api(enterpriseToken, 'demand/submit', { id: demandId });
await api(adminToken, 'demand/review', { id: demandId, approve: 1 });

const job = await api<{ job: { id: number } }>(enterpriseToken, 'job/save', jobForm());
await api(enterpriseToken, 'job/publish', { id: job.job.id });

const categoryReply = await app.inject({
  method: 'GET',
  url: '/api/index/categories',
  query: { sign: signPayload({}), ignore_sign: '0' },
});
const categories = (JSON.parse(categoryReply.body) as { result: { id: number; slug: string }[] }).result;
const newsCategory = categories.find((c) => c.slug === 'news')?.id;
const publishArticle = async (form: Record<string, unknown>) => {
  const article = await api<{ id: number }>(adminToken, 'content/article/save', articleForm(newsCategory ?? 0, form));
  await api(adminToken, 'content/article/publish', { id: article.id });
  return article.id;
};
const plainArticleId = await publishArticle({
  title: '数桥平台上线',
  body: '## 简介\n数桥连接企业与数学家：发布需求、评审方案、组建课题，一站完成。\n\n- 企业\n- 研究院\n- 专家与学生',
});
const mathArticleId = await publishArticle({ title: '排产优化中的数学', body: PROBLEM });
await api(adminToken, 'content/site/save', {
  slug: 'home',
  title: '数桥研究院',
  body: '## 关于我们\n数桥研究院致力于工业数学：优化、统计与科学计算。',
});

/**
 * The achievement area (issue 12): a category and a notebook with a formula, code and its output,
 * published, contributed and accepted by the admin. Without the notebook calls (a branch without the
 * server side) the list is measured empty and the detail page is left out.
 */
async function seedAchievement(): Promise<number | null> {
  try {
    const category = await api<{ id: number }>(adminToken, 'category/save', {
      name_zh_cn: '优化',
      name_zh_hk: '優化',
      name_en: 'Optimisation',
      sort: 0,
    });
    const notebook = await api<{ id: number }>(enterpriseToken, 'notebook/save', {
      title: '最小二乘拟合',
      description: '用 numpy 求解超定线性方程组的最小二乘解，并画出拟合直线。',
      category_id: category.id,
      content: {
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
        cells: [
          {
            cell_type: 'markdown',
            id: 'intro',
            metadata: {},
            source: '## 最小二乘\n求 $\\min_x \\|Ax - b\\|_2^2$，其解满足 $A^\\top A x = A^\\top b$。',
          },
          {
            cell_type: 'code',
            id: 'fit',
            metadata: {},
            execution_count: 1,
            source:
              'import numpy as np\nA = np.vstack([np.arange(5), np.ones(5)]).T\nb = np.array([1, 3, 5, 7, 9])\nprint(np.linalg.lstsq(A, b, rcond=None)[0])',
            outputs: [{ output_type: 'stream', name: 'stdout', text: '[2. 1.]\n' }],
          },
        ],
      },
    });
    await api(enterpriseToken, 'notebook/publish', { id: notebook.id });
    await api(enterpriseToken, 'notebook/contribute', { id: notebook.id });
    await api(adminToken, 'notebook/review', { id: notebook.id, decision: 'accept' });
    return notebook.id;
  } catch (error) {
    process.stderr.write(`bench: no notebook seeded (${error instanceof Error ? error.message : String(error)})\n`);
    return null;
  }
}
const notebookId = await seedAchievement();

fs.writeFileSync(
  path.join(process.env.DATA_DIR ?? '.', 'bench.json'),
  JSON.stringify({
    adminToken,
    enterpriseToken,
    demandId,
    jobId: job.job.id,
    plainArticleId,
    mathArticleId,
    notebookId,
  }),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('READY\n');
