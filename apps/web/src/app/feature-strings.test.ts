import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { StringBundle } from '../i18n/i18n.ts';

/**
 * A feature's strings are loaded one way (issue 26 §7): the lazy import that brings in its code,
 * wrapped in withStrings (i18n/i18n.ts) with the bundles the code shows. This test reads the sources
 * and follows every import from each such entry (and from main.tsx, the first load), so a page or a
 * header component that starts showing a feature's strings fails here until its entry loads them.
 * A module shows feature F's strings when it lies in features/F and uses i18n, or when it names a
 * string of F's bundle (a literal key, or the head of a template key).
 */

const SRC = path.resolve(import.meta.dirname, '..');
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

const bundleModules = import.meta.glob<Record<string, unknown>>('../features/*/i18n/strings.ts', { eager: true });

const isBundle = (value: unknown): value is StringBundle =>
  typeof value === 'object' && value !== null && 'name' in value && 'load' in value;

interface BundleInfo {
  feature: string;
  /** Its zh-CN strings, as they sit in the namespace. */
  strings: object;
}

/**
 * Whether a literal names a string of a catalog: a whole key (`'files.toolbar.upload'`, plural forms
 * `_one`/`_other` included) or the head of a template that completes one (`\`files.kinds.${kind}\``).
 * Words shaped like keys but naming no string (the audit action `'files.upload'`) are not keys.
 */
function namesString(strings: object, literal: string, head: boolean): boolean {
  if (!/^\w+\./.test(literal)) return false;
  const path = literal.split('.');
  const last = head ? path.pop() : undefined;
  let at: unknown = strings;
  for (const [i, part] of path.entries()) {
    if (typeof at !== 'object' || at === null) return false;
    const node = at as Record<string, unknown>;
    if (i === path.length - 1 && !head)
      return typeof node[part] === 'string' || Object.keys(node).some((key) => key.startsWith(`${part}_`));
    at = node[part];
  }
  // A head ends inside a key (`kinds.` + kind, or `kinds.a` + rest): the object it completes must exist.
  return (
    typeof at === 'object' && at !== null && (last === '' || Object.keys(at).some((key) => key.startsWith(last ?? '')))
  );
}

/** Each bundle, by the file and name it is exported under (`features/files/i18n/strings.ts#filesStrings`). */
async function readBundles(): Promise<Map<string, BundleInfo>> {
  const found = new Map<string, BundleInfo>();
  for (const [file, exports] of Object.entries(bundleModules)) {
    const feature = /features\/([^/]+)\/i18n\//.exec(file)?.[1] ?? '';
    for (const [name, value] of Object.entries(exports)) {
      if (!isBundle(value)) continue;
      const strings = await value.load['zh-CN']();
      found.set(`features/${feature}/i18n/strings.ts#${name}`, { feature, strings });
    }
  }
  return found;
}

interface Entry {
  /** Where the lazy import is written. */
  at: string;
  /** The module it loads. */
  target: string;
  /** Features whose bundles it loads beside the module. */
  loads: Set<string>;
}

interface ModuleInfo {
  file: string;
  /** Imports evaluated with this module or loaded by it without their own bundles. */
  deps: string[];
  /** Lazy imports wrapped in withStrings: entries of their own. */
  entries: Entry[];
  /** String literals and template heads (candidate translation keys), with the bundles of the route spec they sit in. */
  literals: { text: string; head: boolean; beside: Set<string> | null }[];
  usesI18n: boolean;
  problems: Set<string>;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

const USES_I18N = /\b(useTranslation|TFunction|i18n|i18next)\b|<Trans\b/;

function parseModule(file: string, bundleFiles: Map<string, BundleInfo>): ModuleInfo {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  // Only the app's own code is followed (styles and packages show no feature strings).
  const resolve = (specifier: string) =>
    specifier.startsWith('.') && /\.tsx?$/.test(specifier) ? path.resolve(path.dirname(file), specifier) : null;
  const info: ModuleInfo = {
    file,
    deps: [],
    entries: [],
    literals: [],
    usesI18n: USES_I18N.test(text),
    problems: new Set(),
  };
  /** Local names of imported bundles → their feature. */
  const bundleNames = new Map<string, string>();
  const wrapped = new Set<ts.Node>();

  const isWithStrings = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'withStrings';
  const bundlesOf = (call: ts.CallExpression): string[] =>
    call.arguments.slice(1).flatMap((bundle) => {
      const feature = ts.isIdentifier(bundle) ? bundleNames.get(bundle.text) : undefined;
      if (!feature)
        info.problems.add(`${rel(file)}: pass withStrings bundles imported from features/<name>/i18n/strings.ts`);
      return feature ? [feature] : [];
    });
  /**
   * The bundles of the withStrings calls in an object's own properties (a route's spec: `load`,
   * `lazy`), not in objects nested in it (a table of routes), or null when it has none.
   */
  const loadedBy = (object: ts.ObjectLiteralExpression): Set<string> | null => {
    let found: Set<string> | null = null;
    const find = (child: ts.Node): void => {
      if (isWithStrings(child)) for (const feature of bundlesOf(child)) (found ??= new Set()).add(feature);
      else if (!ts.isObjectLiteralExpression(child)) ts.forEachChild(child, find);
    };
    ts.forEachChild(object, find);
    return found;
  };

  /**
   * `beside`: the bundles of the nearest enclosing object that has a withStrings call (a route's
   * spec). A key written there (the route's title) shows only once that route's page is in.
   */
  const visit = (node: ts.Node, beside: { loads: Set<string> } | null): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(node.moduleSpecifier.text);
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined && !clause.name && named !== null && named.elements.every((e) => e.isTypeOnly));
      if (target && !typeOnly) info.deps.push(target);
      for (const element of named?.elements ?? []) {
        const bundle = target && bundleFiles.get(`${rel(target)}#${(element.propertyName ?? element.name).text}`);
        if (bundle) bundleNames.set(element.name.text, bundle.feature);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(node.moduleSpecifier.text);
      if (target && !node.isTypeOnly) info.deps.push(target);
    } else if (isWithStrings(node)) {
      const [load] = node.arguments;
      const lazy = load && ts.isArrowFunction(load) ? findImportCall(load.body) : undefined;
      const specifier = lazy?.arguments[0];
      const target = specifier && ts.isStringLiteral(specifier) ? resolve(specifier.text) : null;
      if (!lazy || !target) {
        info.problems.add(`${rel(file)}: write withStrings(() => import('./x.tsx'), …) so its module can be followed`);
      } else {
        wrapped.add(lazy);
        info.entries.push({ at: rel(file), target, loads: new Set(bundlesOf(node)) });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      const target = specifier && ts.isStringLiteral(specifier) ? resolve(specifier.text) : null;
      // A lazy import without strings of its own is part of the module that makes it.
      if (target && !wrapped.has(node)) info.deps.push(target);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      info.literals.push({ text: node.text, head: ts.isTemplateHead(node), beside: beside?.loads ?? null });
    } else if (ts.isObjectLiteralExpression(node)) {
      const loads = loadedBy(node);
      if (loads) beside = { loads };
    }
    ts.forEachChild(node, (child) => visit(child, beside));
  };
  visit(source, null);
  return info;
}

function findImportCall(node: ts.Node): ts.CallExpression | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return node;
  return ts.forEachChild(node, findImportCall);
}

/** Words shaped like a key of another feature that name something else. */
const NOT_KEYS = new Set([
  // An audit action (features/audit-log/routes/logs-page.tsx ACTIONS), a key of `auditLog.actions`.
  'invitation.accept',
]);

/** A feature's catalogs and declarations: data, never a reason to load a bundle. */
const isCatalog = (file: string) => /^features\/[^/]+\/i18n\//.test(rel(file));

describe("a feature's strings", async () => {
  const bundles = await readBundles();
  const featuresWithBundles = new Set([...bundles.values()].map((b) => b.feature));
  const modules = new Map(sourceFiles(SRC).map((file) => [file, parseModule(file, bundles)]));

  const shown = new Map<ModuleInfo, Set<string>>();
  /** The features whose strings a module shows (see the header). */
  const shows = (module: ModuleInfo): Set<string> => {
    const known = shown.get(module);
    if (known) return known;
    const found = new Set<string>();
    shown.set(module, found);
    if (isCatalog(module.file)) return found;
    const own = /^features\/([^/]+)\//.exec(rel(module.file))?.[1];
    if (own && featuresWithBundles.has(own) && module.usesI18n) found.add(own);
    for (const { feature, strings } of bundles.values())
      for (const { text, head, beside } of module.literals)
        if (!beside?.has(feature) && !NOT_KEYS.has(text) && namesString(strings, text, head)) found.add(feature);
    return found;
  };

  const entries: Entry[] = [
    { at: 'the first load', target: path.join(SRC, 'main.tsx'), loads: new Set() },
    ...[...modules.values()].flatMap((module) => module.entries),
  ];

  it('are loaded by every lazy import of code that shows them, before it renders', () => {
    const missing = new Map<string, string>();
    for (const entry of entries) {
      // Breadth first, so each module is reported through its shortest chain of imports.
      const via = new Map<string, string | null>([[entry.target, null]]);
      const queue = [entry.target];
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const module = modules.get(file);
        const importer = via.get(file);
        expect(module, `${rel(file)} (imported by ${importer ? rel(importer) : entry.at}) exists`).toBeDefined();
        if (!module || isCatalog(file)) continue;
        for (const feature of shows(module)) {
          if (entry.loads.has(feature)) continue;
          const chain: string[] = [];
          for (let at: string | null | undefined = file; at; at = via.get(at)) chain.unshift(rel(at));
          const key = `${entry.at} → ${rel(entry.target)}: "${feature}"`;
          if (!missing.has(key)) missing.set(key, chain.join(' → '));
        }
        for (const dep of module.deps)
          if (!via.has(dep)) {
            via.set(dep, file);
            queue.push(dep);
          }
      }
    }
    expect(Object.fromEntries(missing), 'entry → loaded module: bundle it lacks, and where it is shown').toEqual({});
  });

  it('are loaded only by withStrings calls this test can follow', () => {
    expect([...modules.values()].flatMap((module) => [...module.problems])).toEqual([]);
  });
});
