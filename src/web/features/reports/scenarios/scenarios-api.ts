import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ScenarioDraft } from '../../../../core/reports/scenario-drafts.ts';
import { api } from '../../../lib/api-routes.ts';

/** The founder's scenarios on the server (decision 182): they follow the founder to any browser. */
const scenariosKey = ['runway-scenarios'] as const;
/** Typing saves once the founder pauses, not on every key. */
const SAVE_DELAY_MS = 600;

export function useSavedScenarios(enabled: boolean) {
  return useQuery({ queryKey: scenariosKey, queryFn: async () => (await api('GET /api/reports/scenarios')).scenarios, enabled });
}

/** Saves the latest drafts shortly after the last change; a pending save is sent before the page goes away. */
export function useScenarioAutosave() {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (scenarios: ScenarioDraft[]) => api('PUT /api/reports/scenarios', { json: { scenarios } }),
    onSuccess: ({ scenarios }) => client.setQueryData(scenariosKey, scenarios),
  });
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; scenarios: ScenarioDraft[] } | null>(null);
  const { mutate } = save;

  useEffect(
    () => () => {
      // Leaving the page: what was typed in the last moment is still saved.
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      mutate(pending.current.scenarios);
    },
    [mutate],
  );

  const schedule = (scenarios: ScenarioDraft[]) => {
    if (pending.current) clearTimeout(pending.current.timer);
    const timer = setTimeout(() => {
      pending.current = null;
      mutate(scenarios);
    }, SAVE_DELAY_MS);
    pending.current = { timer, scenarios };
  };
  return { schedule, status: save.status };
}
