import type { Language } from '../../../core/i18n/language.ts';
import type { TargetStatus } from '../../../core/metrics/targets.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { KeyMetric } from './weekly-content.ts';

/** The weekly insights' sentences (docs/decisions/212-weekly-insights.md); numbers come written in the founder's style. */
export type InsightCopy = {
  title: string;
  ask: string;
  /** The question the chat starter puts in the mentor's composer: the insight, then what to do. */
  question: (line: string) => string;
  runwayBelowTarget: (v: { from: string | null; to: string; threshold: string }) => string;
  /** Runway still under its target; `cashOut` is the day the cash runs out, said only within six months. */
  runwayUnderTarget: (v: { to: string; threshold: string }) => string;
  cashOut: (date: string) => string;
  offTarget: (v: { metric: string; from: string; to: string; target: string }) => string;
  /** `times` only for a metric that must stay under its target (churn at four times its limit). */
  stillOffTarget: (v: { metric: string; to: string; target: string; times: string | null }) => string;
  churnRising: (values: string[]) => string;
  cacJumped: (values: string[]) => string;
  growthStalled: (values: string[]) => string;
  taskMetricMoved: (v: { metric: string; from: string; to: string; hypothesis: string; better: boolean }) => string;
  weekNotRecorded: (v: { week: string; latest: string }) => string;
  metricNames: Partial<Record<MetricKey, string>>;
};

/**
 * The weekly e-mails' words in both languages. Kept with the e-mails, as the account
 * e-mails keep theirs (src/server/mail/auth-emails.ts): the browser never shows them.
 */
export type WeeklyCopy = {
  greeting: (name: string) => string;
  footer: { why: string; settings: string; unsubscribe: string };
  monday: {
    /** The week named by its Monday as the founder reads it ("23 Nov 2026"), never an ISO code. */
    subject: (week: string) => string;
    preview: string;
    title: string;
    intro: (week: string) => string;
    stale: (latest: string, lastWeek: string) => string;
    empty: string;
    columns: { metric: string; value: string; before: string; target: string; status: string };
    changed: string;
    rose: (metric: string, from: string, to: string) => string;
    fell: (metric: string, from: string, to: string) => string;
    statusMoved: (metric: string, from: string, to: string) => string;
    nothingChanged: string;
    action: string;
    insights: InsightCopy;
  };
  friday: {
    subject: string;
    preview: string;
    title: string;
    questions: string[];
    questionsTitle: string;
    tasksTitle: string;
    ice: (value: string) => string;
    /** A task's due date, already written in the founder's language. */
    due: (date: string) => string;
    noTasks: string;
    action: string;
  };
  metrics: Record<KeyMetric, string>;
  status: Record<TargetStatus, string>;
  notBurning: string;
  /** Every figure with its unit: weeks spelled out, multiples with ×. */
  units: { weeks: (value: string) => string; multiple: (value: string) => string };
};

export const WEEKLY_COPY: Record<Language, WeeklyCopy> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    footer: {
      why: 'You get this e-mail because weekly reminders are on in your Rumbo profile.',
      settings: 'Change the hours or turn them off',
      unsubscribe: 'Unsubscribe from weekly e-mails',
    },
    monday: {
      subject: (week) => `Your numbers for the week of ${week} and this week's record`,
      preview: "Last week's key numbers against their targets, and one link to record this week.",
      title: "Last week's numbers",
      intro: (week) => `Here is the week of ${week} against your targets.`,
      stale: (latest, lastWeek) => `Your latest recorded week is the week of ${latest}; the week of ${lastWeek} is not recorded yet.`,
      empty: "You haven't recorded a week yet. Five minutes with last week's numbers and Rumbo shows you where you stand against the targets that matter.",
      columns: { metric: 'Metric', value: 'Latest', before: 'Week before', target: 'Target', status: 'Status' },
      changed: 'What changed',
      rose: (metric, from, to) => `${metric} rose from ${from} to ${to}.`,
      fell: (metric, from, to) => `${metric} fell from ${from} to ${to}.`,
      statusMoved: (metric, from, to) => `${metric} moved from ${from} to ${to}.`,
      nothingChanged: 'Nothing moved since the week before.',
      action: 'Record this week',
      insights: {
        title: 'What stands out this week',
        ask: 'Ask the mentor',
        question: (line) => `${line} What should I do about it?`,
        runwayBelowTarget: ({ from, to, threshold }) =>
          from ? `Runway fell from ${from} to ${to} weeks, under the ${threshold}-week target.` : `You started burning cash: runway is ${to} weeks, under the ${threshold}-week target.`,
        runwayUnderTarget: ({ to, threshold }) => `Runway is ${to} weeks, under the ${threshold}-week target.`,
        cashOut: (date) => `At this burn the cash runs out around ${date}.`,
        offTarget: ({ metric, from, to, target }) => `${metric} went off target: from ${from} to ${to} (target ${target}).`,
        stillOffTarget: ({ metric, to, target, times }) => `${metric} is ${to}, off target (target ${target})${times ? `: ${times} times the limit` : ''}.`,
        churnRising: (values) => `Weekly churn rose three weeks in a row: ${values.join(' → ')}.`,
        cacJumped: (values) => `CAC jumped to ${values.at(-1)} against its trend: ${values.join(' → ')}.`,
        growthStalled: (values) => `Active users stopped growing three weeks ago: ${values.join(' → ')}.`,
        taskMetricMoved: ({ metric, from, to, hypothesis, better }) => `${metric} moved ${better ? 'the right way' : 'the wrong way'}, from ${from} to ${to}, since you started “${hypothesis}”.`,
        weekNotRecorded: ({ week, latest }) => `The week of ${week} is not recorded yet; your latest recorded week is the week of ${latest}.`,
        metricNames: { cac: 'CAC', weeklyRecurringRevenue: 'Weekly recurring revenue', weeklyBurnRate: 'Weekly burn rate', ltv: 'LTV', arpc: 'ARPC' },
      },
    },
    friday: {
      subject: 'Your Friday reflection',
      preview: 'Four questions for the end of the week, and your best bets by ICE.',
      title: 'Time to look back on the week',
      questionsTitle: 'Questions for the week',
      questions: [
        'What did you learn this week that you did not know on Monday?',
        'Which hypothesis did you test, and what did the result tell you?',
        'What will you stop, start or keep doing next week?',
        'What one result would make next week a win?',
      ],
      tasksTitle: 'Your active tasks, best first',
      ice: (value) => `ICE ${value}`,
      due: (date) => `due ${date}`,
      noTasks: 'No active tasks. Turn one hunch from this week into a hypothesis you can test.',
      action: 'Complete a task',
    },
    metrics: {
      mrr: 'MRR',
      activeUsers: 'Active users (weekly)',
      cashBalance: 'Available cash',
      runwayWeeks: 'Runway',
      churnRate: 'Weekly churn',
      ndr: 'NDR',
      ltvToCac: 'LTV : CAC',
      paybackWeeks: 'CAC payback',
      userGrowth: 'Weekly user growth',
      revenueGrowth: 'Monthly revenue growth',
    },
    status: { on: '✓ On target', near: '≈ Near target', off: '✗ Off target' },
    notBurning: 'not burning',
    units: { weeks: (value) => `${value} weeks`, multiple: (value) => `${value}×` },
  },
  'es-LA': {
    greeting: (name) => `Hola, ${name}:`,
    footer: {
      why: 'Recibes este correo porque los recordatorios semanales están activados en tu perfil de Rumbo.',
      settings: 'Cambia los horarios o desactívalos',
      unsubscribe: 'Dejar de recibir los correos semanales',
    },
    monday: {
      subject: (week) => `Tus números de la semana del ${week} y el registro de esta semana`,
      preview: 'Los números clave de la semana pasada frente a sus metas, y un enlace para registrar esta semana.',
      title: 'Los números de la semana pasada',
      intro: (week) => `Así quedó la semana del ${week} frente a tus metas.`,
      stale: (latest, lastWeek) => `Tu última semana registrada es la del ${latest}; la semana del ${lastWeek} todavía no está registrada.`,
      empty: 'Todavía no registras ninguna semana. Con cinco minutos y los números de la semana pasada, Rumbo te muestra dónde estás frente a las metas que importan.',
      columns: { metric: 'Métrica', value: 'Última', before: 'Semana anterior', target: 'Meta', status: 'Estado' },
      changed: 'Qué cambió',
      rose: (metric, from, to) => `${metric} subió de ${from} a ${to}.`,
      fell: (metric, from, to) => `${metric} bajó de ${from} a ${to}.`,
      statusMoved: (metric, from, to) => `${metric} pasó de ${from} a ${to}.`,
      nothingChanged: 'Nada se movió desde la semana anterior.',
      action: 'Registrar esta semana',
      insights: {
        title: 'Lo que destaca esta semana',
        ask: 'Pregúntale al mentor',
        question: (line) => `${line} ¿Qué debería hacer al respecto?`,
        runwayBelowTarget: ({ from, to, threshold }) =>
          from ? `Tu runway bajó de ${from} a ${to} semanas, por debajo de la meta de ${threshold} semanas.` : `Empezaste a quemar caja: tu runway es de ${to} semanas, por debajo de la meta de ${threshold} semanas.`,
        runwayUnderTarget: ({ to, threshold }) => `Tu runway es de ${to} semanas, por debajo de la meta de ${threshold} semanas.`,
        cashOut: (date) => `Con esta quema, la caja se acaba alrededor del ${date}.`,
        offTarget: ({ metric, from, to, target }) => `${metric} salió de la meta: de ${from} a ${to} (meta ${target}).`,
        stillOffTarget: ({ metric, to, target, times }) => `${metric} está en ${to}, fuera de la meta (meta ${target})${times ? `: ${times} veces el límite` : ''}.`,
        churnRising: (values) => `Tu churn semanal subió tres semanas seguidas: ${values.join(' → ')}.`,
        cacJumped: (values) => `Tu CAC saltó a ${values.at(-1)}, contra su tendencia: ${values.join(' → ')}.`,
        growthStalled: (values) => `Tus usuarios activos dejaron de crecer hace tres semanas: ${values.join(' → ')}.`,
        taskMetricMoved: ({ metric, from, to, hypothesis, better }) => `${metric} se movió ${better ? 'en la dirección correcta' : 'en la dirección equivocada'}, de ${from} a ${to}, desde que empezaste “${hypothesis}”.`,
        weekNotRecorded: ({ week, latest }) => `La semana del ${week} todavía no está registrada; tu última semana registrada es la del ${latest}.`,
        metricNames: { cac: 'CAC', weeklyRecurringRevenue: 'Ingreso recurrente semanal', weeklyBurnRate: 'Quema semanal', ltv: 'LTV', arpc: 'ARPC' },
      },
    },
    friday: {
      subject: 'Tu reflexión del viernes',
      preview: 'Cuatro preguntas para cerrar la semana y tus mejores apuestas según ICE.',
      title: 'Hora de repasar tu semana',
      questionsTitle: 'Preguntas para la semana',
      questions: [
        '¿Qué aprendiste esta semana que no sabías el lunes?',
        '¿Qué hipótesis probaste y qué te dijo el resultado?',
        '¿Qué vas a dejar de hacer, empezar o seguir haciendo la próxima semana?',
        '¿Qué resultado haría que la próxima semana sea un éxito?',
      ],
      tasksTitle: 'Tus tareas activas, la mejor primero',
      ice: (value) => `ICE ${value}`,
      due: (date) => `vence el ${date}`,
      noTasks: 'No tienes tareas activas. Convierte una corazonada de esta semana en una hipótesis que puedas probar.',
      action: 'Completar una tarea',
    },
    metrics: {
      mrr: 'MRR',
      activeUsers: 'Usuarios activos (semanales)',
      cashBalance: 'Saldo de caja',
      runwayWeeks: 'Runway',
      churnRate: 'Churn semanal',
      ndr: 'NDR',
      ltvToCac: 'LTV : CAC',
      paybackWeeks: 'Recuperación del CAC',
      userGrowth: 'Crecimiento de usuarios (semanal)',
      revenueGrowth: 'Crecimiento de ingresos (mensual)',
    },
    status: { on: '✓ En meta', near: '≈ Cerca', off: '✗ Fuera de meta' },
    notBurning: 'sin quema de caja',
    units: { weeks: (value) => `${value} semanas`, multiple: (value) => `${value}×` },
  },
};
