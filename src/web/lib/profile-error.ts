import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError } from './api-client.ts';

/**
 * For every write of the founder's profile, on the profile page and in onboarding
 * (docs/product.md#toasts):
 * 'Error updating profile', with 'Security validation failed. Please try again.' when the
 * server reports a security violation, else 'An error occurred while updating your profile.'.
 */
export function showProfileError(t: TFunction, error: unknown) {
  const security = error instanceof ApiError && (error.code === 'SECURITY_VIOLATION' || error.message.includes('Security violation'));
  toast.error(t('profile:toast.errorTitle'), { description: t(security ? 'profile:toast.securityError' : 'profile:toast.genericError') });
}
