import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../../scripts/lib/server-process.ts';

/** `npm start` and the servers the tests and benchmarks spawn run with the same Node options (decision 304). */
describe("the server's Node options", () => {
  it('are the ones `npm start` passes, so the benchmarks measure what production runs', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const start = packageJson.scripts.start!.split(' ');
    expect(SERVER_NODE_ARGS.length).toBeGreaterThan(0);
    for (const option of SERVER_NODE_ARGS) expect(start).toContain(option);
    expect(start.at(-1)).toBe('scripts/start.ts');
  });
});
