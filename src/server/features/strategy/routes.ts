import { Hono } from 'hono';
import { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { getStrategy, listVersions, restoreVersion, saveStrategy } from './service.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

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
  .post('/versions/:version/restore', documented({ summary: 'Restore a version as a new version', tag: 'strategy' }), async (c) => {
    const version = Number(c.req.param('version'));
    if (!Number.isInteger(version) || version < 1) throw new AppError('NOT_FOUND');
    return c.json(await restoreVersion(c.get('deps').db, c.get('user').id, version));
  });
