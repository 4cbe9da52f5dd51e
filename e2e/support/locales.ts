import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

/**
 * Reads a translation from the locale files, so tests follow the copy instead of duplicating it.
 * The tags a <Trans> turns into links (`<terms>…</terms>`) are dropped: this is the text a reader sees.
 */
export function text(language: 'en' | 'es-LA', namespace: string, key: string): string {
  const file = path.resolve('src/web/locales', language, `${namespace}.json`);
  let node: string | Tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`No text ${language}/${namespace}:${key}`);
    node = node[part] as string | Tree;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}:${key} is not a text`);
  return node.replace(/<\/?[a-z]+>/g, '');
}
