import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess } from '../../scripts/lib/server-process.ts';

/** On a machine shared with other work the server can take minutes to start: the benches wait this long for it. */
const BENCH_HEALTH_TIMEOUT_MS = 300_000;

/**
 * The real server (src/server/main.ts) as a child process for a bench: production mode, a
 * throw-away DATA_DIR, no built client, rate limits scaled out of the way (so the limiter's cost
 * is measured without its refusals), on `databaseUrl` when given (else the embedded PGlite).
 * `PROFILE_DIR` in the environment makes it write a CPU profile there (node --cpu-prof) when it stops.
 */
export async function spawnBenchServer(options: { databaseUrl?: string; env?: Record<string, string> } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const server = await spawnServerProcess({
    dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000000',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(process.env.PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` } : {}),
      ...options.env,
    },
  });
  return {
    ...server,
    waitUntilHealthy: () => server.waitUntilHealthy(BENCH_HEALTH_TIMEOUT_MS),
    stop: async () => {
      const exit = await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
}
