import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The signed-in founder's profile (GET /api/me, API-CONTRACT "Profile and onboarding"). */
export type Me = {
  id: string;
  email: string;
  fullName: string | null;
  nickname: string | null;
  onboardingCompleted: boolean;
  preferredLanguage: 'en' | 'es-LA' | null;
  role: 'user' | 'admin';
  userTier: number;
  effectiveUserTier: number;
  isInTrial: boolean;
  status: string;
};

export const meQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId],
    queryFn: () => apiFetch<Me>('/api/me'),
    enabled: Boolean(userId),
  });

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
