import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defaultIssueKey } from '../../../src/core/validation/issues.ts';

/**
 * Every message of a shared schema is a `validation:` key (decision 236) whose text exists in
 * both languages: a missing one would show the founder a key, and the server's 400 a key
 * instead of a sentence.
 */
const coreDir = path.resolve('src/core');
const localesDir = path.join(coreDir, 'validation/locales');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const texts = (language: string) => JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, unknown>;
const textOf = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
const leaves = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null ? Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key)) : [prefix];

const schemaFiles = sourceFiles(coreDir).filter((file) => /from 'zod'/.test(fs.readFileSync(file, 'utf8')));
/** Every `'validation:…'` literal in core. */
const usedKeys = [...new Set(sourceFiles(coreDir).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/['"`]validation:([\w.]+)['"`]/g)].map((match) => match[1]!)))];

/** Zod's own issues, one of each kind the default map names. */
const zodIssues = [
  { code: 'invalid_type', expected: 'number' },
  { code: 'invalid_type', expected: 'string' },
  ...['string', 'array', 'number'].flatMap((origin) => [
    { code: 'too_big', origin, maximum: 1 },
    { code: 'too_small', origin, minimum: 1 },
  ]),
  ...['email', 'url', 'date', 'regex'].map((format) => ({ code: 'invalid_format', format })),
  { code: 'invalid_value', values: ['a'] },
  { code: 'unrecognized_keys', keys: ['x'] },
  { code: 'invalid_union', errors: [] },
].map((issue) => defaultIssueKey({ ...issue, input: undefined, path: [] } as unknown as z.core.$ZodRawIssue).replace(/^validation:/, ''));

describe('schema messages', () => {
  it('are found in core (the scan below reads the schemas)', () => {
    expect(usedKeys.length).toBeGreaterThan(40);
  });

  for (const language of ['en', 'es-LA']) {
    it(`each key a core schema or zod's defaults use has its text in ${language}`, () => {
      const tree = texts(language);
      const missing = [...usedKeys, ...zodIssues].filter((key) => typeof textOf(tree, key) !== 'string' || !(textOf(tree, key) as string).trim());
      expect(missing).toEqual([]);
    });
  }

  it('have the same keys and the same {{params}} in en and es-LA', () => {
    const en = texts('en');
    const es = texts('es-LA');
    expect(leaves(es).sort()).toEqual(leaves(en).sort());
    const params = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of leaves(en)) expect({ key, params: params(textOf(es, key)) }).toEqual({ key, params: params(textOf(en, key)) });
  });

  it('speak to the founder as tú in es-LA', () => {
    expect(JSON.stringify(texts('es-LA')).match(/\b(vosotros|tenés|podés|querés|sos\b|hacé|mirá)/i)?.[0] ?? null).toBeNull();
  });

  it('are keys in every schema, never English text', () => {
    // A message given to a zod check or refinement: `{ message: '…' }`, `{ error: '…' }`, or a check's text argument.
    const given = /(?:\b(?:message|error):\s*|\.(?:min|max|regex|refine|int|positive|nonnegative|length|email|literal|enum)\([^'"`()]*?,\s*)(['"`])((?:(?!\1).)*)\1/g;
    const english = schemaFiles.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(given)].map((match) => match[2]!).filter((message) => !/^validation:[\w.]+$/.test(message)).map((message) => `${path.relative(coreDir, file)}: ${message}`),
    );
    expect(english).toEqual([]);
  });
});
