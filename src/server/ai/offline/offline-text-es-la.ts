import type { OfflineText } from './offline-text-shape.ts';

/** How often a pay figure is paid, as a Spanish sentence says it. */
const PER = { week: 'a la semana', month: 'al mes', year: 'al año' } as const;

/** The offline mentor's words in Latin-American Spanish, with tú. */
export const OFFLINE_TEXT_ES_LA: OfflineText = {
  yourStartup: 'tu startup',
  week: (year, week) => `${year}-S${String(week).padStart(2, '0')}`,
  derived: {
    cashOutDate: 'cuándo se acaba la caja con la quema actual',
    runwayShortfall: 'semanas de runway que faltan para la meta',
    burnForTarget: 'la quema semanal con la que la caja dura el runway de la meta',
    burnCutShare: 'la parte de la quema semanal que hay que recortar para que el runway llegue a la meta',
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
    trendWeeks: 'las semanas registradas en las que se lee la tendencia',
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
    churnRate: 'Churn semanal',
    monthlyChurnRate: 'Churn mensual',
    revenueChurnRate: 'Churn de ingresos semanal',
    ltv: 'LTV',
    arpc: 'ARPC',
    activeUsers: 'Usuarios activos (semanales)',
    cashBalance: 'Saldo de caja',
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
      `Con tu quema de ${burn} a la semana, ${people === 1 ? 'una contratación' : `${people === 2 ? 'dos' : people} contrataciones`} de ${payEach} ${PER[per]}${people === 1 ? '' : ' cada una'} suman ${added} a la semana: tu runway pasa de **${now}** a **${after}**${runsOutNow ? `, y la caja se acaba hacia ${runsOutAfter} en vez de ${runsOutNow}` : `, y la caja se acaba hacia ${runsOutAfter}`}.`,
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
  runwayPlan: ({ cut, burn, target }) => `Si recortamos el gasto no esencial para que la quema baje ${cut}, a ${burn} por semana, el runway superará ${target} sin dinero nuevo.`,
  runwayPlanNoData: 'Si listamos cada costo y recortamos los que no sirven al siguiente hito, el runway crecerá sin dinero nuevo.',
  steps: 'Siguientes pasos, del ICE más alto al más bajo:',
  step: ({ title, hypothesis, ice }) => `**${title}** — ${hypothesis} ICE ${ice}.`,
  and: 'y',
};
