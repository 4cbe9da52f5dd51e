import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The figures recorded in docs/benchmarks.md, kept as numbers in bench/recorded.json so a
 * bench can say when it runs worse than them: a figure more than 10 % worse than its
 * recorded value is flagged REGRESSED. Each entry says whether higher or lower is better.
 */
const RECORDED_PATH = path.join(import.meta.dirname, '../recorded.json');
const TOLERANCE = 0.1;

type Recorded = Record<string, Record<string, { value: number; better: 'higher' | 'lower'; unit?: string }>>;

function readRecorded(): Recorded {
  return JSON.parse(fs.readFileSync(RECORDED_PATH, 'utf8')) as Recorded;
}

/** ' (recorded 52.0 %)' or ' REGRESSED: 38.0 % against the recorded 52.0 %'; '' when nothing is recorded. */
export function againstRecord(bench: string, figure: string, value: number, format: (value: number) => string = String): string {
  const recorded = readRecorded()[bench]?.[figure];
  if (!recorded) return '';
  const worse = recorded.better === 'higher' ? value < recorded.value * (1 - TOLERANCE) : value > recorded.value * (1 + TOLERANCE);
  return worse
    ? `  REGRESSED: ${format(value)} against the recorded ${format(recorded.value)} (more than ${TOLERANCE * 100} % worse)`
    : `  (recorded ${format(recorded.value)})`;
}

/** The machine's load average (1, 5 and 15 minutes), printed beside every figure: on a shared machine it explains most of their spread. */
export function loadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`;
}
