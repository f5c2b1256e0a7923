import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);
const dirsIn = (...parts) =>
  fs
    .readdirSync(at(...parts), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The boundaries of STYLE.md, fenced (import-x/no-restricted-paths resolves every import,
 * `import type` included). The lists are read from the folders, so a new module or feature is
 * fenced the day it is created:
 * - web: a feature imports no other feature; shared folders (components, lib, i18n) import
 *   neither features nor app/;
 * - server: a module imports another module only through its `*.service.ts` (tests may also use
 *   another module's `*.fixtures.ts`); shared folders (lib, db, plugins) import no module.
 */
const webFeatures = dirsIn('apps/web/src/features');
const serverModules = dirsIn('apps/server/src/modules');
const modulesGlob = at('apps/server/src/modules/*/**');

const webZones = [
  ...webFeatures.map((feature) => ({
    target: at('apps/web/src/features', feature),
    from: at('apps/web/src/features'),
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to src/components or src/lib.',
  })),
  {
    target: at('apps/web/src/features'),
    from: at('apps/web/src/app'),
    message:
      'A feature does not import app/ (the shell imports features, not the reverse): move what both need to src/lib.',
  },
  {
    target: ['components', 'lib', 'i18n'].map((dir) => at('apps/web/src', dir)),
    from: [at('apps/web/src/app'), at('apps/web/src/features')],
    message: 'Shared web code imports neither app/ nor a feature.',
  },
];

const serverZones = (allowed) =>
  serverModules.map((module) => ({
    target: at('apps/server/src/modules', module),
    from: modulesGlob,
    except: [
      at('apps/server/src/modules', module, '**'),
      ...allowed.map((name) => at('apps/server/src/modules/*', name)),
    ],
    message: `A module calls another module only through its service (${allowed.join(', ')}).`,
  }));
const serverSharedZone = (from) => ({
  target: ['lib', 'db', 'plugins'].map((dir) => at('apps/server/src', dir)),
  from,
  message: 'Shared server code (lib, db, plugins) imports no module (and, outside tests, not app.ts).',
});
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.fixtures.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles between files (issue 26 §7): a cycle hides an order of evaluation and blocks splitting.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Segmented'],
              message: 'Use components/segmented.tsx: it names the control in the reader’s language.',
              allowTypeImports: true,
            },
            // antd 6 deprecates List; its successor Listy is a virtual scroller without rows or list semantics.
            { name: 'antd', importNames: ['List'], message: 'Use components/item-list.tsx (antd 6 deprecates List).' },
            { name: 'antd/es/list', message: 'Use components/item-list.tsx (antd 6 deprecates List).' },
          ],
        },
      ],
      // A feature's strings load one way (issue 26 §7): withStrings beside the lazy import of the code
      // that shows them (i18n/i18n.ts). Importing a strings.ts for its effect, or fetching it, loads nothing.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[specifiers.length=0][source.value=/\\/i18n\\/strings(\\.ts)?$/]',
          message: 'Load a feature’s strings with withStrings (i18n/i18n.ts) where its code is lazily imported.',
        },
        {
          selector: 'ImportExpression[source.value=/\\/i18n\\/strings(\\.ts)?$/]',
          message: 'Load a feature’s strings with withStrings (i18n/i18n.ts) where its code is lazily imported.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/segmented.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: serverTests,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverZones(['*.service.ts']),
            serverSharedZone([at('apps/server/src/modules'), at('apps/server/src/app.ts')]),
          ],
        },
      ],
    },
  },
  {
    files: serverTests,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        // Tests may boot the whole app (app.ts) to exercise shared code, e.g. two instances over one database.
        {
          zones: [...serverZones(['*.service.ts', '*.fixtures.ts']), serverSharedZone([at('apps/server/src/modules')])],
        },
      ],
    },
  },
);
