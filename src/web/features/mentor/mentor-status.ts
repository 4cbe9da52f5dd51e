import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-routes.ts';

/** Whether the offline mentor answers (no model is configured on the server): the mentor page and the update's polishing read it. */
export const mentorStatusQuery = () =>
  queryOptions({ queryKey: ['mentor', 'status'], queryFn: () => api('GET /api/mentor/status'), staleTime: Infinity });
