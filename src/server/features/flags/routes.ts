import { Hono } from 'hono';
import { z } from 'zod';
import { FeatureFlagInput, FeatureFlagName } from '../../../core/flags/feature-flags.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { requestContext } from '../../platform/audit.ts';
import { type AdminFeatureFlag, listFlags, resolvedFlags, updateFlag } from './service.ts';
import { documented, jsonBody, paramsOf } from '../../http/route-doc.ts';

/** A flag as the path names it: one of the flags the code knows. */
const FlagPath = z.object({ name: FeatureFlagName });

/** GET /api/feature-flags: the signed-in founder's resolved flags (decision 205). */
export const featureFlagRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The signed-in founder’s feature flags, each on or off (cohort from their id and the flag’s name)', tag: 'profile' }), async (c) => {
    return c.json(await resolvedFlags(c.get('deps').db, c.get('user').id));
  });

/** GET /api/admin/feature-flags: every flag as the admin's Settings lists it. */
export type AdminFeatureFlags = { flags: AdminFeatureFlag[] };

/** /api/admin/feature-flags: list and change flags (mounted behind the admin check; decision 205). */
export const adminFeatureFlagRoutes = new Hono<AppBindings>()
  .get('/', documented({ summary: 'Admin: every feature flag with its rollout percentage and override list (e-mails)', tag: 'admin' }), async (c) =>
    c.json({ flags: await listFlags(c.get('deps').db) } satisfies AdminFeatureFlags),
  )
  .put(
    '/:name',
    documented({ summary: 'Admin: set a flag’s rollout (0–100 %) and override list; audited', tag: 'admin' }),
    paramsOf(FlagPath, { invalid: 'NOT_FOUND' }),
    jsonBody(FeatureFlagInput),
    async (c) =>
      c.json(await updateFlag(c.get('deps').db, c.req.valid('param').name, c.req.valid('json'), { id: c.get('user').id, context: requestContext(c.req.raw, clientAddress(c)) })),
  );
