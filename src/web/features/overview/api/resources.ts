import { useQuery } from '@tanstack/react-query';
import type { RunwayStatus } from '../../../../core/metrics/formulas.ts';
import type { TargetStatus } from '../../../../core/metrics/targets.ts';
import { optionalResource } from './optional-resource.ts';

/** Shapes of API-CONTRACT.md, only the parts the Overview shows. */
export type MetricKey = 'mrr' | 'runwayWeeks' | 'churnRate' | 'ndr' | 'ltvToCac' | 'paybackWeeks' | 'cac' | 'activeUsers' | 'weeklyBurnRate';
export type MetricsSummary = {
  latest: ({ year: number; week: number; runwayStatus?: RunwayStatus; ndrConfidence?: string } & Partial<Record<MetricKey, number | null>>) | null;
  /** The server's judgement against the targets: one source of truth with the dashboard. */
  statuses?: Partial<Record<MetricKey, TargetStatus | null>> | null;
  series?: unknown[];
  targets?: unknown;
};
export type Task = { id: string; hypothesis: string; metric?: string; iceTotal: number; status?: string };
export type Strategy = { coreProblem?: string; maximas?: string[]; statement?: string | null; version?: number };
export type Gamification = { points: number; level: number; streak: number; badges?: unknown[] };

/** `GET /api/tasks` may answer a list or `{ tasks }`/`{ items }`; the Overview needs the list. */
function taskList(body: unknown): Task[] {
  if (Array.isArray(body)) return body as Task[];
  if (body && typeof body === 'object') {
    const wrapped = (body as { tasks?: unknown; items?: unknown }).tasks ?? (body as { items?: unknown }).items;
    if (Array.isArray(wrapped)) return wrapped as Task[];
  }
  return [];
}

export const useMetricsSummary = () => useQuery(optionalResource<MetricsSummary>(['metrics', 'summary', '12w'], '/api/metrics/summary?range=12w'));
export const useActiveTasks = () => {
  const query = useQuery(optionalResource<unknown>(['tasks', 'active'], '/api/tasks?status=active'));
  const tasks = query.data === undefined ? undefined : query.data === null ? null : taskList(query.data);
  return { ...query, tasks };
};
export const useStrategy = () => useQuery(optionalResource<Strategy>(['strategy'], '/api/strategy'));
export const useGamification = () => useQuery(optionalResource<Gamification>(['gamification'], '/api/me/gamification'));
