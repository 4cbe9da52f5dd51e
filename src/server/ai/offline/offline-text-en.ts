import type { OfflineText } from './offline-text-shape.ts';

/** How often a pay figure is paid, as an English sentence says it. */
const PER = { week: 'a week', month: 'a month', year: 'a year' } as const;

/** The offline mentor's words in English. */
export const OFFLINE_TEXT_EN: OfflineText = {
  yourStartup: 'your startup',
  week: (year, week) => `${year}-W${String(week).padStart(2, '0')}`,
  derived: {
    cashOutDate: 'when the cash runs out at the current burn',
    runwayShortfall: 'weeks of runway missing to reach the target',
    burnForTarget: 'the weekly burn at which the cash lasts the target runway',
    burnCutShare: 'the share of the weekly burn to cut for the runway to reach the target',
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
    trendWeeks: 'the recorded weeks the trend is read over',
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
      `At your burn of ${burn} a week, ${people === 1 ? 'one hire' : `${people === 2 ? 'two' : people} hires`} at ${payEach} ${PER[per]}${people === 1 ? '' : ' each'} add ${added} a week: runway goes from **${now}** to **${after}**${runsOutNow ? `, and the cash runs out around ${runsOutAfter} instead of ${runsOutNow}` : `, and the cash runs out around ${runsOutAfter}`}.`,
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
  runwayPlan: ({ cut, burn, target }) => `If we cut non-essential spend so that burn falls ${cut}, to ${burn} a week, runway will pass ${target} without new money.`,
  runwayPlanNoData: 'If we list every cost and cut the ones that do not serve the next milestone, runway will grow without new money.',
  steps: 'Next steps, highest ICE first:',
  step: ({ title, hypothesis, ice }) => `**${title}** — ${hypothesis} ICE ${ice}.`,
  and: 'and',
};
