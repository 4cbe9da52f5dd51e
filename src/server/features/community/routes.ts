import { type Context, Hono } from 'hono';
import { FeedQuery, LeaderboardQuery, LedgerQuery, VisibilityInput } from '../../../core/community/community.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody, parseQuery } from '../../http/validate.ts';
import { feedPage, getSettings, leaderboard, ledgerPage, setVisibility } from './service.ts';

const tierContext = (c: Context<AppBindings>) => ({ trialDays: c.get('deps').env.trialDays });

/** /api/community (docs/community.md): the founder's visibility and ledger, the feed, the leaderboards. */
export const communityRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/me', async (c) => c.json(await getSettings(c.get('deps').db, c.get('user').id, tierContext(c))))
  .put('/visibility', async (c) => {
    const { visibility } = await parseJsonBody(c, VisibilityInput);
    return c.json(await setVisibility(c.get('deps').db, c.get('user').id, visibility, tierContext(c)));
  })
  .get('/ledger', async (c) => {
    const { page } = parseQuery(c, LedgerQuery);
    return c.json(await ledgerPage(c.get('deps').db, c.get('user').id, page));
  })
  .get('/feed', async (c) => {
    const { page } = parseQuery(c, FeedQuery);
    return c.json(await feedPage(c.get('deps').db, c.get('user').id, page, tierContext(c)));
  })
  .get('/leaderboard', async (c) => {
    const query = parseQuery(c, LeaderboardQuery);
    return c.json(await leaderboard(c.get('deps').db, c.get('user').id, query, tierContext(c)));
  });
