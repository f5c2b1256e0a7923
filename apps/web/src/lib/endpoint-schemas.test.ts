import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripEndpointSchemas } from '../../endpoint-schemas.ts';

/**
 * The browser's copy of the endpoint table (DESIGN §19, vite.config.ts): every endpoint keeps its
 * method and path, loses its schemas and reference texts, and the file then imports nothing but
 * `endpoint()` (and the status numbers), so no page's bundle reaches zod or a module's result schemas through the table.
 */
const dir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src/endpoints');
const files = fs.readdirSync(dir).filter((name) => name.endsWith('.ts'));

describe('stripEndpointSchemas', () => {
  it('finds the table', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s: keeps every method and path, drops schemas, summaries and what imported them', (name) => {
    const source = fs.readFileSync(path.join(dir, name), 'utf8');
    const stripped = stripEndpointSchemas(source, name);
    const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
    expect(count(stripped, /\bmethod: '/g)).toBe(count(source, /\bmethod: '/g));
    expect(count(stripped, /\bpath: '/g)).toBe(count(source, /\bpath: '/g));
    expect(count(source, /\bendpoint\(\{/g)).toBeGreaterThan(0);
    expect(stripped).not.toMatch(/^\s*(input|output|summary|statuses|aliases|bodyLimit):/m);
    const imports = [...stripped.matchAll(/^import\s+(type\s+)?\{[^}]*\}\s+from\s+'([^']+)'/gm)]
      .filter((match) => !match[1])
      .map((match) => match[2]);
    // endpoint() itself, and at most the status numbers (a few constants) for a shared list of them.
    expect(imports).toContain('../endpoint.ts');
    expect(imports.filter((module) => module !== '../endpoint.ts' && module !== '../api.ts')).toEqual([]);
  });

  it('leaves a type-only import and a property of the same name outside endpoint() alone', () => {
    const source = [
      "import type { Foo } from '../foo.ts';",
      "import { endpoint } from '../endpoint.ts';",
      "import { BarSchema } from '../bar.ts';",
      'const other = { output: 1 };',
      "export const e = { a: endpoint({ method: 'GET', path: 'a/b', auth: 'none', output: BarSchema }) };",
    ].join('\n');
    const stripped = stripEndpointSchemas(source);
    expect(stripped).toContain("import type { Foo } from '../foo.ts';");
    expect(stripped).toContain('const other = { output: 1 };');
    expect(stripped).not.toContain('BarSchema');
    expect(stripped).toMatch(/endpoint\(\{ method: 'GET', path: 'a\/b', auth: 'none',? \}\)/);
  });
});
