import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * A resource another feature serves (API-CONTRACT). Until that feature is deployed the
 * route answers 404, and "nothing yet" is what the founder should see: null, not an error.
 */
export const optionalResource = <T>(key: readonly unknown[], path: string) =>
  queryOptions({
    queryKey: key,
    queryFn: async (): Promise<T | null> => {
      try {
        return await apiFetch<T>(path);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500 && error.status !== 0) && failures < 2,
  });
