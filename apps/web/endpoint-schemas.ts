import ts from 'typescript';
import type { Plugin } from 'vite';

/** The endpoint table's files (packages/contracts/src/endpoints/*.ts). */
const ENDPOINTS = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][^\\/]+\.ts$/;
/**
 * What the browser never uses of an endpoint: the schemas the server validates and checks with, and
 * what only the reference reads (summary, statuses, aliases, body limit).
 */
const SERVER_KEYS = new Set(['input', 'output', 'summary', 'statuses', 'aliases', 'bodyLimit']);

/**
 * The web app's copy of the endpoint table (DESIGN §19): `api.call` needs an endpoint's method and
 * path; its input and output schemas serve the server, the test projects' answer checks and the
 * OpenAPI document, and their types reach the web through TypeScript, not at run time. Kept, they
 * would put zod and every module's result schemas into each page that makes a call (measured:
 * +67 kB gzipped on every public page). This transform drops those properties (SERVER_KEYS) of every
 * `endpoint({…})` in those files, then the imports nothing uses any more, so the bundler
 * never reaches the schemas. Types are unaffected: `tsc` checks the files as written.
 */
export function stripEndpointSchemas(source: string, fileName = 'endpoints.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'endpoint' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        if (
          ts.isPropertyAssignment(property) &&
          ts.isIdentifier(property.name) &&
          SERVER_KEYS.has(property.name.text)
        ) {
          // The property and the comma after it.
          const after = source.slice(property.end).match(/^\s*,/);
          cuts.push({ start: property.getFullStart(), end: property.end + (after ? after[0].length : 0) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let stripped = source;
  for (const cut of cuts.sort((a, b) => b.start - a.start))
    stripped = stripped.slice(0, cut.start) + stripped.slice(cut.end);
  return pruneImports(stripped, fileName);
}

/** Drops the import specifiers (and whole imports) whose names the code no longer mentions. */
function pruneImports(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports = file.statements.filter(ts.isImportDeclaration);
  const body = source.slice(imports.length ? imports[imports.length - 1]!.end : 0);
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(body);
  let pruned = source;
  for (const declaration of [...imports].reverse()) {
    const clause = declaration.importClause;
    // Only `import { a, b } from '…'` (what the table's files use); anything else is kept as it is.
    if (!clause || clause.isTypeOnly || clause.name || !clause.namedBindings) continue;
    if (!ts.isNamedImports(clause.namedBindings)) continue;
    const names = clause.namedBindings.elements.filter((element) => !element.isTypeOnly).map((e) => e.name.text);
    const kept = names.filter(used);
    if (kept.length === names.length) continue;
    const module = declaration.moduleSpecifier.getText(file);
    const replacement = kept.length ? `import { ${kept.join(', ')} } from ${module};` : '';
    pruned = pruned.slice(0, declaration.getStart(file)) + replacement + pruned.slice(declaration.end);
  }
  return pruned;
}

/** The Vite plugin: runs before TypeScript is compiled away, on the endpoint table's files only. */
export function endpointSchemas(): Plugin {
  return {
    name: 'mathbridge-endpoint-schemas',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!ENDPOINTS.test(file)) return null;
      return { code: stripEndpointSchemas(code, file), map: null };
    },
  };
}
