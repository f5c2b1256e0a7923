import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The floor of DESIGN §8 for the portal's lists: a bare node:http server whose handler runs only
 * the page query with the raw driver (better-sqlite3 or pg) and serializes the rows, without
 * total, auth, signature, envelope or presenter.
 * GET /news?[category_id][&keyword][&offset]: the visible articles of index/getNewsList (summary
 *   columns and views, 20 rows, content.repository.ts visiblePages).
 * GET /jobs?today[&at&id]: the published jobs of job/publishedList (21 rows, keyset).
 */
type Query = (text: string, params: (string | number)[]) => Promise<unknown[]>;
let query: Query;
if (process.env.BENCH_PG_URL) {
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_PG_URL,
    max: 10,
    options: `-c search_path=${process.env.BENCH_PG_SCHEMA ?? 'public'}`,
  });
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = new SQLite(process.env.BENCH_SQLITE_FILE ?? '', { readonly: true });
  const statements = new Map<string, SQLite.Statement>();
  query = async (text, params) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text.replace(/\$\d+/g, '?'));
      statements.set(text, statement);
    }
    const order = [...text.matchAll(/\$(\d+)/g)].map((m) => params[Number(m[1]) - 1]);
    return statement.all(...order);
  };
}

const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function newsQuery(url: URL): [string, (string | number)[]] {
  const params: (string | number)[] = [];
  const p = (value: string | number) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`a.status = 'published'`, `a.publish_at <= ${p(new Date().toISOString())}`];
  const category = url.searchParams.get('category_id');
  if (category) where.push(`a.category_id = ${p(Number(category))}`);
  const keyword = url.searchParams.get('keyword');
  if (keyword) {
    const like = likeContains(keyword);
    where.push(`(a.title like ${p(like)} escape '\\' or a.summary like ${p(like)} escape '\\')`);
  }
  const offset = p(Number(url.searchParams.get('offset') ?? 0));
  return [
    `select a.id, a.category_id, a.title, a.summary, a.author, a.cover_file_id, a.recommended, a.status,
            a.publish_at, a.updated_at, v.views
       from content_articles a left join content_article_views v on v.article_id = a.id
      where ${where.join(' and ')} order by a.publish_at desc, a.id desc limit 20 offset ${offset}`,
    params,
  ];
}

function jobsQuery(url: URL): [string, (string | number)[]] {
  const params: (string | number)[] = [];
  const p = (value: string | number) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`status = 'published'`, `deadline >= ${p(url.searchParams.get('today') ?? '')}`];
  const at = url.searchParams.get('at');
  if (at) {
    const id = Number(url.searchParams.get('id'));
    where.push(`(published_at < ${p(at)} or (published_at = ${p(at)} and id < ${p(id)}))`);
  }
  return [`select * from jobs where ${where.join(' and ')} order by published_at desc, id desc limit 21`, params];
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const [text, params] = url.pathname === '/jobs' ? jobsQuery(url) : newsQuery(url);
  query(text, params).then(
    (rows) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
