import type { Language } from '../../core/i18n/language.ts';
import { METRIC_TARGETS } from '../../core/mentor/metric-targets.ts';
import type { Play } from '../../core/mentor/playbook.ts';
import { TaskDraft } from '../../core/mentor/task-draft.ts';
import { TASK_METRIC_KEYS } from '../../core/tasks/task-metrics.ts';
import type { MentorContext } from './context/build-context.ts';
import { structuredDraft } from './structured-draft.ts';
import { diagnose } from './offline/diagnosis.ts';
import { choosePlays } from './offline/play-choice.ts';
import type { MentorModel } from './provider.ts';

/** Playbook metrics → the metric keys tasks attach to (GET /api/metrics/summary `latest`). */
const TASK_METRIC: Record<NonNullable<Play['metric']>, string> = {
  runwayWeeks: 'runwayWeeks',
  churnRate: 'churnRate',
  ndr: 'ndr',
  ltvToCac: 'ltvToCac',
  paybackWeeks: 'paybackWeeks',
  userGrowth: 'activeUsers',
  revenueGrowth: 'mrr',
  cac: 'cac',
  mrr: 'mrr',
  activeUsers: 'activeUsers',
};

const WHY: Record<Language, { offTarget: (title: string) => string; general: (title: string) => string }> = {
  en: {
    offTarget: (title) => `${title}: it moves the metric that is furthest from its target right now.`,
    general: (title) => `${title}: a proven play for a startup at your stage.`,
  },
  'es-LA': {
    offTarget: (title) => `${title}: mueve la métrica que hoy está más lejos de su meta.`,
    general: (title) => `${title}: una jugada probada para una startup en tu etapa.`,
  },
};

/** Without a model: the best playbook play for the diagnosis and the focus, as a draft. */
export function offlineTaskDraft(context: MentorContext, language: Language, focus = ''): TaskDraft {
  const diagnosis = diagnose(context);
  const [play] = choosePlays(focus, diagnosis, 1);
  const chosen = play!;
  const text = chosen[language === 'en' ? 'en' : 'es'];
  const metric = TASK_METRIC[chosen.metric ?? 'mrr'];
  const target = METRIC_TARGETS.find((t) => t.key === chosen.metric);
  const offTarget = diagnosis.some((d) => d.target.key === chosen.metric && d.status !== 'on');
  return {
    hypothesis: text.hypothesis,
    whyRelevant: (offTarget ? WHY[language].offTarget : WHY[language].general)(text.title),
    metric,
    targetValue: target?.threshold ?? null,
    ...chosen.ice,
  };
}

/** A task draft from the model as structured output, or from the offline playbook. */
export function draftTask(input: { model: MentorModel | null; context: MentorContext; language: Language; focus?: string }) {
  return structuredDraft({
    ...input,
    schema: TaskDraft,
    prompt: `Propose the single most valuable task for this founder now${input.focus ? `, about: ${input.focus}` : ''}, as a testable hypothesis with the metric it moves (one of: ${TASK_METRIC_KEYS.join(', ')}), a target value in that metric's unit, and ICE scores (1-10 each).`,
    offline: () => offlineTaskDraft(input.context, input.language, input.focus),
  });
}
