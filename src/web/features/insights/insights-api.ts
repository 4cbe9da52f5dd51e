import { queryOptions } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** GET /api/insights as the server answers it. */
export type Insights = ApiAnswer<'GET /api/insights'>;
export type Insight = Insights['insights'][number];

/**
 * When the answer read as the Overview's code loaded (src/web/app/early-reads.ts) arrived: the
 * Overview it was asked for shows it without asking a second time (decision 233).
 */
let earlyAnswerAt: number | undefined;
const EARLY_ANSWER_FRESH_MS = 10_000;

export function markInsightsReadEarly(answeredAt: number | undefined) {
  earlyAnswerAt = answeredAt;
}

/** Worked out on read from the latest weeks and tasks, so always asked again when shown (but for the early read's answer, just made). */
export const insightsQueryOptions = () =>
  queryOptions({
    queryKey: ['insights'],
    queryFn: () => api('GET /api/insights'),
    staleTime: (query) => (earlyAnswerAt !== undefined && query.state.dataUpdatedAt === earlyAnswerAt ? EARLY_ANSWER_FRESH_MS : 0),
  });
