import type { Language } from '../../../core/i18n/language.ts';
import type { MetricKey, MetricTrend, TargetStatus } from '../../../core/mentor/metric-targets.ts';
import type { MetricKey as AnyMetricKey } from '../../../core/metrics/formulas.ts';
import type { AskedMetric } from '../../../core/mentor/question-intent.ts';
import type { TargetDirection } from '../../../core/metrics/targets.ts';

/**
 * The offline mentor's words in both languages (Spanish with tú). Sentences take the
 * numbers already written in the founder's style (offline-format.ts); a sentence never
 * holds a figure of its own, so every number of an answer comes from the founder's data.
 */
type Named = { name: string };
export type OfflineText = {
  yourStartup: string;
  /** `2026-W47`, `2026-S47`: a recorded week as the founder's language labels it. */
  week: (year: number, week: number) => string;
  /** Where a number the mentor worked out comes from, as its source says it. */
  derived: Record<DerivedKey, string>;
  weeks: (n: string) => string;
  target: (direction: TargetDirection, threshold: string) => string;
  status: Record<TargetStatus, string>;
  /** Metric names as the dashboard writes them (the metrics texts). */
  metricNames: Record<AnyMetricKey, string>;
  ownDataOnly: string;
  noMetrics: string;
  runway: {
    burning: (v: { burn: string; cash: string; weeks: string; months: string | null; runsOut: string }) => string;
    short: (v: { shortfall: string; target: string; burnNeeded: string; cut: string }) => string;
    onTarget: (target: string) => string;
    notBurning: (v: { revenue: string | null; costs: string | null }) => string;
  };
  hiring: {
    withPay: (v: { burn: string; people: number; payEach: string; per: 'week' | 'month' | 'year'; added: string; now: string; after: string; runsOutNow: string | null; runsOutAfter: string }) => string;
    notBurningNow: (v: { people: number; added: string; newBurn: string; after: string | null; runsOutAfter: string | null }) => string;
    assumedMonthly: (amount: string) => string;
    needed: (v: { target: string; revenueNeeded: string; cashNeeded: string }) => string;
    stillAbove: (target: string) => string;
    askPay: (v: { burn: string; weeks: string | null }) => string;
  };
  fundraising: {
    tooShort: (v: { weeks: string; months: string | null; runsOut: string }) => string;
    window: (v: { weeks: string; months: string | null }) => string;
    strength: (weeks: string | null) => string;
    investorsLook: (lines: string[]) => string;
  };
  pricing: {
    arpc: (v: { arpc: string }) => string;
    ltvToCac: (v: { value: string; target: string; status: string }) => string;
    lever: (v: { mrr: string; raised: string }) => string;
    fine: string;
  };
  churn: {
    rate: (v: { churn: string; target: string; monthly: string | null }) => string;
    customers: (v: { customers: string; lost: string }) => string;
    onTarget: (churn: string) => string;
  };
  growth: {
    metric: (v: Named & { value: string; target: string; status: string }) => string;
    mrrMoved: (v: { from: string; fromWeek: string; to: string; toWeek: string }) => string;
    noGrowthYet: string;
  };
  meaning: Record<AskedMetric, string>;
  yours: (v: { value: string; status: string | null; target: string | null }) => string;
  unknowable: string;
  whatNext: {
    worst: (v: Named & { value: string; target: string; trend: string | null }) => string;
    trend: (trend: MetricTrend, weeks: number) => string;
    strategy: (v: { version: number; statement: string }) => string;
    alsoOff: (list: string) => string;
    allOn: (names: string) => string;
    topTask: (v: { ice: string; metric: string; hypothesis: string }) => string;
  };
  challenge: {
    title: string;
    metric: (v: Named & { value: string; target: string }) => string;
    consequence: Record<MetricKey, string>;
    taskElsewhere: (v: { task: string; metric: string }) => string;
    taskOnIt: string;
    noTask: string;
  };
  fromNotes: (v: { type: string; line: string }) => string;
  noteGoal: (v: { goal: string; value: string; share: string | null }) => string;
  contextTypes: Record<string, string>;
  steps: string;
  step: (v: { title: string; hypothesis: string; ice: string }) => string;
  and: string;
};

export type DerivedKey =
  | 'cashOutDate'
  | 'runwayShortfall'
  | 'burnForTarget'
  | 'burnCut'
  | 'payEach'
  | 'hiringCost'
  | 'runwayAfter'
  | 'weeklyBurnAfter'
  | 'cashOutDateAfter'
  | 'revenueNeeded'
  | 'cashNeeded'
  | 'mrrAfterPriceRise'
  | 'customersLostMonthly'
  | 'noteGoalShare';

const list = (names: string[], and: string) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`);
export const joinList = (names: string[], language: Language) => list(names, OFFLINE_TEXT[language].and);

const PER: Record<Language, Record<'week' | 'month' | 'year', string>> = {
  en: { week: 'a week', month: 'a month', year: 'a year' },
  'es-LA': { week: 'a la semana', month: 'al mes', year: 'al año' },
};

export const OFFLINE_TEXT: Record<Language, OfflineText> = {
  en: {
    yourStartup: 'your startup',
    week: (year, week) => `${year}-W${String(week).padStart(2, '0')}`,
    derived: {
      cashOutDate: 'when the cash runs out at the current burn',
      runwayShortfall: 'weeks of runway missing to reach the target',
      burnForTarget: 'the weekly burn at which the cash lasts the target runway',
      burnCut: 'how much the weekly burn would have to fall',
      payEach: 'the pay of each hire',
      hiringCost: 'what the hires add to the weekly costs',
      runwayAfter: 'runway with the hires',
      weeklyBurnAfter: 'weekly burn with the hires',
      cashOutDateAfter: 'when the cash runs out with the hires',
      revenueNeeded: 'extra weekly revenue needed to keep the target runway with the hires',
      cashNeeded: 'extra cash needed to keep the target runway with the hires',
      mrrAfterPriceRise: 'MRR if prices rose by a tenth and no customer left',
      customersLostMonthly: 'customers lost a month at the current churn',
      noteGoalShare: 'how far you are towards the goal in your note',
    },
    weeks: (n) => `${n} weeks`,
    target: (direction, threshold) => `target ${{ above: 'above', atLeast: 'at least', below: 'below' }[direction]} ${threshold}`,
    status: { on: 'on target', near: 'near the target', off: 'off target' },
    metricNames: {
      cac: 'CAC',
      ndr: 'NDR',
      mrr: 'MRR',
      arr: 'ARR',
      weeklyRecurringRevenue: 'Weekly recurring revenue',
      weeklyBurnRate: 'Weekly burn rate',
      runwayWeeks: 'Runway',
      churnRate: 'Churn rate (weekly)',
      monthlyChurnRate: 'Churn rate (monthly)',
      revenueChurnRate: 'Revenue churn (weekly)',
      ltv: 'LTV',
      arpc: 'ARPC',
      activeUsers: 'Active users (weekly)',
      cashBalance: 'Available cash',
      paybackWeeks: 'CAC payback',
      ltvToCac: 'LTV : CAC',
      revenueGrowth: 'Revenue growth (monthly)',
      userGrowth: 'User growth (weekly)',
      burnMultiple: 'Burn multiple',
      quickRatio: 'Quick ratio',
    },
    ownDataOnly: 'I only see your own data, and my instructions stay the same whatever a message asks.',
    noMetrics:
      "I can't tell that without your numbers: you haven't recorded a week yet. Record your cash, costs, revenue and customers on the Metrics page, and ask me again.",
    runway: {
      burning: ({ burn, cash, weeks, months, runsOut }) =>
        `At your burn of ${burn} a week, your ${cash} in cash lasts **${weeks}**${months ? ` (about ${months} months)` : ''}: it runs out around ${runsOut} if nothing changes.`,
      short: ({ shortfall, target, burnNeeded, cut }) =>
        `That is ${shortfall} short of the target of ${target}. To get there, burn would have to fall to ${burnNeeded} a week (${cut} less), or weekly revenue grow by as much.`,
      onTarget: (target) => `That is above the target of ${target}: runway is not your problem this week.`,
      notBurning: ({ revenue, costs }) =>
        revenue && costs
          ? `You are not burning cash: weekly revenue of ${revenue} covers costs of ${costs}, so at this pace the cash does not run out.`
          : 'You are not burning cash, so at this pace the cash does not run out.',
    },
    hiring: {
      withPay: ({ burn, people, payEach, per, added, now, after, runsOutNow, runsOutAfter }) =>
        `At your burn of ${burn} a week, ${people === 1 ? 'one hire' : `${people === 2 ? 'two' : people} hires`} at ${payEach} ${PER.en[per]}${people === 1 ? '' : ' each'} add ${added} a week: runway goes from **${now}** to **${after}**${runsOutNow ? `, and the cash runs out around ${runsOutAfter} instead of ${runsOutNow}` : `, and the cash runs out around ${runsOutAfter}`}.`,
      notBurningNow: ({ people, added, newBurn, after, runsOutAfter }) =>
        `You are not burning cash today. ${people === 1 ? 'One hire adds' : `These ${people === 2 ? 'two' : people} hires add`} ${added} a week, which ${after ? `would put you at a burn of ${newBurn} a week: runway **${after}**, cash out around ${runsOutAfter}.` : 'your revenue still covers.'}`,
      assumedMonthly: (amount) => `(I took ${amount} as a monthly cost; tell me if it is weekly.)`,
      needed: ({ target, revenueNeeded, cashNeeded }) =>
        `What would need to be true to hire and keep runway above the target of ${target}: weekly revenue ${revenueNeeded} higher first, or ${cashNeeded} more in the bank.`,
      stillAbove: (target) => `Even with them, runway stays above the target of ${target}: the real question is whether they move revenue or your weakest metric.`,
      askPay: ({ burn, weeks }) =>
        `Tell me what each hire would cost (a week or a month) and I'll work out your runway with them. Today you burn ${burn} a week${weeks ? ` and have **${weeks}** of runway` : ''}.`,
    },
    fundraising: {
      tooShort: ({ weeks, months, runsOut }) =>
        `With **${weeks}** of runway${months ? ` (about ${months} months)` : ''}, you can't count on closing a round before the cash runs out around ${runsOut}: rounds take months. Secure survival first (cut burn, ask current investors for a bridge), then raise.`,
      window: ({ weeks, months }) =>
        `With **${weeks}** of runway${months ? ` (about ${months} months)` : ''}, this is the window to start: a round takes months, and you want to close it before runway gets short.`,
      strength: (weeks) => (weeks ? `With **${weeks}** of runway you can raise from strength: start when your growth story is clearest.` : 'You are not burning cash, so you can raise from strength, when your growth story is clearest.'),
      investorsLook: (lines) => `Investors will look first at:\n${lines.map((line) => `- ${line}`).join('\n')}`,
    },
    pricing: {
      arpc: ({ arpc }) => `Each customer pays you about ${arpc} a month.`,
      ltvToCac: ({ value, target, status }) => `LTV : CAC is ${value} (${target}, ${status}).`,
      lever: ({ mrr, raised }) => `Price is the fastest lever on both: if a price rise of a tenth cost you no customers, MRR would go from ${mrr} to ${raised}. Test it on new customers first.`,
      fine: 'Pricing is not what holds you back: test a higher price on new customers only, and keep it if they still buy.',
    },
    churn: {
      rate: ({ churn, target, monthly }) => `Your weekly churn is **${churn}** (${target})${monthly ? `: about ${monthly} of your customers a month` : ''}.`,
      customers: ({ customers, lost }) => `Of your ${customers} customers, that is about ${lost} lost every month.`,
      onTarget: (churn) => `Churn is on target at ${churn}: keep doing what works, and spend this week on something else.`,
    },
    growth: {
      metric: ({ name, value, target, status }) => `${name}: ${value} (${target}, ${status}).`,
      mrrMoved: ({ from, fromWeek, to, toWeek }) => `MRR went from ${from} in ${fromWeek} to ${to} in ${toWeek}.`,
      noGrowthYet: 'Growth needs a few recorded weeks to measure: keep recording every Monday.',
    },
    meaning: {
      ltvToCac:
        'LTV : CAC compares what a customer brings you over their life (LTV: revenue per customer × gross margin ÷ monthly churn) with what it costs to win them (CAC: marketing costs ÷ new customers).',
      paybackWeeks: "CAC payback is how many weeks of a customer's gross profit it takes to earn back what they cost to win.",
      ndr: 'NDR (net dollar retention) is the revenue you keep from the customers you had a year ago, with their expansions and minus churn and downgrades: above the whole of it, existing customers grow on their own.',
      churnRate: 'Weekly churn is the share of the customers you had at the start of a week who left during it, over the last four recorded weeks.',
      runwayWeeks: 'Runway is how many weeks your cash lasts at the current burn: cash ÷ (weekly costs − weekly revenue).',
      userGrowth: "Weekly user growth compares this week's active users with last week's.",
      revenueGrowth: "Monthly revenue growth compares the last four weeks' revenue with the four weeks before.",
      mrr: 'MRR is your monthly recurring revenue: weekly revenue times the weeks in a month.',
      cac: 'CAC is what it costs to win one customer: marketing costs ÷ new customers, over the last four recorded weeks.',
      weeklyBurnRate: 'Burn is the cash you lose a week: costs minus revenue, over the last four recorded weeks.',
    },
    yours: ({ value, status, target }) => `Yours is **${value}**${status && target ? ` — ${status} (${target})` : ''}.`,
    unknowable:
      "I can't know that from your data: I only see your own metrics, tasks, strategy and notes, not other companies, the market or the future. Ask the people who know (customers, investors, public reports); here is what your own numbers say.",
    whatNext: {
      worst: ({ name, value, target, trend }) => `The number that matters most this week is **${name}**: ${value}, ${target}${trend ? `, ${trend}` : ''}.`,
      trend: (trend, weeks) => `${{ improving: 'improving', worsening: 'worsening', steady: 'steady' }[trend]} over ${weeks} weeks`,
      strategy: ({ version, statement }) => `Your strategy (version ${version}) says: _${statement}_`,
      alsoOff: (items) => `Also away from target: ${items}.`,
      allOn: (names) => `Every metric with a target is on target (${names}). Raise the bar: pick the one that moves revenue most and set a harder goal for it.`,
      topTask: ({ ice, metric, hypothesis }) => `Your top task (ICE ${ice}) works on ${metric}: _${hypothesis}_`,
    },
    challenge: {
      title: "Devil's advocate",
      metric: ({ name, value, target }) => `${name} is ${value}, off target (${target}).`,
      consequence: {
        runwayWeeks: 'At this pace the cash runs out before most plans pay off.',
        churnRate: 'Customers leak out about as fast as you win them: growth spent before fixing this is wasted.',
        ndr: 'Existing customers shrink over time, so all growth has to come from new ones.',
        ltvToCac: 'Customers are not worth enough compared with what they cost to win: spending more to grow scales the gap.',
        paybackWeeks: 'You wait too long to earn back what a customer costs, and that cash is gone meanwhile.',
        userGrowth: 'Active users are not growing at the pace the target asks for.',
        revenueGrowth: 'Revenue is not growing at the pace investors expect.',
      },
      taskElsewhere: ({ task, metric }) => `Your top task (“${task}”) works on ${metric}, not on this: why is it first?`,
      taskOnIt: 'Your top task goes at it: what will you do if the number has not moved by next Monday?',
      noTask: 'None of your tasks goes at it yet.',
    },
    fromNotes: ({ type, line }) => `From your notes (${type}): “${line}”`,
    noteGoal: ({ goal, value, share }) => `Your note aims for ${goal}; you are at ${value}${share ? `, ${share} of the way` : ''}.`,
    contextTypes: {
      'goals-strategy': 'goals and strategy',
      'hypotheses-results': 'hypotheses and results',
      'metrics-financials': 'metrics and financials',
      learnings: 'learnings',
      challenges: 'challenges',
    },
    steps: 'Next steps, highest ICE first:',
    step: ({ title, hypothesis, ice }) => `**${title}** — ${hypothesis} ICE ${ice}.`,
    and: 'and',
  },
  'es-LA': {
    yourStartup: 'tu startup',
    week: (year, week) => `${year}-S${String(week).padStart(2, '0')}`,
    derived: {
      cashOutDate: 'cuándo se acaba la caja con la quema actual',
      runwayShortfall: 'semanas de runway que faltan para la meta',
      burnForTarget: 'la quema semanal con la que la caja dura el runway de la meta',
      burnCut: 'cuánto tendría que bajar la quema semanal',
      payEach: 'el sueldo de cada contratación',
      hiringCost: 'lo que las contrataciones suman a los costos semanales',
      runwayAfter: 'runway con las contrataciones',
      weeklyBurnAfter: 'quema semanal con las contrataciones',
      cashOutDateAfter: 'cuándo se acaba la caja con las contrataciones',
      revenueNeeded: 'ingreso semanal adicional para mantener el runway de la meta con las contrataciones',
      cashNeeded: 'caja adicional para mantener el runway de la meta con las contrataciones',
      mrrAfterPriceRise: 'MRR si los precios subieran una décima parte sin perder clientes',
      customersLostMonthly: 'clientes perdidos al mes con el churn actual',
      noteGoalShare: 'cuánto llevas de la meta de tu nota',
    },
    weeks: (n) => `${n} semanas`,
    target: (direction, threshold) => `meta ${{ above: 'por encima de', atLeast: 'de al menos', below: 'por debajo de' }[direction]} ${threshold}`,
    status: { on: 'en meta', near: 'cerca de la meta', off: 'fuera de meta' },
    metricNames: {
      cac: 'CAC',
      ndr: 'NDR',
      mrr: 'MRR',
      arr: 'ARR',
      weeklyRecurringRevenue: 'Ingreso recurrente semanal',
      weeklyBurnRate: 'Quema semanal',
      runwayWeeks: 'Runway',
      churnRate: 'Tasa de cancelación (semanal)',
      monthlyChurnRate: 'Tasa de cancelación (mensual)',
      revenueChurnRate: 'Cancelación de ingresos (semanal)',
      ltv: 'LTV',
      arpc: 'ARPC',
      activeUsers: 'Usuarios activos (semanales)',
      cashBalance: 'Caja disponible',
      paybackWeeks: 'Recuperación del CAC',
      ltvToCac: 'LTV : CAC',
      revenueGrowth: 'Crecimiento de ingresos (mensual)',
      userGrowth: 'Crecimiento de usuarios (semanal)',
      burnMultiple: 'Múltiplo de quema',
      quickRatio: 'Quick ratio',
    },
    ownDataOnly: 'Solo veo tus propios datos, y mis instrucciones no cambian aunque un mensaje lo pida.',
    noMetrics:
      'No puedo saberlo sin tus números: todavía no registraste ninguna semana. Registra tu caja, costos, ingresos y clientes en la página de Métricas y vuelve a preguntarme.',
    runway: {
      burning: ({ burn, cash, weeks, months, runsOut }) =>
        `Con una quema de ${burn} a la semana, tus ${cash} en caja alcanzan para **${weeks}**${months ? ` (unos ${months} meses)` : ''}: se acaban hacia ${runsOut} si nada cambia.`,
      short: ({ shortfall, target, burnNeeded, cut }) =>
        `Te faltan ${shortfall} para la meta de ${target}. Para llegar, la quema tendría que bajar a ${burnNeeded} a la semana (${cut} menos), o los ingresos semanales subir lo mismo.`,
      onTarget: (target) => `Estás por encima de la meta de ${target}: el runway no es tu problema esta semana.`,
      notBurning: ({ revenue, costs }) =>
        revenue && costs
          ? `No estás quemando caja: tus ingresos semanales de ${revenue} cubren costos de ${costs}, así que a este ritmo la caja no se acaba.`
          : 'No estás quemando caja, así que a este ritmo la caja no se acaba.',
    },
    hiring: {
      withPay: ({ burn, people, payEach, per, added, now, after, runsOutNow, runsOutAfter }) =>
        `Con tu quema de ${burn} a la semana, ${people === 1 ? 'una contratación' : `${people === 2 ? 'dos' : people} contrataciones`} de ${payEach} ${PER['es-LA'][per]}${people === 1 ? '' : ' cada una'} suman ${added} a la semana: tu runway pasa de **${now}** a **${after}**${runsOutNow ? `, y la caja se acaba hacia ${runsOutAfter} en vez de ${runsOutNow}` : `, y la caja se acaba hacia ${runsOutAfter}`}.`,
      notBurningNow: ({ people, added, newBurn, after, runsOutAfter }) =>
        `Hoy no estás quemando caja. ${people === 1 ? 'Una contratación suma' : `Estas ${people === 2 ? 'dos' : people} contrataciones suman`} ${added} a la semana, ${after ? `lo que te dejaría con una quema de ${newBurn} a la semana: runway de **${after}**, caja hasta ${runsOutAfter}.` : 'y tus ingresos todavía lo cubren.'}`,
      assumedMonthly: (amount) => `(Tomé ${amount} como costo mensual; dime si es semanal).`,
      needed: ({ target, revenueNeeded, cashNeeded }) =>
        `Lo que tendría que ser cierto para contratar y mantener el runway por encima de la meta de ${target}: ingresos semanales ${revenueNeeded} más altos antes, o ${cashNeeded} más en el banco.`,
      stillAbove: (target) => `Aun con ellas, tu runway sigue por encima de la meta de ${target}: la pregunta de fondo es si mueven los ingresos o tu métrica más débil.`,
      askPay: ({ burn, weeks }) =>
        `Dime cuánto costaría cada contratación (a la semana o al mes) y calculo tu runway con ellas. Hoy quemas ${burn} a la semana${weeks ? ` y tienes **${weeks}** de runway` : ''}.`,
    },
    fundraising: {
      tooShort: ({ weeks, months, runsOut }) =>
        `Con **${weeks}** de runway${months ? ` (unos ${months} meses)` : ''}, no puedes contar con cerrar una ronda antes de que la caja se acabe hacia ${runsOut}: una ronda toma meses. Asegura primero la supervivencia (baja la quema, pide un puente a tus inversionistas actuales) y luego levanta.`,
      window: ({ weeks, months }) =>
        `Con **${weeks}** de runway${months ? ` (unos ${months} meses)` : ''}, esta es la ventana para empezar: una ronda toma meses y quieres cerrarla antes de que el runway se acorte.`,
      strength: (weeks) => (weeks ? `Con **${weeks}** de runway puedes levantar desde la fortaleza: empieza cuando tu historia de crecimiento sea más clara.` : 'No estás quemando caja, así que puedes levantar desde la fortaleza, cuando tu historia de crecimiento sea más clara.'),
      investorsLook: (lines) => `Los inversionistas mirarán primero:\n${lines.map((line) => `- ${line}`).join('\n')}`,
    },
    pricing: {
      arpc: ({ arpc }) => `Cada cliente te paga unos ${arpc} al mes.`,
      ltvToCac: ({ value, target, status }) => `Tu LTV : CAC es ${value} (${target}, ${status}).`,
      lever: ({ mrr, raised }) => `El precio es la palanca más rápida para ambos: si subir el precio una décima parte no te costara clientes, tu MRR pasaría de ${mrr} a ${raised}. Pruébalo primero con clientes nuevos.`,
      fine: 'El precio no es lo que te frena: prueba un precio más alto solo con clientes nuevos y mantenlo si siguen comprando.',
    },
    churn: {
      rate: ({ churn, target, monthly }) => `Tu churn semanal es **${churn}** (${target})${monthly ? `: cerca de ${monthly} de tus clientes al mes` : ''}.`,
      customers: ({ customers, lost }) => `De tus ${customers} clientes, son unos ${lost} perdidos cada mes.`,
      onTarget: (churn) => `El churn está en meta con ${churn}: sigue haciendo lo que funciona y dedica esta semana a otra cosa.`,
    },
    growth: {
      metric: ({ name, value, target, status }) => `${name}: ${value} (${target}, ${status}).`,
      mrrMoved: ({ from, fromWeek, to, toWeek }) => `Tu MRR pasó de ${from} en ${fromWeek} a ${to} en ${toWeek}.`,
      noGrowthYet: 'El crecimiento necesita algunas semanas registradas para medirse: sigue registrando cada lunes.',
    },
    meaning: {
      ltvToCac:
        'LTV : CAC compara lo que un cliente te deja en toda su vida (LTV: ingreso por cliente × margen bruto ÷ churn mensual) con lo que cuesta conseguirlo (CAC: costos de marketing ÷ clientes nuevos).',
      paybackWeeks: 'La recuperación del CAC es cuántas semanas de utilidad bruta de un cliente hacen falta para recuperar lo que costó conseguirlo.',
      ndr: 'El NDR (retención neta de ingresos) es el ingreso que conservas de los clientes que tenías hace un año, con sus expansiones y restando cancelaciones y bajas de plan: si supera todo lo inicial, tus clientes actuales crecen solos.',
      churnRate: 'El churn semanal es la parte de los clientes que tenías al inicio de una semana que se fue durante ella, en las últimas cuatro semanas registradas.',
      runwayWeeks: 'El runway es cuántas semanas te dura la caja con la quema actual: caja ÷ (costos semanales − ingresos semanales).',
      userGrowth: 'El crecimiento semanal de usuarios compara los usuarios activos de esta semana con los de la anterior.',
      revenueGrowth: 'El crecimiento mensual de ingresos compara los ingresos de las últimas cuatro semanas con los de las cuatro anteriores.',
      mrr: 'El MRR es tu ingreso recurrente mensual: el ingreso semanal por las semanas de un mes.',
      cac: 'El CAC es lo que cuesta conseguir un cliente: costos de marketing ÷ clientes nuevos, en las últimas cuatro semanas registradas.',
      weeklyBurnRate: 'La quema es la caja que pierdes por semana: costos menos ingresos, en las últimas cuatro semanas registradas.',
    },
    yours: ({ value, status, target }) => `El tuyo es **${value}**${status && target ? ` — ${status} (${target})` : ''}.`,
    unknowable:
      'No puedo saber eso con tus datos: solo veo tus métricas, tareas, estrategia y notas, no otras empresas, el mercado ni el futuro. Pregúntale a quien lo sabe (clientes, inversionistas, informes públicos); esto es lo que dicen tus propios números.',
    whatNext: {
      worst: ({ name, value, target, trend }) => `El número que más importa esta semana es **${name}**: ${value}, ${target}${trend ? `, ${trend}` : ''}.`,
      trend: (trend, weeks) => `${{ improving: 'mejorando', worsening: 'empeorando', steady: 'estable' }[trend]} en ${weeks} semanas`,
      strategy: ({ version, statement }) => `Tu estrategia (versión ${version}) dice: _${statement}_`,
      alsoOff: (items) => `También lejos de la meta: ${items}.`,
      allOn: (names) => `Todas las métricas con meta están en meta (${names}). Sube la vara: elige la que más mueve tus ingresos y ponle una meta más exigente.`,
      topTask: ({ ice, metric, hypothesis }) => `Tu tarea principal (ICE ${ice}) trabaja sobre ${metric}: _${hypothesis}_`,
    },
    challenge: {
      title: 'Abogado del diablo',
      metric: ({ name, value, target }) => `${name} está en ${value}, fuera de meta (${target}).`,
      consequence: {
        runwayWeeks: 'A este ritmo la caja se acaba antes de que la mayoría de los planes den fruto.',
        churnRate: 'Los clientes se van casi tan rápido como llegan: lo que inviertas en crecer antes de arreglar esto se pierde.',
        ndr: 'Tus clientes actuales se achican con el tiempo, así que todo el crecimiento tiene que venir de clientes nuevos.',
        ltvToCac: 'Tus clientes no valen lo suficiente frente a lo que cuesta conseguirlos: gastar más para crecer agranda la brecha.',
        paybackWeeks: 'Tardas demasiado en recuperar lo que cuesta un cliente, y esa caja no está mientras tanto.',
        userGrowth: 'Los usuarios activos no crecen al ritmo que pide la meta.',
        revenueGrowth: 'Los ingresos no crecen al ritmo que esperan los inversionistas.',
      },
      taskElsewhere: ({ task, metric }) => `Tu tarea principal (“${task}”) trabaja sobre ${metric}, no sobre esto: ¿por qué va primero?`,
      taskOnIt: 'Tu tarea principal va por esto: ¿qué harás si el número no se movió para el próximo lunes?',
      noTask: 'Ninguna de tus tareas va por esto todavía.',
    },
    fromNotes: ({ type, line }) => `De tus notas (${type}): “${line}”`,
    noteGoal: ({ goal, value, share }) => `Tu nota apunta a ${goal}; estás en ${value}${share ? `, el ${share} del camino` : ''}.`,
    contextTypes: {
      'goals-strategy': 'metas y estrategia',
      'hypotheses-results': 'hipótesis y resultados',
      'metrics-financials': 'métricas y finanzas',
      learnings: 'aprendizajes',
      challenges: 'desafíos',
    },
    steps: 'Siguientes pasos, del ICE más alto al más bajo:',
    step: ({ title, hypothesis, ice }) => `**${title}** — ${hypothesis} ICE ${ice}.`,
    and: 'y',
  },
};
