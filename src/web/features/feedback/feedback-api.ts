import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** One piece of the founder's feedback as GET /api/feedback answers it. */
export type Feedback = ApiAnswer<'GET /api/feedback'>['feedback'][number];

const FEEDBACK_KEY = ['feedback'] as const;

export function useFeedbackList() {
  return useQuery({ queryKey: FEEDBACK_KEY, queryFn: async () => (await api('GET /api/feedback')).feedback });
}

/** Sends the dialog's form (multipart: fields, repeated `sections`, `images`); the list is stale after. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api('POST /api/feedback', { init: { body: form } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}

/** Redirects to a short-lived signed link, for the owner only. */
export const feedbackImageUrl = (feedbackId: string, imageId: string) => `/api/feedback/${feedbackId}/images/${imageId}`;
