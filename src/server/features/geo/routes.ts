import { Hono } from 'hono';
import type { AppBindings } from '../../http/context.ts';
import { clientAddress } from '../../http/client-address.ts';
import { requireUser } from '../../http/require-user.ts';
import type { Geolocator } from '../../platform/geo.ts';
import { documented } from '../../http/route-doc.ts';

/** GET /api/geo: the caller's country (ISO code), null when unknown. */
export type VisitorCountry = { country: string | null };

/** GET /api/geo → `{ country }`: prefills onboarding's country (docs/product.md#geolocation); null when unknown. */
export const geoRoutes = (geolocator: Geolocator) =>
  new Hono<AppBindings>()
    .use(requireUser)
    .get('/', documented({ summary: 'The caller’s country from their address ({ country }, null when unknown)', tag: 'profile' }), async (c) =>
      c.json({ country: await geolocator.countryOf(clientAddress(c)) } satisfies VisitorCountry),
    );
