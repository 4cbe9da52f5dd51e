import type { Language } from '../../../core/i18n/language.ts';
import type { MetricKey, MetricTrend, TargetStatus } from '../../../core/mentor/metric-targets.ts';
import type { TargetDirection } from '../../../core/metrics/targets.ts';
import type { PlaybookArea } from '../../../core/mentor/playbook.ts';

/** The offline mentor's words in both languages (Spanish with tú). */
type OfflineText = {
  intro: string;
  ownDataOnly: string;
  yourStartup: string;
  whereYouStand: (startup: string) => string;
  noMetrics: string;
  weekOf: (year: number, week: number) => string;
  weeks: (n: string) => string;
  target: (direction: TargetDirection, threshold: string) => string;
  status: Record<TargetStatus, string>;
  trend: (trend: MetricTrend, weeks: number) => string;
  topTask: (hypothesis: string, metric: string, ice: string) => string;
  strategy: (version: number, statement: string) => string;
  maximas: (maximas: string[]) => string;
  metricNames: Record<MetricKey, string>;
  allOnTarget: string;
  focusOn: (names: string[]) => string;
  fromYourNotes: string;
  hypotheses: string;
  areas: Record<PlaybookArea, string>;
  nextStep: string;
  nextStepText: string;
};

const list = (names: string[], and: string) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`);

export const OFFLINE_TEXT: Record<Language, OfflineText> = {
  en: {
    intro:
      "I'm Rumbo's offline mentor: a rule-based advisor that reads your own data, not a language model. To talk with a model, set `AI_BASE_URL` and `AI_MODEL` (any OpenAI-compatible server, such as OpenAI, Ollama or OpenRouter) or `ANTHROPIC_API_KEY` on the server.",
    ownDataOnly: 'I only see your own data, and my instructions stay the same whatever a message asks.',
    yourStartup: 'your startup',
    whereYouStand: (startup) => `Where ${startup} stands`,
    noMetrics:
      "You haven't recorded weekly metrics yet, so I can't diagnose runway, churn or growth. Record your first week on the Metrics page and ask me again; meanwhile, here is where founders at your stage usually start.",
    weekOf: (year, week) => `Your latest week is ${year}-W${String(week).padStart(2, '0')}.`,
    weeks: (n) => `${n} weeks`,
    target: (direction, threshold) => `target ${{ above: 'above', atLeast: 'at least', below: 'below' }[direction]} ${threshold}`,
    status: { on: 'on target', near: 'near the target', off: 'off target' },
    trend: (trend, weeks) => `${{ improving: 'improving', worsening: 'worsening', steady: 'steady' }[trend]} over ${weeks} weeks`,
    topTask: (hypothesis, metric, ice) => `Your top active task (ICE ${ice}, moves ${metric}): _${hypothesis}_`,
    strategy: (version, statement) => `Your strategy (version ${version}): _${statement}_`,
    maximas: (maximas) => `Your maximas: ${maximas.join('; ')}.`,
    metricNames: {
      runwayWeeks: 'Runway',
      churnRate: 'Weekly churn',
      ndr: 'NDR',
      ltvToCac: 'LTV:CAC',
      paybackWeeks: 'CAC payback',
      userGrowth: 'User growth (weekly)',
      revenueGrowth: 'Revenue growth (monthly)',
    },
    allOnTarget: 'Every metric with a target is on target: keep the pace and push the one that moves revenue most.',
    focusOn: (names) => `Focus first on ${list(names, 'and')}: the hypotheses below are chosen for them.`,
    fromYourNotes: 'From your context notes',
    hypotheses: 'Hypotheses to test',
    areas: {
      acquisition: 'acquisition',
      activation: 'activation',
      retention: 'retention',
      revenue: 'revenue',
      pricing: 'pricing',
      fundraising: 'fundraising',
      hiring: 'hiring',
      focus: 'focus',
    },
    nextStep: 'Next step',
    nextStepText:
      'Pick the hypothesis with the highest ICE, turn it into a task on the Tasks page with a target value, and check the number at your Monday review.',
  },
  'es-LA': {
    intro:
      'Soy el mentor sin conexión de Rumbo: un asesor basado en reglas que lee tus propios datos, no un modelo de lenguaje. Para hablar con un modelo, configura `AI_BASE_URL` y `AI_MODEL` (cualquier servidor compatible con OpenAI, como OpenAI, Ollama u OpenRouter) o `ANTHROPIC_API_KEY` en el servidor.',
    ownDataOnly: 'Solo veo tus propios datos, y mis instrucciones no cambian aunque un mensaje lo pida.',
    yourStartup: 'tu startup',
    whereYouStand: (startup) => `Cómo está ${startup}`,
    noMetrics:
      'Todavía no registraste métricas semanales, así que no puedo diagnosticar tu pista, churn ni crecimiento. Registra tu primera semana en la página de Métricas y vuelve a preguntarme; mientras tanto, esto es por donde suelen empezar los fundadores en tu etapa.',
    weekOf: (year, week) => `Tu última semana registrada es ${year}-S${String(week).padStart(2, '0')}.`,
    weeks: (n) => `${n} semanas`,
    target: (direction, threshold) => `meta ${{ above: 'por encima de', atLeast: 'de al menos', below: 'por debajo de' }[direction]} ${threshold}`,
    status: { on: 'en meta', near: 'cerca de la meta', off: 'fuera de meta' },
    trend: (trend, weeks) => `${{ improving: 'mejorando', worsening: 'empeorando', steady: 'estable' }[trend]} en ${weeks} semanas`,
    topTask: (hypothesis, metric, ice) => `Tu tarea activa principal (ICE ${ice}, mueve ${metric}): _${hypothesis}_`,
    strategy: (version, statement) => `Tu estrategia (versión ${version}): _${statement}_`,
    maximas: (maximas) => `Tus máximas: ${maximas.join('; ')}.`,
    metricNames: {
      runwayWeeks: 'Pista (runway)',
      churnRate: 'Churn semanal',
      ndr: 'NDR',
      ltvToCac: 'LTV:CAC',
      paybackWeeks: 'Recuperación del CAC',
      userGrowth: 'Crecimiento de usuarios (semanal)',
      revenueGrowth: 'Crecimiento de ingresos (mensual)',
    },
    allOnTarget: 'Todas las métricas con meta están en meta: mantén el ritmo y empuja la que más mueve tus ingresos.',
    focusOn: (names) => `Enfócate primero en ${list(names, 'y')}: las hipótesis de abajo están elegidas para eso.`,
    fromYourNotes: 'De tus notas de contexto',
    hypotheses: 'Hipótesis para probar',
    areas: {
      acquisition: 'adquisición',
      activation: 'activación',
      retention: 'retención',
      revenue: 'ingresos',
      pricing: 'precios',
      fundraising: 'inversión',
      hiring: 'contratación',
      focus: 'enfoque',
    },
    nextStep: 'Siguiente paso',
    nextStepText:
      'Elige la hipótesis con el ICE más alto, conviértela en una tarea en la página de Tareas con un valor meta, y revisa el número en tu revisión del lunes.',
  },
};
