import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, spawnServerProcess as spawnChild } from '../../../scripts/lib/server-process.ts';

export type { Exit, ServerProcess } from '../../../scripts/lib/server-process.ts';

/**
 * The server as a child process for the process tests (durability, the DATA_DIR
 * lock, a clean stop), on embedded PGlite unless a test passes DATABASE_URL itself:
 * the caller's DATABASE_URL never leaks in.
 * Every server and data folder made here is removed by `cleanUpServerProcesses`.
 */
const liveServers = new Set<ServerProcess>();
const dataDirs = new Set<string>();

// Last resort if the test worker exits without running afterEach: no orphaned servers.
process.once('exit', () => {
  for (const server of liveServers) server.kill('SIGKILL');
});

/** A new, empty DATA_DIR under the system's temporary folder. */
export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-'));
  dataDirs.add(dir);
  return dir;
}

/** Spawns the server without waiting for it (a second server that must refuse to start). */
export async function spawnServerProcess(options: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const server = await spawnChild({
    dataDir: options.dataDir,
    port: options.port,
    env: {
      NODE_ENV: 'test',
      // These tests sign in many founders from one address; the limits have their own tests.
      RATE_LIMIT_SCALE: '100',
      // Need not exist: these tests use only the API.
      CLIENT_DIR: path.join(options.dataDir, 'no-client'),
      // Shared-state tests point several servers at one PostgreSQL / Redis on purpose.
      ...options.env,
    },
  });
  liveServers.add(server);
  void server.exited.then(() => liveServers.delete(server));
  return server;
}

/** Spawns the server and resolves once it answers GET /api/health with 200. */
export async function startServerProcess(options: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const server = await spawnServerProcess(options);
  await server.waitUntilHealthy();
  return server;
}

/** For afterEach: SIGKILLs every server still running, waits for them, removes the data folders. */
export async function cleanUpServerProcesses(): Promise<void> {
  const survivors = [...liveServers];
  for (const server of survivors) server.kill('SIGKILL');
  await Promise.all(survivors.map((server) => server.exited));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** Sends a request as a browser on the server's origin would (JSON body, Origin header, cookie). */
export async function send(
  server: ServerProcess,
  pathname: string,
  init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string>; redirect?: RequestRedirect } = {},
): Promise<Response> {
  const headers = new Headers({ origin: server.appUrl, ...init.headers });
  if (init.cookie) headers.set('cookie', init.cookie);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${server.url}${pathname}`, { method: init.method ?? 'GET', headers, body, redirect: init.redirect, signal: AbortSignal.timeout(30_000) });
}
