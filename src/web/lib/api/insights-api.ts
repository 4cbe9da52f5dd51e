import { queryOptions } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { InsightsAnswer } from '../../../server/features/insights/index.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/insights as the server answers it. */
export type Insights = Json<InsightsAnswer>;
export type Insight = Insights['insights'][number];

/** Worked out on read from the latest weeks and tasks, so always asked again when shown. */
export const insightsQueryOptions = () =>
  queryOptions({
    queryKey: ['insights'],
    queryFn: () => apiFetch<Insights>('/api/insights'),
    staleTime: 0,
  });
