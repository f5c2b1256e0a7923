import { performance } from 'node:perf_hooks';
import type { Endpoint } from '@mathbridge/contracts/endpoint';
import { contentEndpoints } from '@mathbridge/contracts/endpoints/content';
import { demandEndpoints } from '@mathbridge/contracts/endpoints/demands';
import { jobEndpoints } from '@mathbridge/contracts/endpoints/jobs';
import { researchEndpoints } from '@mathbridge/contracts/endpoints/research';
import { schemaWriterOf } from '../apps/server/src/plugins/answer-serializer.ts';
import { portalCases, type PortalInfo } from './content.ts';
import { demandListCases, type DemandsInfo } from './demands.ts';
import { benchInfo, report, withApiAndFloor, type ListCase, type Served } from './lib.ts';
import { poolCases, type ResearchInfo } from './research.ts';

/**
 * Issue 26 §2: would the endpoint table's response schemas make answers faster to write, through
 * Fastify's schema serializer (fast-json-stringify), than the JSON.stringify the API uses now?
 * Real answers of the list calls the budgets cover (demands, news and jobs, subject and direction
 * pools), from the bench servers over small seeds; each envelope written by JSON.stringify and by
 * fast-json-stringify compiled from the output schema, in alternating slices, after checking both
 * write the same JSON. Prints µs per answer and the ratio (stringify / schema: > 1 means the schema
 * serializer is faster).
 */
const SLICES = Number(process.env.BENCH_ROUNDS ?? 6);
const SLICE_MS = 400;

const all: readonly Endpoint[] = [demandEndpoints, contentEndpoints, jobEndpoints, researchEndpoints].flatMap(
  (module) =>
    Object.values(module as Record<string, Endpoint | Record<string, Endpoint>>).flatMap((entry) =>
      'path' in entry ? [entry as Endpoint] : Object.values(entry),
    ),
);

function endpointOf(apiPath: string): Endpoint {
  const pathname = apiPath.replace(/^\/api\//, '').split('?')[0] ?? '';
  const found = all.find((endpoint) => endpoint.method === 'GET' && endpoint.path === pathname);
  if (!found) throw new Error(`no endpoint for ${pathname}`);
  return found;
}

/** The envelope of a 200 as the API writes it (apps/server/src/plugins/answer-serializer.ts). */
function envelopeSerializer(endpoint: Endpoint): (value: unknown) => string {
  const write = schemaWriterOf(endpoint);
  if (!write) throw new Error(`${endpoint.path} has no schema writer`);
  return write;
}

/** Runs `write` for `ms`, returns answers written per millisecond. */
function rate(write: () => string, ms: number): number {
  let count = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i += 1) write();
    count += 50;
  }
  return count / ms;
}

async function measure(app: Served, cases: ListCase[], rows: Record<string, string | number>[]): Promise<void> {
  for (const c of cases) {
    const answer = await fetch(`${app.url}${c.path}`, { headers: c.headers });
    const envelope = (await answer.json()) as { status: number; result: unknown };
    if (envelope.status !== 200) throw new Error(`${c.what}: status ${envelope.status}`);
    const endpoint = endpointOf(c.path);
    const schemaWrite = envelopeSerializer(endpoint);
    const plain = JSON.stringify(envelope);
    const bySchema = schemaWrite(envelope);
    const same = JSON.stringify(JSON.parse(bySchema)) === plain;
    let plainRate = 0;
    let schemaRate = 0;
    // Alternating slices, starting with either in turn, so neither always runs on a warmer process.
    for (let slice = 0; slice < SLICES; slice += 1) {
      if (slice % 2 === 0) {
        plainRate += rate(() => JSON.stringify(envelope), SLICE_MS);
        schemaRate += rate(() => schemaWrite(envelope), SLICE_MS);
      } else {
        schemaRate += rate(() => schemaWrite(envelope), SLICE_MS);
        plainRate += rate(() => JSON.stringify(envelope), SLICE_MS);
      }
    }
    rows.push({
      what: c.what,
      bytes: plain.length,
      'JSON.stringify µs': (1000 / (plainRate / SLICES)).toFixed(1),
      'schema µs': (1000 / (schemaRate / SLICES)).toFixed(1),
      'ratio (>1: schema faster)': (schemaRate / plainRate).toFixed(2),
      'same JSON': same ? 'yes' : 'NO',
    });
  }
}

export async function benchSerializer(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  // Page sizes do not depend on the table's size: small seeds keep this quick.
  process.env.DEMANDS ??= '3000';
  process.env.SOLUTIONS ??= '3000';
  process.env.ARTICLES ??= '3000';
  process.env.JOBS ??= '3000';
  process.env.PROJECTS ??= '3000';
  await withApiAndFloor('sqlite', 'bench/demands-server.ts', 'bench/demands-baseline.ts', (app, floor) =>
    measure(app, demandListCases(floor, benchInfo<DemandsInfo>(app)), rows),
  );
  await withApiAndFloor('sqlite', 'bench/content-server.ts', 'bench/content-baseline.ts', (app, floor) =>
    measure(app, portalCases(floor, benchInfo<PortalInfo>(app)), rows),
  );
  await withApiAndFloor('sqlite', 'bench/research-server.ts', 'bench/research-baseline.ts', (app, floor) =>
    measure(app, poolCases(floor, benchInfo<ResearchInfo>(app)), rows),
  );
  report('Answers written by JSON.stringify vs the endpoint schema (fast-json-stringify), same answer', rows);
}
