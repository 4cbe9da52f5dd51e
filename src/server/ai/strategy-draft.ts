import type { Language } from '../../core/i18n/language.ts';
import { MAXIMAS_SUGGESTED } from '../../core/strategy/strategy-schema.ts';
import { StrategyDraft, type StrategyDraftInput } from '../../core/mentor/strategy-draft.ts';
import type { MentorContext } from './context/build-context.ts';
import { diagnose, formatValue } from './offline/diagnosis.ts';
import { choosePlays } from './offline/play-choice.ts';
import { OFFLINE_TEXT } from './offline/offline-text.ts';
import type { MentorModel } from './provider.ts';
import { structuredDraft } from './structured-draft.ts';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The offline strategy's sentences, in both languages (Spanish with tú). */
const WORDS: Record<Language, {
  problemFromMetric: (metric: string, value: string, target: string, startup: string) => string;
  problemUnproven: (startup: string) => string;
  statement: (startup: string, maximas: string[]) => string;
}> = {
  en: {
    problemFromMetric: (metric, value, target, startup) =>
      `${metric} is ${value} (${target}), and until it gets there ${startup} cannot grow in a way that lasts.`,
    problemUnproven: (startup) => `${capitalize(startup)} has not yet proven that its customers need it enough to pay for it week after week.`,
    statement: (startup, maximas) =>
      `This quarter ${startup} bets on ${maximas.length} things: ${maximas.join('; ')}. Anything that does not serve them can wait.`,
  },
  'es-LA': {
    problemFromMetric: (metric, value, target, startup) =>
      `${metric} está en ${value} (${target}) y, hasta que llegue ahí, ${startup} no puede crecer de forma sostenible.`,
    problemUnproven: (startup) => `${capitalize(startup)} todavía no demuestra que sus clientes la necesiten lo suficiente como para pagar por ella semana tras semana.`,
    statement: (startup, maximas) =>
      `Este trimestre ${startup} apuesta por ${maximas.length} cosas: ${maximas.join('; ')}. Lo que no sirva a estas apuestas puede esperar.`,
  },
};

type FoundersOwn = Pick<StrategyDraftInput, 'coreProblem' | 'maximas'>;

/**
 * Without a model: the core problem is the founder's own when they wrote one, else the
 * metric furthest from its target (or, with no metrics yet, the question every early
 * startup must answer); the maximas are the founder's when complete, else the
 * playbook's best plays for the problem; the statement ties them together.
 * Deterministic, like the rest of the offline mentor.
 */
export function offlineStrategyDraft(context: MentorContext, language: Language, own: FoundersOwn = {}): StrategyDraft {
  const words = WORDS[language];
  const text = OFFLINE_TEXT[language];
  const startup = context.facts.profile?.startupName ?? text.yourStartup;
  const diagnosis = diagnose(context);
  const worst = diagnosis.find((d) => d.status === 'off') ?? diagnosis.find((d) => d.status === 'near');
  const ownProblem = [own.coreProblem, context.facts.strategy?.coreProblem, context.facts.profile?.coreProblem]
    .map((candidate) => candidate?.trim() ?? '')
    .find((candidate) => StrategyDraft.shape.coreProblem.safeParse(candidate).success);
  const problem =
    ownProblem ??
    (worst
      ? words.problemFromMetric(
          text.metricNames[worst.target.key],
          formatValue(worst.target, worst.value, language),
          text.target(worst.target.direction, formatValue(worst.target, worst.target.threshold, language)),
          startup,
        )
      : words.problemUnproven(startup));
  const ownMaximas = StrategyDraft.shape.maximas.safeParse(own.maximas);
  const maximas = ownMaximas.success
    ? ownMaximas.data
    : choosePlays(problem, diagnosis, MAXIMAS_SUGGESTED.min).map((play) => play[language === 'en' ? 'en' : 'es'].title);
  return StrategyDraft.parse({ coreProblem: problem, maximas, statement: words.statement(startup, maximas) });
}

/** A strategy draft from the model as structured output, or from the offline playbook. */
export function draftStrategy(input: { model: MentorModel | null; context: MentorContext; language: Language; own: FoundersOwn }) {
  const ownProblem = input.own.coreProblem?.trim();
  const ownMaximas = input.own.maximas?.map((maxima) => maxima.trim()).filter(Boolean) ?? [];
  return structuredDraft({
    ...input,
    schema: StrategyDraft,
    prompt: [
      'Propose a strategy for this founder, in three parts:',
      `1. coreProblem: the one problem that most limits the startup now, in one or two sentences${ownProblem ? `, sharpening what the founder wrote: "${ownProblem}"` : ''};`,
      `2. maximas: ${MAXIMAS_SUGGESTED.min} to ${MAXIMAS_SUGGESTED.max} short guiding principles that attack that problem, mutually exclusive and together exhaustive (MECE)${ownMaximas.length > 0 ? `, improving on the founder's: ${ownMaximas.map((m) => `"${m}"`).join(', ')}` : ''};`,
      '3. statement: the strategy statement that ties them together in two or three sentences.',
    ].join('\n'),
    offline: () => offlineStrategyDraft(input.context, input.language, input.own),
  });
}
