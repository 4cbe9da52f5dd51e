import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(import.meta.dirname, '../../../src/web');

/** What a founder opening /overview or /metrics loads before the page shows (scripts/lib/signed-in-chunk.ts groups it). */
const FIRST_LOAD_ROOTS = ['app/require-auth.tsx', 'app/layout/app-shell.tsx', 'features/overview/overview-page.tsx', 'features/metrics/metrics-page.tsx'];

/** Static imports and re-exports that stay in the JavaScript (not `import type`); dynamic `import()` loads later and is left out. */
const STATIC_IMPORT = /(?:^|[\s;])import\s+(?!type\s)(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|(?:^|[\s;])export\s+(?!type\s)[^'"`;]*?\s+from\s+['"]([^'"]+)['"]/gm;

/** Each package the roots reach through static imports, with the chain of source files that brings it. */
function packagesReached(roots: string[]): Map<string, string[]> {
  const cameFrom = new Map<string, string | null>();
  const reached = new Map<string, string[]>();
  const queue: [string, string | null][] = roots.map((root) => [path.join(WEB, root), null]);
  while (queue.length > 0) {
    const [file, from] = queue.shift()!;
    if (cameFrom.has(file)) continue;
    cameFrom.set(file, from);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) {
        queue.push([path.resolve(path.dirname(file), specifier), file]);
        continue;
      }
      const name = /^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0] ?? specifier;
      if (reached.has(name)) continue;
      const chain = [file];
      for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) chain.push(at);
      reached.set(name, chain.map((link) => path.relative(WEB, link)));
    }
  }
  return reached;
}

describe('the signed-in pages’ first load', () => {
  it('does not evaluate zod: schemas are built by the forms and dialogs that load when used (decision 311)', () => {
    const reached = packagesReached(FIRST_LOAD_ROOTS);
    // The chain says which import to move out of a schema module, if this fails.
    expect(reached.get('zod') ?? 'not reached').toBe('not reached');
    // The walk itself works: the guard's own packages are found.
    expect(reached.has('react')).toBe(true);
  });
});
