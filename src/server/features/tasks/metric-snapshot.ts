import type { TaskMetricKey } from '../../../core/tasks/task-metrics.ts';
import type { Database } from '../../db/client.ts';
import { summaryOf } from '../metrics/index.ts';

/**
 * The founder's latest value of a metric (GET /api/metrics/summary's `latest`), stored on
 * a task when it is created and when it is completed so the Done tab can show "then and
 * now". Null when no week is recorded or the metric cannot be computed yet.
 */
export async function latestMetricValue(db: Database, userId: string, metric: TaskMetricKey): Promise<number | null> {
  const { latest } = await summaryOf(db, userId);
  return latest?.[metric] ?? null;
}
