import type { MetricFacts } from '../../../core/mentor/metric-targets.ts';
import type { KnownNumber } from '../../../core/mentor/number-check.ts';
import type { Database } from '../../db/client.ts';

/**
 * The mentor's context is assembled from sources (docs/product.md#mentor-context: profile, latest metrics
 * against targets, active tasks, current strategy, AI context entries). Each source reads
 * only the signed-in founder's rows (`userId`) and returns:
 * - `chunks`: text for the model, ranked by relevance to the question and cut to a budget;
 * - `facts`: structured data the offline mentor reasons with (it cannot read prose).
 * A feature adds itself by appending a source to `CONTEXT_SOURCES` (sources.ts).
 */
export type ContextChunk = {
  /** Stable id, e.g. `profile` or `context-entry:<uuid>`. */
  id: string;
  source: string;
  /** A short heading the model sees above the text. */
  title: string;
  text: string;
  /** Always included (ahead of ranking): the founder's profile and metrics. */
  pinned?: boolean;
  /** Newer wins among equally relevant chunks. */
  updatedAt?: Date;
  /** The numbers the text states, with their source: what an answer's numbers are checked against. */
  numbers?: KnownNumber[];
};

export type ProfileFacts = {
  name: string | null;
  startupName: string | null;
  industry: string | null;
  startupPhase: string | null;
  teamSize: string | null;
  customerInformation: string | null;
  coreProblem: string | null;
  /** How the founder writes money and numbers (decision 110). */
  currency?: string;
  country?: string | null;
};

export type ContextEntryFacts = { id: string; type: string; description: string; fileText: string };

/** An active task as the mentor sees it (top by ICE total first). */
export type TaskFacts = { id: string; hypothesis: string; whyRelevant: string; metric: string; targetValue: number; iceTotal: number };

/** The current (highest) strategy version; absent before the first save. */
export type StrategyFacts = { version: number; coreProblem: string; maximas: string[]; statement: string };

export type MentorFacts = {
  profile?: ProfileFacts;
  metrics?: MetricFacts;
  tasks?: TaskFacts[];
  strategy?: StrategyFacts;
  contextEntries?: ContextEntryFacts[];
  /** Short lines the offline mentor cites as they are. */
  notes?: string[];
};

export type ContextSourceResult = { chunks: ContextChunk[]; facts?: MentorFacts };

export type ContextSource = {
  name: string;
  load: (input: { db: Database; userId: string }) => Promise<ContextSourceResult>;
};
