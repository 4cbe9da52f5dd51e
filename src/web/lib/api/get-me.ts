import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../core/i18n/language.ts';
import { apiFetch } from '../api-client.ts';

/** The signed-in founder's profile (GET /api/me: docs/onboarding-and-profile.md#profile-profile-and-patch-apime). */
export type Me = {
  id: string;
  email: string;
  fullName: string | null;
  lastName: string | null;
  nickname: string | null;
  country: string | null;
  startupName: string | null;
  industry: string | null;
  teamSize: string | null;
  startupPhase: string | null;
  startupWebpageUrl: string | null;
  linkedinLink: string | null;
  customerInformation: string | null;
  founderCharacteristics: string | null;
  coreProblemStatement: string | null;
  onboardingCompleted: boolean;
  onboardingData: Record<string, unknown> | null;
  preferredLanguage: Language | null;
  currency: string;
  timeZone: string | null;
  emailRemindersEnabled: boolean;
  emailMondayHour: string;
  emailFridayHour: string;
  aiConsent: boolean;
  aiConsentAt: string | null;
  aiAssistanceEnabled: boolean;
  benchmarkSharing: boolean;
  role: 'user' | 'admin';
  userTier: number;
  effectiveUserTier: number;
  isInTrial: boolean;
  trialEndsAt: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
};

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;

export const meQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: () => apiFetch<Me>('/api/me'),
    enabled: Boolean(userId),
  });

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
