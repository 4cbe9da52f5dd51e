import { contextEntriesSource } from '../ai-context/index.ts';
import { metricsSource } from '../metrics/index.ts';
import { profileSource } from '../profile/index.ts';
import { strategySource } from '../strategy/index.ts';
import { tasksSource } from '../tasks/index.ts';
import type { ContextSource } from '../../ai/context/types.ts';

/**
 * Every source of the mentor's context, in one list (docs/product.md#mentor-context): the profile, the
 * latest metrics against targets with their trend (its `facts.metrics` is what the
 * offline mentor diagnoses) and the current strategy are pinned with the profile; the top
 * active tasks and the AI context entries are ranked by relevance to the question.
 */
export const CONTEXT_SOURCES: readonly ContextSource[] = [profileSource, metricsSource, strategySource, tasksSource, contextEntriesSource];
