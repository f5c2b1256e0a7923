import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The generator (scripts/new-module.mjs): its plan through dry runs here, and what it writes in a
 * copy of the tree, where the module must compile, lint and pass its own tests.
 */

const root = path.resolve(import.meta.dirname, '..');
const generator = path.join(root, 'scripts/new-module.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [generator, ...args], { cwd: root, encoding: 'utf8' });

interface Plan {
  names: Record<string, string>;
  migration: string;
  create: string[];
  edit: string[];
  steps: string[];
}

const nextMigration = () => {
  const numbers = fs
    .readdirSync(path.join(root, 'apps/server/src/db/migrations'))
    .map((file) => Number(file.slice(0, 4)))
    .filter((n) => !Number.isNaN(n));
  return String(Math.max(...numbers) + 1).padStart(4, '0');
};

describe('npm run new-module, dry runs', () => {
  it('plans every touch point of a module under its derived names, and a dry run writes nothing', () => {
    const result = run('field-notes', '--dry-run', '--json', '--section', 'subjectManage');
    expect(result.status, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout) as Plan;
    expect(plan.names).toMatchObject({
      camel: 'fieldNotes',
      pascal: 'FieldNotes',
      snake: 'field_notes',
      item: 'FieldNote',
      itemCamel: 'fieldNote',
      itemKebab: 'field-note',
    });
    expect(plan.migration).toBe(`${nextMigration()}-field-notes`);
    const server = 'apps/server/src/modules/field-notes';
    expect(plan.create).toEqual([
      'packages/contracts/src/field-notes.ts',
      'packages/contracts/src/endpoints/field-notes.ts',
      `apps/server/src/db/migrations/${plan.migration}.ts`,
      `${server}/field-notes.repository.ts`,
      `${server}/field-notes.policy.ts`,
      `${server}/field-notes.policy.test.ts`,
      `${server}/field-notes.service.ts`,
      `${server}/field-notes.presenter.ts`,
      `${server}/field-notes.routes.ts`,
      `${server}/field-notes.test.ts`,
      'apps/web/src/features/field-notes/api/field-notes.ts',
      'apps/web/src/features/field-notes/routes/field-note-list-page.tsx',
      'apps/web/src/features/field-notes/i18n/strings.ts',
      'apps/web/src/features/field-notes/i18n/zh-CN.ts',
      'apps/web/src/features/field-notes/i18n/zh-HK.ts',
      'apps/web/src/features/field-notes/i18n/en-US.ts',
    ]);
    expect(plan.edit).toEqual([
      'apps/server/src/db/database.ts',
      'apps/server/src/db/types.ts',
      'apps/server/src/app.ts',
      'apps/web/src/app/feature-messages.ts',
    ]);
    const steps = plan.steps.join('\n');
    expect(steps).toContain("import { fieldNotesStrings } from '../features/field-notes/i18n/strings.ts';");
    expect(steps).toContain(
      "'subjectManage/list': withStrings(() => import('../features/field-notes/routes/field-note-list-page.tsx'), fieldNotesStrings),",
    );
    for (const file of plan.create) expect(fs.existsSync(path.join(root, file)), file).toBe(false);
  });

  it('refuses a name that is taken or not kebab-case', () => {
    const taken = run('wishes', '--dry-run');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('"wishes" already exists');
    expect(run('FieldNotes', '--dry-run').status).toBe(1);
    expect(run('field-notes', '--dry-run', '--section', 'noSuchSection').status).toBe(1);
  });
});

/* The written module, in a copy: what `npm run typecheck`, `npm run lint` and the suites would say of it. */

/** What the copy needs: the three packages (without builds), what their tsconfigs include, root configs. */
const COPIED = ['packages', 'apps/server', 'apps/web', 'scripts', 'bench'];
const ROOT_FILES = ['package.json', 'tsconfig.base.json', 'eslint.config.js', '.prettierrc.json', 'vitest.config.ts'];
const SKIPPED = new Set(['node_modules', 'dist']);

/**
 * A copy of the tree in a temporary folder. Its node_modules links every installed package except
 * the workspace's own (`@mathbridge/*` point at the copy's packages, so imports of the new module
 * resolve there); nothing is installed and the repository is never written.
 */
function copyTree(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-new-module-'));
  for (const dir of COPIED)
    fs.cpSync(path.join(root, dir), path.join(copy, dir), {
      recursive: true,
      filter: (source) => !SKIPPED.has(path.basename(source)),
    });
  for (const file of ROOT_FILES) fs.copyFileSync(path.join(root, file), path.join(copy, file));
  const modules = path.join(copy, 'node_modules');
  fs.mkdirSync(path.join(modules, '@mathbridge'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    // Caches (.vite) stay the copy's own; the workspace links are remade below.
    if (entry === '@mathbridge' || (entry.startsWith('.') && entry !== '.bin')) continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, dir] of [
    ['contracts', 'packages/contracts'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ] as const)
    fs.symlinkSync(path.join(copy, dir), path.join(modules, '@mathbridge', name));
  return copy;
}

interface Outcome {
  label: string;
  status: number | null;
  output: string;
  seconds: number;
}

/** Runs a tool of the copy's node_modules/.bin there; outputs are kept for the failure message. */
function tool(copy: string, label: string, bin: string, args: string[]): Promise<Outcome> {
  const started = Date.now();
  // A clean environment for a nested vitest: the outer run's worker variables would confuse it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'FORCE_COLOR'),
  );
  return new Promise((resolve) => {
    const child = spawn(path.join(copy, 'node_modules/.bin', bin), args, { cwd: copy, env: { ...env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ label, status, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const passed = (outcome: Outcome) => [outcome.label, outcome.status === 0 ? 'ok' : outcome.output.slice(-6000)];

/**
 * tsc's errors split by where they are: in what the generator wrote or edited, or elsewhere in the
 * tree (present before it ran: a new module cannot cause them, since its declarations merge only
 * in the files it edits). Paths are relative to the copy, where tsc runs.
 */
function typeErrors(outcome: Outcome, touched: string[]): { mine: string[]; elsewhere: string[] } {
  const errors = outcome.output.split(/\n(?=\S)/).filter((block) => /^\S+\(\d+,\d+\): error TS/.test(block));
  const isMine = (block: string) => touched.some((file) => block.startsWith(`${file}(`));
  return { mine: errors.filter(isMine), elsewhere: errors.filter((block) => !isMine(block)) };
}

/**
 * The project's own compiler options over the files the generator wrote and edited (tsc follows
 * their imports: app.ts reaches every module, the page the web kit). NEW_MODULE_FULL_CHECK=1 checks
 * the whole projects instead, as `npm run typecheck` does (several minutes on two busy cores).
 */
function typecheckConfig(copy: string, project: string, files: string[], include: string[] = []): string {
  if (process.env.NEW_MODULE_FULL_CHECK === '1') return project;
  const config = path.join(project, 'tsconfig.new-module.json');
  const fromProject = (file: string) => path.relative(path.join(copy, project), path.join(copy, file));
  fs.writeFileSync(
    path.join(copy, config),
    JSON.stringify({ extends: './tsconfig.json', include, files: files.map(fromProject) }),
  );
  return config;
}

describe('npm run new-module, written into a copy of the tree', () => {
  let copy: string | undefined;
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('writes a module that compiles, lints, passes its own tests and the endpoint-table, catalog and OpenAPI checks; never overwrites', async () => {
    const started = Date.now();
    copy = copyTree();
    const names = ['field-notes', '--root', copy, '--en', 'Field notes', '--zh-CN', '田野笔记', '--zh-HK', '田野筆記'];
    const dry = run(...names, '--dry-run', '--json');
    expect(dry.status, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as Plan;
    const written = run(...names);
    expect(written.status, written.stderr).toBe(0);
    const touched = [...plan.create, ...plan.edit];
    for (const file of plan.create) expect(fs.existsSync(path.join(copy, file)), file).toBe(true);
    for (const file of plan.create) expect(fs.existsSync(path.join(root, file)), file).toBe(false);

    // Never overwrites: a second run refuses before writing anything.
    const before = touched.map((file) => fs.readFileSync(path.join(copy!, file), 'utf8'));
    const again = run(...names);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('"field-notes" already exists');
    expect(touched.map((file) => fs.readFileSync(path.join(copy!, file), 'utf8'))).toEqual(before);

    // Contracts files are compiled by both programs (the contracts project's options are the server's).
    const contracts = touched.filter((file) => file.startsWith('packages/contracts/'));
    const serverFiles = [...contracts, ...touched.filter((file) => file.startsWith('apps/server/'))];
    const webFiles = [...contracts, ...touched.filter((file) => file.startsWith('apps/web/'))];
    const [serverTypes, webTypes, ...checks] = await Promise.all([
      tool(copy, 'tsc apps/server', 'tsc', ['--noEmit', '-p', typecheckConfig(copy, 'apps/server', serverFiles)]),
      // i18next.d.ts types the string keys the page uses.
      tool(copy, 'tsc apps/web', 'tsc', [
        '--noEmit',
        '-p',
        typecheckConfig(copy, 'apps/web', webFiles, ['src/**/*.d.ts']),
      ]),
      tool(copy, 'eslint', 'eslint', ['--max-warnings', '0', ...touched]),
      tool(copy, 'prettier', 'prettier', ['--check', ...touched]),
    ]);
    const typechecks = [serverTypes!, webTypes!];
    if (process.env.NEW_MODULE_FULL_CHECK === '1')
      typechecks.push(await tool(copy, 'tsc packages/contracts', 'tsc', ['--noEmit', '-p', 'packages/contracts']));
    for (const outcome of typechecks) {
      const { mine, elsewhere } = typeErrors(outcome, touched);
      expect(mine, `${outcome.label}: errors in the generated or edited files`).toEqual([]);
      if (elsewhere.length > 0)
        console.warn(`${outcome.label}: the tree has errors of its own, not the module's:\n${elsewhere.join('\n')}`);
      // A failure that names no file (a bad option, a crash) is the check's own.
      if (elsewhere.length === 0) expect(outcome.status, outcome.output.slice(-6000)).toBe(0);
    }
    expect(Object.fromEntries(checks.map(passed))).toEqual(
      Object.fromEntries(checks.map((outcome) => [outcome.label, 'ok'])),
    );

    const tests = await tool(copy, 'vitest', 'vitest', [
      'run',
      '--project',
      'server-sqlite',
      '--project',
      'web',
      'apps/server/src/modules/field-notes/',
      'apps/server/src/test/openapi.test.ts',
      'apps/web/src/lib/endpoint-schemas.test.ts',
      'apps/web/src/i18n/catalogs.test.ts',
    ]);
    expect(tests.status, tests.output.slice(-8000)).toBe(0);
    for (const file of ['field-notes.test.ts', 'field-notes.policy.test.ts', 'openapi.test.ts'])
      expect(tests.output).toMatch(new RegExp(`✓ .*${file.replace(/\./g, '\\.')}`));

    const seconds = [...typechecks, ...checks, tests].map(
      (outcome) => `${outcome.label} ${outcome.seconds.toFixed(0)} s`,
    );
    console.info(`new-module in a copy: ${((Date.now() - started) / 1000).toFixed(0)} s (${seconds.join(', ')})`);
  }, 180_000);
});
