import i18next from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * The translated text for any thrown value: by API code, else the generic message. Apart
 * from error-toast.ts so that a public page can say why without loading the toaster.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return i18next.t('errors:network');
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== null) {
      return i18next.t('errors:rateLimitedWait', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
    }
    return i18next.t(`errors:codes.${error.code}`, { defaultValue: i18next.t('errors:generic') });
  }
  return i18next.t('errors:generic');
}
