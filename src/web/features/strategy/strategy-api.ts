import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import type { StrategyDraftInput } from '../../../core/mentor/strategy-draft.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { gamificationQueryKey } from '../gamification/index.ts';

/** A saved version of the strategy as the API answers it: as PUT /api/strategy answers it. */
export type StrategyVersion = ApiAnswer<'PUT /api/strategy'>;

export const strategyQueryOptions = () =>
  queryOptions({ queryKey: ['strategy', 'current'], queryFn: () => api('GET /api/strategy') });

export function useStrategy() {
  return useQuery(strategyQueryOptions());
}

export function useStrategyVersions() {
  return useQuery({ queryKey: ['strategy', 'versions'], queryFn: () => api('GET /api/strategy/versions') });
}

function useAfterSave() {
  const queryClient = useQueryClient();
  return (saved: StrategyVersion) => {
    queryClient.setQueryData(strategyQueryOptions().queryKey, saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['strategy', 'versions'] }),
      queryClient.invalidateQueries({ queryKey: gamificationQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);
  };
}

export function useSaveStrategy() {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (input: StrategyInput) => api('PUT /api/strategy', { json: input }),
    onSuccess: afterSave,
  });
}

export function useRestoreVersion() {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (version: number) => api('POST /api/strategy/versions/:version/restore', { params: { version } }),
    onSuccess: afterSave,
  });
}

/** A strategy suggestion from the mentor (model or offline playbook), built on what the founder wrote. */
export function requestStrategyDraft(input: StrategyDraftInput) {
  return api('POST /api/mentor/strategy-draft', { json: input });
}
