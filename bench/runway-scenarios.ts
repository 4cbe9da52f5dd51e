/**
 * Recomputing four 104-week runway scenarios, as the /metrics/scenarios page does on every
 * change a founder types: validate each scenario's inputs, turn dates into weeks and project
 * cash week by week from the latest of 520 recorded weeks. Goal (docs/benchmarks.md): the
 * median under 16 ms, one frame.
 *
 *   node bench/runway-scenarios.ts [--rounds 2000]
 */
import { performance } from 'node:perf_hooks';
import { weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../src/core/metrics/week-record.ts';
import { projectRunway } from '../src/core/reports/runway-projection.ts';
import { scenarioBaseline } from '../src/core/reports/scenario-baseline.ts';
import { toProjectionChanges } from '../src/core/reports/scenario-schema.ts';
import { percentile } from './lib/metrics-server.ts';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 2000;
const last = weekIndex({ year: 2026, week: 40 });
const records: WeekRecord[] = Array.from({ length: 520 }, (_, index) => ({
  ...weekFromIndex(last - 519 + index),
  newCustomers: 5,
  marketingCosts: 1000,
  startingCustomers: 100 + index,
  lostCustomers: 2,
  startingRevenue: 10_000 + index * 50,
  churnedRevenue: 100,
  expansions: 50,
  downgrades: 20,
  weeklyCosts: 40_000,
  weeklyRevenue: 10_050 + index * 50,
  cashBalance: 900_000,
  dailyActiveUsers: null,
  weeklyActiveUsers: 400,
  monthlyActiveUsers: null,
  grossMarginPct: 80,
  arpu: null,
  monthlyRevenue: null,
}));
const scenarios = [
  { name: 'Today', changes: [] },
  { name: 'Hire', changes: [{ kind: 'hire', from: '2026-11-02', monthlyCost: 9000, count: 2 }, { kind: 'price', from: '2027-01-04', percent: 10 }] },
  { name: 'Raise', changes: [{ kind: 'fundraise', from: '2027-03-01', amount: 1_500_000 }, { kind: 'hire', from: '2027-04-05', monthlyCost: 12_000, count: 4 }, { kind: 'growth', from: '2027-04-05', monthlyPercent: 12 }] },
  { name: 'Lean', changes: [{ kind: 'costCut', from: '2026-10-12', monthlyAmount: 30_000 }, { kind: 'churn', from: '2026-12-07', monthlyPercent: 1.5 }] },
];

function recompute() {
  const baseline = scenarioBaseline(records)!;
  return scenarios.map((scenario) => projectRunway(baseline, toProjectionChanges(scenario, baseline.latest).changes));
}

const coldStart = performance.now();
let sink = recompute().length; // the first recompute, before the JIT has seen the code
const cold = performance.now() - coldStart;
for (let i = 0; i < 200; i++) sink += recompute().length;
const times: number[] = [];
for (let i = 0; i < rounds; i++) {
  const start = performance.now();
  sink += recompute()[3]!.weeks.length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
if (sink === 0) throw new Error('nothing computed');
console.log(
  `four 104-week scenarios, ${rounds} rounds: median ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, ` +
    `max ${times.at(-1)!.toFixed(3)} ms; first (cold) ${cold.toFixed(2)} ms. Goal: median < 16 ms`,
);
