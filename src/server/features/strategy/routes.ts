import { z } from 'zod';
import { Hono } from 'hono';
import { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { getStrategy, listVersions, restoreVersion, saveStrategy } from './service.ts';
import { documented, jsonBody, paramsOf } from '../../http/route-doc.ts';

/** A version number as a path names it: 1 to the largest the 32-bit column holds, digits only. */
const VersionParam = z.object({
  version: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((version) => version <= 2 ** 31 - 1),
});

/** /api/strategy (docs/tasks-strategy-gamification.md): the current version, saving, history, restore. */
export const strategyRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The current strategy and its version (0 before the first save)', tag: 'strategy' }), async (c) =>
    c.json(await getStrategy(c.get('deps').db, c.get('user').id)),
  )
  .put('/', documented({ summary: 'Save a new strategy version', tag: 'strategy' }), jsonBody(StrategyInput), async (c) => {
    const input = c.req.valid('json');
    return c.json(await saveStrategy(c.get('deps').db, c.get('user').id, input));
  })
  .get('/versions', documented({ summary: 'Every saved strategy version', tag: 'strategy' }), async (c) => c.json(await listVersions(c.get('deps').db, c.get('user').id)))
  // Typed and bounded before the query: the column is a 32-bit integer, `2147483648` failed the cast (500).
  .post('/versions/:version/restore', documented({ summary: 'Restore a version as a new version', tag: 'strategy' }), paramsOf(VersionParam, { invalid: 'NOT_FOUND' }), async (c) =>
    c.json(await restoreVersion(c.get('deps').db, c.get('user').id, c.req.valid('param').version)),
  );
