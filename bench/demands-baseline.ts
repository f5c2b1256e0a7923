import http from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { DEMAND_SUMMARY_COLUMNS } from '../apps/server/src/modules/demands/demands.presenter.ts';

/**
 * The floor of DESIGN §8 for the demand lists: a bare node:http server whose handler runs
 * only the page query with the raw driver (better-sqlite3 or pg) and serializes the same 20 rows,
 * without a total, auth, signature or envelope. GET /published?industry=C, GET /own?org=1.
 * It reads the same summary columns as the API's list rows (DEMAND_SUMMARY_COLUMNS), so both sides
 * move the same bytes and the ratio measures only what the API adds.
 */
const COLUMNS = DEMAND_SUMMARY_COLUMNS.join(', ');
const PUBLISHED = `select ${COLUMNS} from demands where status = 'published' and industry = $1 order by published_at desc, id desc limit 20`;
const OWN = `select ${COLUMNS} from demands where org_id = $1 order by updated_at desc, id desc limit 20`;

type Query = (text: string, param: string | number) => Promise<unknown[]>;
let query: Query;
if (process.env.BENCH_PG_URL) {
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_PG_URL,
    max: 10,
    options: `-c search_path=${process.env.BENCH_PG_SCHEMA ?? 'public'}`,
  });
  query = async (text, param) => (await pool.query(text, [param])).rows;
} else {
  const db = new SQLite(process.env.BENCH_SQLITE_FILE ?? '', { readonly: true });
  const statements = new Map<string, SQLite.Statement>();
  query = async (text, param) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text.replace('$1', '?'));
      statements.set(text, statement);
    }
    return statement.all(param);
  };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const run =
    url.pathname === '/own'
      ? query(OWN, Number(url.searchParams.get('org') ?? 1))
      : query(PUBLISHED, url.searchParams.get('industry') ?? 'C');
  run.then(
    (rows) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
