import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';

let guide: Promise<string> | undefined;

/**
 * GET /docs/api.md: the API and MCP guide (docs/api.md), linked from Profile › API access, served
 * as plain text so a browser shows it. Read once from the repository's docs folder; 404 when the
 * server was deployed without it.
 */
export async function apiGuide(c: Context<AppBindings>) {
  guide ??= readFile(path.resolve('docs', 'api.md'), 'utf8');
  const text = await guide.catch(() => {
    guide = undefined;
    throw new AppError('NOT_FOUND');
  });
  return c.body(text, 200, { 'content-type': 'text/plain; charset=utf-8' });
}
