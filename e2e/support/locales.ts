import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

/**
 * Reads a translation from the locale files, so tests follow the copy instead of duplicating it.
 * The tags a <Trans> turns into links (`<terms>…</terms>`) are dropped: this is the text a reader sees.
 */
export function text(language: 'en' | 'es-LA', namespace: string, key: string): string {
  // A key may name its namespace (`validation:tasks.hypothesisMin`); the shared schemas' texts live in core (decision 236).
  const [ownNamespace, ownKey] = key.includes(':') ? (key.split(':') as [string, string]) : [namespace, key];
  const file = ownNamespace === 'validation' ? path.resolve('src/core/validation/locales', `${language}.json`) : path.resolve('src/web/locales', language, `${ownNamespace}.json`);
  let node: string | Tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
  for (const part of ownKey.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`No text ${language}/${namespace}:${key}`);
    node = node[part] as string | Tree;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}:${key} is not a text`);
  return node.replace(/<\/?[a-z]+>/g, '');
}
