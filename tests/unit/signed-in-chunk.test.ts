import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInChunkName } from '../../scripts/lib/signed-in-chunk.ts';

const web = (file: string) => path.resolve(import.meta.dirname, '../../src/web', file);
const icons = '/x/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const icon = (name: string) => `/x/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;

/** A small module graph shaped like the app's: ids to imported ids and code. */
const modules: Record<string, { importedIds: string[]; code: string }> = {
  [web('main.tsx')]: { importedIds: ['/x/node_modules/react/index.js', icons], code: 'import { ArrowRight } from "lucide-react";' },
  [web('app/layout/app-shell.tsx')]: {
    importedIds: [web('lib/use-thing.ts'), icons],
    code: 'import { BookOpen, ArrowRight as Next } from "lucide-react";',
  },
  [web('lib/use-thing.ts')]: { importedIds: ['/x/node_modules/react/index.js', web('features/overview/card.tsx')], code: '' },
  [web('features/overview/card.tsx')]: { importedIds: [], code: '' },
  [web('app/product-showcase.tsx')]: { importedIds: [web('features/overview/card.tsx')], code: '' },
  [icons]: {
    importedIds: [icon('arrow-right'), icon('book-open'), icon('book-open-check')],
    code: [
      "export { default as ArrowRight, default as LucideArrowRight } from './icons/arrow-right.mjs';",
      "export { default as BookOpen } from './icons/book-open.mjs';",
      "export { default as BookOpenCheck } from './icons/book-open-check.mjs';",
    ].join('\n'),
  },
};
const graph = { getModuleInfo: (id: string) => modules[id] ?? null };

describe('the signed-in chunk groups', () => {
  const chunkOf = (id: string) => signedInChunkName()(id, graph);

  it('take what only the signed-in area imports, icons by the names it imports', () => {
    expect(chunkOf(web('lib/use-thing.ts'))).toBe('signed-in');
    expect(chunkOf(icon('book-open'))).toBe('signed-in');
    expect(chunkOf(icon('book-open-check'))).toBeNull();
  });

  it('put what the signed-in area shares with the landing page’s first load in one chunk, which the landing page loads whole', () => {
    expect(chunkOf('/x/node_modules/react/index.js')).toBe('shared');
    expect(chunkOf(icon('arrow-right'))).toBe('shared');
  });

  it('leave what only public pages import in their own chunks', () => {
    expect(chunkOf(icon('book-open-check'))).toBeNull();
  });

  it('take the lazily loaded roots (the guard, the app shell, the first pages) into the group: one request, not one each', () => {
    expect(chunkOf(web('app/layout/app-shell.tsx'))).toBe('signed-in');
  });

  it('group the translations every signed-in page shows, per language, and leave the sign-in page’s alone', () => {
    expect(chunkOf(web('locales/en/shell.json'))).toBe('signed-in-texts-en');
    expect(chunkOf(web('locales/es-LA/tours.json'))).toBe('signed-in-texts-es-LA');
    expect(chunkOf(web('locales/es-LA/overview.json'))).toBe('overview-texts-es-LA');
    expect(chunkOf(web('locales/en/metrics.json'))).toBe('signed-in-texts-en');
    expect(chunkOf(web('locales/en/auth.json'))).toBeNull();
    expect(chunkOf(web('locales/en/common.json'))).toBeNull();
  });

  it('put what the landing page’s showcase shares with the signed-in area in a chunk of its own', () => {
    expect(chunkOf(web('features/overview/card.tsx'))).toBe('dashboard');
  });
});
