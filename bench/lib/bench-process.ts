import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess } from '../../scripts/lib/server-process.ts';

/** A benchmark measures the server once started: on a machine shared with other work, starting may take minutes. */
const START_TIMEOUT_MS = 300_000;

/** Variables a benchmark may pass on from its own environment to the server it measures. */
type PassedOn = 'DATABASE_URL' | 'REDIS_URL';

/**
 * The production server in a process of its own, as benchmarks measure it: a throw-away
 * DATA_DIR, no web client, warnings only, rate limits scaled out of the way; `passOn` names
 * what it takes from the caller's environment when set (the database, Redis). It may take
 * minutes to answer its health check on a loaded machine; `stop` also removes the data folder
 * unless the caller gave its own.
 */
export async function spawnBenchProcess(options: { env?: Record<string, string>; passOn?: PassedOn[]; dataDir?: string } = {}) {
  // A `dataDir` given is the caller's (a restart on an existing database): created and removed by it.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const passed = Object.fromEntries((options.passOn ?? ['DATABASE_URL']).flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  const server = await spawnServerProcess({
    dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000000',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      // PROFILE_DIR makes the server write a CPU profile there when it stops (node --cpu-prof).
      ...(process.env.PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` } : {}),
      ...passed,
      ...options.env,
    },
  });
  return {
    ...server,
    waitUntilHealthy: () => server.waitUntilHealthy(START_TIMEOUT_MS),
    stop: async () => {
      await server.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
