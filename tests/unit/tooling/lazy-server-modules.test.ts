import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../../..');

/** Packages the server loads at first use, never at start (decision 304): each adds modules, start time and memory. */
const LOADED_AT_FIRST_USE = [
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  'ai',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai-compatible',
  '@react-email/components',
  '@react-email/render',
  'pdfkit',
  '@modelcontextprotocol/sdk',
  'stripe',
  'ioredis',
  'nodemailer',
  'geoip-country',
];

/** The packages a fresh Node process loads when it imports the server's start (what `npm start` loads before listening). */
function packagesLoadedAtStart(): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({
      load(url, context, nextLoad) {
        const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(url)?.[1];
        if (name) loaded.add(name);
        return nextLoad(url, context);
      },
    });
    await import('./src/server/start-server.ts');
    console.log(JSON.stringify([...loaded]));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as string[];
}

describe('what the server loads at start', () => {
  it('leaves the SDKs of optional features and of the unused driver for their first use', () => {
    const loaded = packagesLoadedAtStart();
    // The check itself works: what every request needs is there.
    expect(loaded).toEqual(expect.arrayContaining(['hono', 'drizzle-orm', 'better-auth']));
    expect(loaded.filter((name) => LOADED_AT_FIRST_USE.some((lazy) => lazy === name || lazy.startsWith(`${name}/`)))).toEqual([]);
    // Which driver loads is decided when the database opens, not by importing the server.
    expect(loaded).not.toContain('pg');
    expect(loaded).not.toContain('@electric-sql/pglite');
  }, 120_000);
});
