import { Hono } from 'hono';
import { TourIdParam } from '../../../core/tours/tour-ids.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { markTourSeen, toursState } from './service.ts';
import { documented, paramsOf } from '../../http/route-doc.ts';

/** Guided tours (docs/weekly-rhythm.md#guided-tours): which ones the founder has seen, and marking one seen. */
export const tourRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The guided tours the founder has seen or skipped, and whether a section’s tour starts by itself', tag: 'tours' }), async (c) =>
    c.json(await toursState(c.get('deps').db, c.get('user').id, c.get('deps').settings.current().guidedToursAutoStart)),
  )
  .put('/:tour', documented({ summary: 'Mark one guided tour seen (idempotent); 204', tag: 'tours' }), paramsOf(TourIdParam), async (c) => {
    const { tour } = c.req.valid('param');
    await markTourSeen(c.get('deps').db, c.get('user').id, tour);
    return c.body(null, 204);
  });
