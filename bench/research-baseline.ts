import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The floor of DESIGN §8 for the research pools: a bare node:http server whose handler runs only
 * the pool's page query (the same predicates as research.repository.ts poolPage, page size + 1
 * rows) with the raw driver (better-sqlite3 or pg) and serializes the rows, without auth,
 * signature, envelope or the viewer's research-fields lookup.
 * GET /pool?kind&viewer&today[&fields=90,65][&keyword][&at&id].
 */
type Query = (text: string, params: (string | number)[]) => Promise<unknown[]>;
let query: Query;
const postgres = Boolean(process.env.BENCH_PG_URL);
if (postgres) {
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_PG_URL,
    max: 10,
    options: `-c search_path=${process.env.BENCH_PG_SCHEMA ?? 'public'}`,
  });
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = new SQLite(process.env.BENCH_SQLITE_FILE ?? '', { readonly: true });
  const statements = new Map<string, SQLite.Statement>();
  // better-sqlite3 binds anonymous '?' in order: $n (possibly repeated) become '?' and the
  // parameters are laid out in the order they appear.
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

function poolQuery(url: URL): [string, (string | number)[]] {
  const params: (string | number)[] = [];
  const p = (value: string | number) => {
    params.push(value);
    return `$${params.length}`;
  };
  const viewer = p(Number(url.searchParams.get('viewer')));
  const where = [
    `p.kind = ${p(url.searchParams.get('kind') ?? 'subject')}`,
    `p.status = 'published'`,
    `p.owner_user_id <> ${viewer}`,
    'p.member_count < p.headcount',
    `(p.apply_deadline is null or p.apply_deadline >= ${p(url.searchParams.get('today') ?? '')})`,
    `(p.publish_range = 'public' or exists (select d.user_id from research_designees d where d.project_id = p.id and d.user_id = ${viewer}))`,
  ];
  const fields = url.searchParams.get('fields');
  if (fields)
    where.push(
      `exists (select c.project_id from research_project_fields c where c.project_id = p.id and c.code in (${fields
        .split(',')
        .map(p)
        .join(', ')}))`,
    );
  const keyword = url.searchParams.get('keyword');
  if (keyword) {
    const like = likeContains(keyword.toLowerCase());
    where.push(`(lower(p.title) like ${p(like)} escape '\\' or lower(p.summary) like ${p(like)} escape '\\')`);
  }
  const at = url.searchParams.get('at');
  if (at) {
    const id = Number(url.searchParams.get('id'));
    where.push(`(p.published_at, p.id) < (${p(at)}, ${p(id)})`);
  }
  return [
    `select p.* from research_projects p where ${where.join(' and ')} order by p.published_at desc, p.id desc limit 21`,
    params,
  ];
}

const server = http.createServer((req, res) => {
  const [text, params] = poolQuery(new URL(req.url ?? '/', 'http://x'));
  query(text, params).then(
    (rows) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
