// The dependency map lint fences (eslint.config.js): edges between server modules, 2-cycles, cross-module
// imports that are not of a *.service.ts, web cross-feature imports, and lines over 120 characters.
// `node scripts/module-graph.mjs [root]`; a reading, not a check (lint is the check).
import fs from 'node:fs';
import path from 'node:path';
const root = process.argv[2] || '.';
function walk(d, out = []) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const imp = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const isTest = (f) => /\.(test|fixtures)\.tsx?$/.test(f);
function graph(base, unitOf, keep = () => true) {
  const edges = new Map();
  const files = walk(path.join(root, base)).filter((f) => /\.(ts|tsx)$/.test(f) && keep(f));
  for (const f of files) {
    const u = unitOf(path.relative(path.join(root, base), f));
    if (!u) continue;
    const src = fs.readFileSync(f, 'utf8');
    let m;
    imp.lastIndex = 0;
    while ((m = imp.exec(src))) {
      const s = m[1] || m[2];
      if (!s.startsWith('.')) continue;
      const t = path.relative(path.join(root, base), path.resolve(path.dirname(f), s));
      const v = unitOf(t);
      if (v && v !== u && v !== '..' && u !== '..') {
        const k = u + ' -> ' + v;
        edges.set(k, (edges.get(k) || []).concat(path.relative(root, f) + ' : ' + s));
      }
    }
  }
  return edges;
}
const moduleOf = (r) => r.split(path.sep)[0].replace(/\.ts$/, '');
const srv = graph('apps/server/src/modules', moduleOf, (f) => !isTest(f));
const srvTests = graph('apps/server/src/modules', moduleOf, isTest);
/** Every cycle through production imports (Tarjan's strongly connected components of size > 1). */
function cyclesOf(edges) {
  const next = new Map();
  for (const k of edges.keys()) {
    const [a, b] = k.split(' -> ');
    next.set(a, [...(next.get(a) || []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  const index = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = [];
  let i = 0;
  const visit = (v) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort().join(' <-> '));
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}
const cycles = cyclesOf(srv);
console.log('server module edges:', [...srv.keys()].join(', '));
console.log('server module cycles (production code):', cycles.length, cycles.join('; '));
console.log('server edges only tests make:', [...srvTests.keys()].filter((k) => !srv.has(k)).join(', ') || 'none');
const nonService = [...srv.values()].flatMap((v) =>
  v.filter((x) => !/\.service(\.ts)?$/.test(x.split(' : ')[1]) && !/\.test\.ts/.test(x.split(' : ')[0])),
);
console.log('server cross-module imports not of *.service:', nonService.length);
nonService.forEach((x) => console.log('   ', x));
const web = graph('apps/web/src/features', (r) => r.split(path.sep)[0]);
let n = 0;
for (const v of web.values()) n += v.length;
console.log('web cross-feature imports:', n, 'edges', [...web.keys()].join(', '));
// long lines
let long = 0;
for (const f of walk(root).filter((f) => /\.(ts|tsx|css|js|mjs)$/.test(f) && !f.includes('node_modules')))
  for (const l of fs.readFileSync(f, 'utf8').split('\n')) if (l.length > 120) long++;
console.log('lines over 120 chars:', long);
