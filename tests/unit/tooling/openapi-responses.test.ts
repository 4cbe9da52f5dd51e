import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESPONSES_FILE, routeResponsesText } from '../../../scripts/lib/route-response-types.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('src/server/openapi/route-responses.generated.json', () => {
  // Reading the app's types takes the compiler a while on a busy machine.
  it('is what the routes’ types answer now (else: npm run openapi:responses)', { timeout: 300_000 }, () => {
    const current = fs.readFileSync(path.join(root, RESPONSES_FILE), 'utf8');
    const fresh = routeResponsesText(root);
    expect(current === fresh, 'stale: run npm run openapi:responses').toBe(true);
    const routes = JSON.parse(fresh) as Record<string, Record<string, { mediaType: string | null; schema: { required?: string[] } | null }>>;
    expect(routes['GET /api/strategy']?.['200']?.schema?.required).toEqual(expect.arrayContaining(['version', 'coreProblem', 'maximas']));
    expect(routes['DELETE /api/tasks/:id']).toEqual({ '204': { mediaType: null, schema: null } });
  });
});
