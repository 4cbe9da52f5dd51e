import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { FeedbackList, Feedback as ServerFeedback } from '../../../server/features/feedback/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** One piece of the founder's feedback as GET /api/feedback answers it. */
export type Feedback = Json<ServerFeedback>;

const FEEDBACK_KEY = ['feedback'] as const;

export function useFeedbackList() {
  return useQuery({ queryKey: FEEDBACK_KEY, queryFn: async () => (await apiFetch<Json<FeedbackList>>('/api/feedback')).feedback });
}

/** Sends the dialog's form (multipart: fields, repeated `sections`, `images`); the list is stale after. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiFetch<Feedback>('/api/feedback', { method: 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}

/** Redirects to a short-lived signed link, for the owner only. */
export const feedbackImageUrl = (feedbackId: string, imageId: string) => `/api/feedback/${feedbackId}/images/${imageId}`;
