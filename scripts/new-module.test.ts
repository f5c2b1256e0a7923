import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The generator itself (scripts/new-module.mjs), through dry runs: it never writes here. */

const root = path.resolve(import.meta.dirname, '..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/new-module.mjs'), ...args], { cwd: root, encoding: 'utf8' });

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

describe('npm run new-module', () => {
  it('plans every touch point of a module under its derived names, and a dry run writes nothing', () => {
    const result = run('field-notes', '--dry-run', '--json', '--section', 'subjectManage');
    expect(result.status, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout) as Plan;
    expect(plan.names).toMatchObject({
      camel: 'fieldNotes',
      pascal: 'FieldNotes',
      snake: 'field_notes',
      item: 'FieldNote',
      itemKebab: 'field-note',
    });
    expect(plan.migration).toBe(`${nextMigration()}-field-notes`);
    expect(plan.create).toEqual([
      'packages/contracts/src/field-notes.ts',
      `apps/server/src/db/migrations/${plan.migration}.ts`,
      'apps/server/src/modules/field-notes/field-notes.repository.ts',
      'apps/server/src/modules/field-notes/field-notes.service.ts',
      'apps/server/src/modules/field-notes/field-notes.presenter.ts',
      'apps/server/src/modules/field-notes/field-notes.routes.ts',
      'apps/server/src/modules/field-notes/field-notes.test.ts',
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
    expect(plan.steps.join('\n')).toContain(
      "'subjectManage/list': () => import('../features/field-notes/routes/field-note-list-page.tsx'),",
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
