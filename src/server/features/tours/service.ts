import { eq } from 'drizzle-orm';
import { TOUR_IDS, type TourId } from '../../../core/tours/tour-ids.ts';
import type { Database } from '../../db/client.ts';
import { tourViews } from '../../db/schema/index.ts';

export type ToursState = {
  /** The tours this founder has seen or skipped, in TOUR_IDS order. */
  seen: TourId[];
  /** Whether a section's tour starts by itself on the first visit (GUIDED_TOURS_AUTOSTART). */
  autoStart: boolean;
};

export async function toursState(db: Database, userId: string, autoStart: boolean): Promise<ToursState> {
  const rows = await db.select({ tour: tourViews.tour }).from(tourViews).where(eq(tourViews.userId, userId));
  const seen = new Set(rows.map((row) => row.tour));
  return { seen: TOUR_IDS.filter((tour) => seen.has(tour)), autoStart };
}

/** Idempotent: the first time is kept. */
export async function markTourSeen(db: Database, userId: string, tour: TourId): Promise<void> {
  await db.insert(tourViews).values({ userId, tour }).onConflictDoNothing();
}
