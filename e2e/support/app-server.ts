import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The real server (`node src/server/main.ts`) serving the built client, as a child
 * process on a free port with a throw-away DATA_DIR. For scripts and tests that drive
 * a browser against it (scripts/audit-web.ts). Build first (`npm run build`).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 60_000;

/** Variables the server reads (src/server/env.ts): none leak in from the caller's environment. */
const SERVER_VARIABLES = [
  'NODE_ENV', 'PORT', 'HOST', 'APP_URL', 'DATA_DIR', 'DATABASE_URL', 'BETTER_AUTH_SECRET',
  'LOG_LEVEL', 'RATE_LIMIT_SCALE', 'TRIAL_DAYS', 'CLIENT_DIR', 'SECURE_COOKIES',
];

export type AppServer = {
  /** http://localhost:PORT, also the server's APP_URL. */
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export async function startAppServer(options: { env?: Record<string, string> } = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-app-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(ROOT, 'dist/client'),
    ...options.env,
  });

  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready after ${READY_TIMEOUT_MS / 1000}s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, dataDir, output: () => output, stop };
}
