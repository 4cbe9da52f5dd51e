import { z } from 'zod';

/**
 * The guided tours, one per section of the signed-in app and the admin area's landing page (docs/weekly-rhythm.md#guided-tours).
 * A founder who has seen (or skipped) one is not shown it again unprompted.
 */
export const TOUR_IDS = ['overview', 'metrics', 'tasks', 'strategy', 'aiContext', 'mentor', 'reports', 'scenarios', 'community', 'referral', 'subscription', 'profile', 'admin'] as const;
export type TourId = (typeof TOUR_IDS)[number];

export const TourIdParam = z.object({ tour: z.enum(TOUR_IDS) });
