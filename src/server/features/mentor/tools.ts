import type { ToolSet } from 'ai';
import type { z } from 'zod';
import type { Language } from '../../../core/i18n/language.ts';
import { metricNumbers, weekLabel } from '../../../core/mentor/context-numbers.ts';
import { type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import { isoDay, projectRunway } from '../../../core/mentor/runway-projection.ts';
import { TOOL_INPUTS, type ToolName } from '../../../core/mentor/tool-calls.ts';
import { METRIC_UNITS } from '../../../core/metrics/metric-units.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { WeekKey } from '../../../core/metrics/iso-week.ts';
import { type MentorContext, searchChunks } from '../../ai/context/build-context.ts';
import type { Database } from '../../db/client.ts';
import { contextEntriesSource } from '../ai-context/index.ts';
import { summaryOf } from '../metrics/index.ts';
import { listVersions } from '../strategy/index.ts';
import { listTasks, taskNumbers } from '../tasks/index.ts';

/**
 * The mentor's tools (docs/mentor.md "Tools"): what a model may look up beyond the context
 * it is given, each reading only the asking founder's rows (the founder is fixed here, never
 * an argument). Every number a tool returns joins what the answer may state (`onKnown`), so
 * a number the model read in a tool's result is traced like one of the context.
 */
type ToolDeps = { db: Database; userId: string; context: MentorContext; language: Language; onKnown: (numbers: KnownNumber[]) => void };
type Result = { output: unknown; known: KnownNumber[] };

/** The words of a runway projection, as its numbers' source says them. */
const PROJECTION_WORDS: Record<Language, (costs: string, revenue: string) => string> = {
  en: (costs, revenue) => `runway with weekly costs ${costs} and weekly revenue ${revenue}`,
  'es-LA': (costs, revenue) => `runway con costos semanales ${costs} e ingresos semanales ${revenue}`,
};

const signed = (value: number, language: Language) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toLocaleString(language === 'en' ? 'en-US' : 'es-419', { maximumFractionDigits: 2 })}`;

/** Cuts the founder's note to what a model needs to read: the note's opening, with the lines the query found. */
const excerpt = (text: string) => (text.length > 800 ? `${text.slice(0, 800)}…` : text);

async function metricHistory(deps: ToolDeps, { metric, weeks }: z.infer<(typeof TOOL_INPUTS)['metric_history']>): Promise<Result> {
  const points = (await summaryOf(deps.db, deps.userId)).series.slice(-weeks) as (WeekKey & Record<string, number | null>)[];
  return {
    output: {
      metric,
      unit: METRIC_UNITS[metric as MetricKey],
      note: METRIC_UNITS[metric as MetricKey] === 'percent' ? 'values are fractions: 0.02 is 2%' : undefined,
      weeks: points.map((point) => ({ week: weekLabel(point), value: point[metric] ?? null })),
    },
    known: points.flatMap((point) => metricNumbers(point, [metric])),
  };
}

async function tasksByStatus(deps: ToolDeps, { status }: z.infer<(typeof TOOL_INPUTS)['tasks']>): Promise<Result> {
  const tasks = (await listTasks(deps.db, deps.userId, status)).slice(0, 20);
  return {
    output: tasks.map((task) => ({
      hypothesis: task.hypothesis,
      whyRelevant: task.whyRelevant,
      metric: task.metric,
      targetValue: task.targetValue,
      valueWhenCreated: task.metricValueAtCreation,
      valueWhenCompleted: task.metricValueAtCompletion,
      ice: { impact: task.impact, confidence: task.confidence, ease: task.ease, total: task.iceTotal },
      outcome: task.outcome,
      completionNotes: task.completionNotes,
      completedAt: task.completedAt,
    })),
    known: tasks.flatMap(taskNumbers),
  };
}

async function strategyVersions(deps: ToolDeps): Promise<Result> {
  const versions = (await listVersions(deps.db, deps.userId)).slice(0, 10);
  const text = (version: (typeof versions)[number]) => [version.coreProblem, ...version.maximas, version.statement].join('\n');
  return {
    output: versions.length === 0 ? 'No strategy saved yet.' : versions,
    known: versions.flatMap((version) => numbersIn(text(version), 'note', 'strategy')),
  };
}

async function searchNotes(deps: ToolDeps, { query }: z.infer<(typeof TOOL_INPUTS)['search_notes']>): Promise<Result> {
  const { chunks } = await contextEntriesSource.load({ db: deps.db, userId: deps.userId });
  const found = searchChunks(chunks, query, 3).map((chunk) => ({ ...chunk, text: excerpt(chunk.text) }));
  return {
    output: found.length === 0 ? 'No note matches.' : found.map((chunk) => ({ note: chunk.title, text: chunk.text })),
    known: found.flatMap((chunk) => numbersIn(chunk.text, 'note', chunk.title)),
  };
}

function runwayProjection(deps: ToolDeps, change: z.infer<(typeof TOOL_INPUTS)['project_runway']>): Result {
  const metrics = deps.context.facts.metrics;
  const cashBalance = metrics?.values.cashBalance;
  const weeklyBurn = metrics?.values.weeklyBurnRate;
  if (!metrics || typeof cashBalance !== 'number' || typeof weeklyBurn !== 'number') {
    return { output: 'No week is recorded yet: there is no cash or burn to project from.', known: [] };
  }
  const projection = projectRunway({ cashBalance, weeklyBurn, week: metrics }, { weeklyCosts: change.weeklyCostsChange, weeklyRevenue: change.weeklyRevenueChange });
  const detail = PROJECTION_WORDS[deps.language](signed(change.weeklyCostsChange, deps.language), signed(change.weeklyRevenueChange, deps.language));
  const derived = (key: string, value: number | null, unit: KnownNumber['unit']): KnownNumber[] => (value === null ? [] : [{ kind: 'derived', key, value, unit, detail }]);
  const state = (s: typeof projection.now) => ({
    weeklyBurn: s.weeklyBurn,
    runwayWeeks: s.runwayWeeks === null ? 'not burning cash' : Number(s.runwayWeeks.toFixed(1)),
    cashRunsOut: s.cashOutDay === null ? null : isoDay(s.cashOutDay),
  });
  return {
    output: { cash: cashBalance, now: state(projection.now), after: state(projection.after), change: projection.change },
    known: [
      ...derived('runwayAfter', projection.after.runwayWeeks, 'weeks'),
      ...derived('weeklyBurnAfter', projection.after.weeklyBurn, 'moneyPerWeek'),
      ...derived('cashOutDate', projection.now.cashOutDay, 'date'),
      ...derived('cashOutDateAfter', projection.after.cashOutDay, 'date'),
      ...derived('weeklyCostsChange', change.weeklyCostsChange, 'moneyPerWeek'),
      ...derived('weeklyRevenueChange', change.weeklyRevenueChange, 'moneyPerWeek'),
    ],
  };
}

/** A task draft the founder can open in the Tasks form (the chat shows it); its figures are proposals. */
function draftTask(draft: z.infer<(typeof TOOL_INPUTS)['draft_task']>): Result {
  const detail = draft.hypothesis;
  const unit = METRIC_UNITS[draft.metric as MetricKey] ?? 'number';
  const ice = (draft.impact * draft.confidence * draft.ease) / 100;
  return {
    output: { drafted: true, note: 'The founder sees the draft in the chat and can open it in the Tasks form to edit and save.' },
    known: [
      { kind: 'proposal', key: 'iceTotal', value: ice, unit: 'score', detail },
      ...(draft.targetValue === null ? [] : [{ kind: 'proposal' as const, key: 'targetValue', value: draft.targetValue, unit, detail }]),
    ],
  };
}

const DESCRIPTIONS: Record<ToolName, string> = {
  metric_history: "The founder's recorded weekly values of one metric over the last `weeks` recorded weeks, oldest first.",
  tasks: "The founder's tasks (hypotheses) by status: `active`, or `done` with their results.",
  strategy: "The founder's strategy and its earlier versions, newest first.",
  search_notes: "Searches the founder's AI context notes and uploaded files for the words in `query`.",
  project_runway:
    "The founder's runway and cash-out date now and after a change in weekly costs and/or weekly revenue (in the founder's currency, per week; negative to cut). Use it for hiring, spending and pricing questions.",
  draft_task: 'Drafts a task (a testable hypothesis with its metric, target and ICE scores 1-10) that the founder can open in the Tasks form.',
};

export async function mentorTools(deps: ToolDeps): Promise<ToolSet> {
  // The AI SDK loads with the first answer or draft, not at start (decision 304).
  const { tool } = await import('ai');
  const define = <Schema extends z.ZodType>(name: ToolName, inputSchema: Schema, run: (input: z.infer<Schema>) => Result | Promise<Result>) =>
    tool({
      description: DESCRIPTIONS[name],
      inputSchema,
      execute: async (input: z.infer<Schema>) => {
        const { output, known } = await run(input);
        deps.onKnown(known);
        return output;
      },
    });
  return {
    metric_history: define('metric_history', TOOL_INPUTS.metric_history, (input) => metricHistory(deps, input)),
    tasks: define('tasks', TOOL_INPUTS.tasks, (input) => tasksByStatus(deps, input)),
    strategy: define('strategy', TOOL_INPUTS.strategy, () => strategyVersions(deps)),
    search_notes: define('search_notes', TOOL_INPUTS.search_notes, (input) => searchNotes(deps, input)),
    project_runway: define('project_runway', TOOL_INPUTS.project_runway, (input) => runwayProjection(deps, input)),
    draft_task: define('draft_task', TOOL_INPUTS.draft_task, draftTask),
  } satisfies Record<ToolName, unknown>;
}
