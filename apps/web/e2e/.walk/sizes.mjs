import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
const dir = '/work/wt/nbweb/apps/web/dist/assets';
const html = fs.readFileSync('/work/wt/nbweb/apps/web/dist/index.html', 'utf8');
const shell = new Set([...html.matchAll(/assets\/([^"']+\.js)/g)].map((m) => m[1]));
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
const src = (f) => fs.readFileSync(path.join(dir, f), 'utf8');
const statics = (f) => [...src(f).matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
const dyn = (f) => [...src(f).matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
function closure(f, seen = new Set()) { if (seen.has(f)) return seen; seen.add(f); for (const d of statics(f)) closure(d, seen); return seen; }
const shellAll = new Set(); for (const s of shell) closure(s, shellAll);
for (const name of process.argv.slice(2)) {
  const entry = files.find((f) => f.startsWith(name + '-'));
  if (!entry) { console.log('no', name); continue; }
  const own = [...closure(entry)].filter((f) => !shellAll.has(f));
  const rows = own.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
  console.log(`\n${name}: beyond shell ${(rows.reduce((s, r) => s + r[1], 0) / 1000).toFixed(1)} kB gz; largest ${rows[0] && rows[0][0]} ${(rows[0][1] / 1000).toFixed(1)}`);
  for (const [f, g] of rows.slice(0, 8)) console.log(`  ${f} ${(g / 1000).toFixed(1)}`);
  const lazies = new Set(); for (const f of own) for (const d of dyn(f)) if (!shellAll.has(d)) lazies.add(d);
  console.log('  lazy:', [...lazies].map((f) => `${f} ${(gz(f) / 1000).toFixed(1)}`).join(', '));
}
console.log('\nshell gz', ([...shellAll].reduce((s, f) => s + gz(f), 0) / 1000).toFixed(1));
