import { type LoadResult, load, loadLine } from './autocannon.ts';

/** A read measured against the framework's ceiling (bench/lib/bare-server.ts). */
export type Read = { name: string; url: string; headers?: Record<string, string> };

export type ReadFigures = {
  read: Read;
  results: LoadResult[];
  /** Each round's throughput over the mean of the bare route's runs just before and just after it. */
  ratios: number[];
  ratio: number;
  /** The median round's p99. */
  p99: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function checked(label: string, result: LoadResult) {
  // A refused request is fast and would flatter the figures: any of them voids the run.
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

/**
 * The reads and the bare route in alternation: bare, each read, bare, each read, …, bare.
 * Each read's round is set against the bare runs on either side of it, and the median of
 * the rounds is its figure: on a machine shared with other work, the bare route alone
 * moves by a factor of two from one run to the next, so a ratio is only worth something
 * against a ceiling measured around it, and one round is a sample, not a figure.
 */
export async function againstCeiling(bareUrl: string, reads: readonly Read[], options: { connections: number; seconds: number; rounds: number; labelWidth?: number }) {
  const { connections, seconds, rounds } = options;
  const width = options.labelWidth ?? 30;
  // Warm-up (JIT, caches): not counted.
  await load(bareUrl, { connections, seconds: 2 });
  for (const read of reads) checked(read.name, await load(read.url, { connections, seconds: 2, headers: read.headers }));

  const bare: LoadResult[] = [];
  const byRead = reads.map(() => [] as LoadResult[]);
  const measureBare = async () => {
    const result = checked('bare Hono route', await load(bareUrl, { connections, seconds }));
    bare.push(result);
    console.log(loadLine('bare Hono route', result, width));
  };
  await measureBare();
  for (let round = 0; round < rounds; round++) {
    for (const [index, read] of reads.entries()) {
      const result = checked(read.name, await load(read.url, { connections, seconds, headers: read.headers }));
      byRead[index]!.push(result);
      console.log(loadLine(read.name, result, width));
    }
    await measureBare();
  }
  return reads.map((read, index): ReadFigures => {
    const results = byRead[index]!;
    const ratios = results.map((result, round) => result.requests.average / ((bare[round]!.requests.average + bare[round + 1]!.requests.average) / 2));
    return { read, results, ratios, ratio: median(ratios), p99: median(results.map((result) => result.latency.p99)) };
  });
}

export const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
