import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import type { StrategyDraftInput } from '../../../core/mentor/strategy-draft.ts';
import type { Json } from '../../../core/http/json.ts';
import type { StrategyDrafted } from '../../../server/features/mentor/index.ts';
import type { StrategyVersion as ServerStrategyVersion } from '../../../server/features/strategy/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { gamificationQueryKey } from '../gamification/index.ts';

/** A saved version of the strategy as the API answers it: the server's `StrategyVersion`, as JSON. */
export type StrategyVersion = Json<ServerStrategyVersion>;

export const strategyQueryOptions = () =>
  queryOptions({ queryKey: ['strategy', 'current'], queryFn: () => apiFetch<StrategyVersion>('/api/strategy') });

export function useStrategy() {
  return useQuery(strategyQueryOptions());
}

export function useStrategyVersions() {
  return useQuery({ queryKey: ['strategy', 'versions'], queryFn: () => apiFetch<StrategyVersion[]>('/api/strategy/versions') });
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
    mutationFn: (input: StrategyInput) => apiFetch<StrategyVersion>('/api/strategy', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: afterSave,
  });
}

export function useRestoreVersion() {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (version: number) => apiFetch<StrategyVersion>(`/api/strategy/versions/${version}/restore`, { method: 'POST' }),
    onSuccess: afterSave,
  });
}

/** A strategy suggestion from the mentor (model or offline playbook), built on what the founder wrote. */
export function requestStrategyDraft(input: StrategyDraftInput) {
  return apiFetch<Json<StrategyDrafted>>('/api/mentor/strategy-draft', { method: 'POST', body: JSON.stringify(input) });
}
