import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { weeksToCsv } from '../../src/core/metrics/csv.ts';
import { isoWeekOf, weekFromIndex, weekIndex } from '../../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../../src/core/metrics/week-record.ts';
import { parseEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/start-server.ts';

/**
 * The real server (startServer) on a loopback port with a throw-away DATA_DIR, or on
 * a throw-away PostgreSQL database beside DATABASE_URL's when that is set, for the metrics benchmarks. Rate limits are
 * scaled out of the way so the limiter's cost is measured without its refusals.
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startBenchServer(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL, 'rumbo_bench') : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const env = parseEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000000',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...extraEnv,
  });
  const server = await startServer(env);
  return {
    ...server,
    /** Where requests go (loopback by address) and the Origin header sign-in checks. */
    origin: `http://127.0.0.1:${port}`,
    appUrl: env.appUrl,
    stop: async () => {
      await server.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sessions are bound to the browser that made them: every bench request sends this one. */
export const BENCH_USER_AGENT = 'RumboBench/1.0';

/** Signs a founder up over HTTP and returns the session cookie and the headers that go with it. */
export async function signUpFounder(origin: string, appUrl: string, email = `bench-${Date.now()}-${Math.random()}@example.com`) {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl, 'user-agent': BENCH_USER_AGENT },
    body: JSON.stringify({ email, password: 'bench password 123', name: 'Bench', termsAccepted: true }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, userId: user.id, headers: { cookie, 'user-agent': BENCH_USER_AGENT } };
}

/** `count` weeks of a growing startup ending this week, as a CSV (10 years = 520). */
export function decadeCsv(count = 520): string {
  const last = weekIndex(isoWeekOf(new Date()));
  const weeks: WeekRecord[] = Array.from({ length: count }, (_, i) => ({
    ...weekFromIndex(last - count + 1 + i),
    newCustomers: 5 + (i % 7),
    marketingCosts: 1500 + (i % 11) * 10,
    startingCustomers: 100 + i,
    lostCustomers: i % 4,
    startingRevenue: 4000 + i * 12,
    churnedRevenue: 30 + (i % 5),
    expansions: 80 + (i % 9),
    downgrades: 10,
    weeklyCosts: 9000 + (i % 13) * 25,
    weeklyRevenue: 4012 + i * 12,
    cashBalance: 900000 - i * 900,
    dailyActiveUsers: 100 + i,
    weeklyActiveUsers: 300 + 2 * i,
    monthlyActiveUsers: 800 + 3 * i,
    grossMarginPct: 75,
    arpu: 10.25,
    monthlyRevenue: null,
  }));
  return weeksToCsv(weeks);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
