import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './build-if-stale.ts';

/**
 * The real server (`node src/server/main.ts`) as a child process on a port of its own,
 * for what only a process can show: the integration tests of durability and the
 * DATA_DIR lock (tests/integration/support/server-process.ts) and the browser audit
 * (e2e/support/app-server.ts).
 */
const HEALTH_TIMEOUT_MS = 60_000;

/** Variables the server reads (src/server/env.ts): none leak in from the caller's environment. */
const SERVER_VARIABLES = [
  'NODE_ENV', 'PORT', 'HOST', 'APP_URL', 'DATA_DIR', 'DATABASE_URL', 'BETTER_AUTH_SECRET',
  'LOG_LEVEL', 'RATE_LIMIT_SCALE', 'TRIAL_DAYS', 'BENCHMARK_SNAPSHOT_CRON', 'CLIENT_DIR', 'SECURE_COOKIES',
  'SMTP_URL', 'MAIL_FROM', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME',
  'REDIS_URL', 'TRUSTED_PROXIES', 'RUMBO_ADMIN_EMAILS',
  'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL', 'AI_TIMEOUT_MS', 'AI_MAX_RETRIES', 'AI_BREAKER_FAILURES', 'AI_BREAKER_COOLDOWN_MS', 'SHUTDOWN_DRAIN_MS', 'FILE_TEXT_TIME_LIMIT_MS',
  'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE',
];

/**
 * The Node options the server runs with, here and in `npm start` (package.json): V8's young
 * generation capped at 8 MB a half. Uncapped, it grows to 64 MB a half while the modules load
 * and stays resident, about 100 MB of an idle server's RSS (decision 304). `--expose-gc` lets the
 * server run one memory-reducing collection a second after it listens (decision 312).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--expose-gc'];

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** Where requests go (the server listens on 127.0.0.1 only). */
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
  /** Resolves once GET /api/health answers 200; rejects if the process exits first or after `timeoutMs` (60 s). */
  waitUntilHealthy: (timeoutMs?: number) => Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after 10 s. */
  stop: () => Promise<Exit>;
};

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

/** Spawns the server without waiting for it (a second server that must refuse to start, say). */
export async function spawnServerProcess(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** Node options before the entry point (`--heapsnapshot-signal=SIGUSR2`, say). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const appUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  });

  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const kill = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!exitedFlag) child.kill(signal);
  };
  return {
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
    kill,
    waitUntilHealthy: async (timeoutMs = HEALTH_TIMEOUT_MS) => {
      const deadline = Date.now() + timeoutMs;
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
      throw new Error(`server not healthy after ${timeoutMs} ms\nstderr:\n${stderr}\nstdout:\n${stdout}`);
    },
    stop: async () => {
      kill('SIGTERM');
      const killer = setTimeout(() => kill('SIGKILL'), 10_000);
      const exit = await exited;
      clearTimeout(killer);
      return exit;
    },
  };
}
