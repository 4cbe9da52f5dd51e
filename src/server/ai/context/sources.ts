import { contextEntriesSource } from './context-entries-source.ts';
import { metricsSource } from './metrics-source.ts';
import { profileSource } from './profile-source.ts';
import { strategySource } from './strategy-source.ts';
import { tasksSource } from './tasks-source.ts';
import type { ContextSource } from './types.ts';

/**
 * Every source of the mentor's context, in one list (SPEC §10 "AI"): the profile, the
 * latest metrics against targets with their trend (its `facts.metrics` is what the
 * offline mentor diagnoses) and the current strategy are pinned with the profile; the top
 * active tasks and the AI context entries are ranked by relevance to the question.
 */
export const CONTEXT_SOURCES: readonly ContextSource[] = [profileSource, metricsSource, strategySource, tasksSource, contextEntriesSource];
