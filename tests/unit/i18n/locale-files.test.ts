import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve('src/web/locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(language: string) {
  const dir = path.join(localesDir, language);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

describe('locale files', () => {
  const en = load('en');
  const es = load('es-LA');

  it('have the same namespaces in en and es-LA', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('have the same keys in every namespace', () => {
    for (const namespace of Object.keys(en)) {
      expect({ namespace, keys: keysOf(es[namespace]).sort() }).toEqual({ namespace, keys: keysOf(en[namespace]).sort() });
    }
  });

  it('have no empty texts', () => {
    for (const [language, namespaces] of [['en', en], ['es-LA', es]] as const) {
      const flat = JSON.stringify(namespaces);
      expect({ language, empty: flat.includes('""') }).toEqual({ language, empty: false });
    }
  });

  it('speak to the founder as tú, never vos or vosotros', () => {
    const text = JSON.stringify(es);
    // vosotros forms and voseo imperatives/verbs that a Latin-American "tú" text never uses.
    const forbidden = /\b(vosotros|vosotras|os\b|tenés|podés|querés|sabés|sos\b|hacé|mirá|vení|vuestro|vuestra)/i;
    expect(text.match(forbidden)?.[0] ?? null).toBeNull();
  });
});
