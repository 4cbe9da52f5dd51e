import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`node src/server/main.ts`) as a child process, for what only a
 * process can show: data surviving a SIGKILL, the DATA_DIR lock between two servers,
 * a clean stop. Always embedded PGlite: DATABASE_URL is removed from the child's env.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const HEALTH_TIMEOUT_MS = 60_000;

/** Variables the server reads (src/server/env.ts): none leak from the test's own environment. */
const SERVER_VARIABLES = [
  'NODE_ENV', 'PORT', 'HOST', 'APP_URL', 'DATA_DIR', 'DATABASE_URL', 'BETTER_AUTH_SECRET',
  'LOG_LEVEL', 'RATE_LIMIT_SCALE', 'TRIAL_DAYS', 'CLIENT_DIR', 'SECURE_COOKIES',
];

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** Where the tests send requests (the server listens on 127.0.0.1 only). */
  url: string;
  /** APP_URL: the origin a browser would send, trusted by Better Auth. */
  appUrl: string;
  port: number;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<Exit>;
  hasExited: () => boolean;
  kill: (signal?: NodeJS.Signals) => void;
  /** Resolves once GET /api/health answers 200; rejects if the process exits first or after ~60 s. */
  waitUntilHealthy: () => Promise<void>;
};

const liveServers = new Set<ServerProcess>();
const dataDirs = new Set<string>();

// Last resort if the test worker exits without running afterEach: no orphaned servers.
process.once('exit', () => {
  for (const server of liveServers) server.kill('SIGKILL');
});

/** A new, empty DATA_DIR under the system's temporary folder, removed by `cleanUpServerProcesses`. */
export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-'));
  dataDirs.add(dir);
  return dir;
}

/** A port nothing listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** Spawns the server without waiting for it (a second server that must refuse to start). */
export async function spawnServerProcess(options: { dataDir: string; port?: number }): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const appUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // These tests sign in many founders from one address; the limits have their own tests.
    RATE_LIMIT_SCALE: '100',
    // Need not exist: these tests use only the API.
    CLIENT_DIR: path.join(options.dataDir, 'no-client'),
  });

  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  let exitedFlag = false;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedFlag = true;
      resolve({ code, signal });
    });
    // Spawning itself failed (no exit event follows).
    child.once('error', (error) => {
      stderr += `\n[spawn error] ${error.message}`;
      if (child.pid === undefined) {
        exitedFlag = true;
        resolve({ code: null, signal: null });
      }
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    url,
    appUrl,
    port,
    dataDir: options.dataDir,
    pid: child.pid ?? -1,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    hasExited: () => exitedFlag,
    kill: (signal = 'SIGTERM') => {
      if (!exitedFlag) child.kill(signal);
    },
    waitUntilHealthy: async () => {
      const deadline = Date.now() + HEALTH_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (exitedFlag) {
          const { code, signal } = await exited;
          throw new Error(`server exited before it was healthy (code ${code}, signal ${signal})\nstderr:\n${stderr}\nstdout:\n${stdout}`);
        }
        try {
          const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
          await response.body?.cancel();
          if (response.status === 200) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS} ms\nstderr:\n${stderr}\nstdout:\n${stdout}`);
    },
  };
  liveServers.add(handle);
  void exited.then(() => liveServers.delete(handle));
  return handle;
}

/** Spawns the server and resolves once it answers GET /api/health with 200. */
export async function startServerProcess(options: { dataDir: string; port?: number }): Promise<ServerProcess> {
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
  init: { method?: string; json?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers = new Headers({ origin: server.appUrl });
  if (init.cookie) headers.set('cookie', init.cookie);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${server.url}${pathname}`, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(30_000) });
}
