import { queryOptions } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { MentorStatus } from '../../../server/features/mentor/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** Whether the offline mentor answers (no model is configured on the server): the mentor page and the update's polishing read it. */
export const mentorStatusQuery = () =>
  queryOptions({ queryKey: ['mentor', 'status'], queryFn: () => apiFetch<Json<MentorStatus>>('/api/mentor/status'), staleTime: Infinity });
