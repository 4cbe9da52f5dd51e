import { Hono } from 'hono';
import { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { getStrategy, listVersions, restoreVersion, saveStrategy } from './service.ts';

/** /api/strategy (docs/tasks-strategy-gamification.md): the current version, saving, history, restore. */
export const strategyRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => c.json(await getStrategy(c.get('deps').db, c.get('user').id)))
  .put('/', async (c) => {
    const input = await parseJsonBody(c, StrategyInput);
    return c.json(await saveStrategy(c.get('deps').db, c.get('user').id, input));
  })
  .get('/versions', async (c) => c.json(await listVersions(c.get('deps').db, c.get('user').id)))
  .post('/versions/:version/restore', async (c) => {
    const version = Number(c.req.param('version'));
    if (!Number.isInteger(version) || version < 1) throw new AppError('NOT_FOUND');
    return c.json(await restoreVersion(c.get('deps').db, c.get('user').id, version));
  });
