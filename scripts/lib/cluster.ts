import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLoopbackS3 } from './loopback-s3.ts';
import { freePort, type ServerProcess, spawnServerProcess } from './server-process.ts';

/**
 * Several instances of the real server on one PostgreSQL and one Redis behind HAProxy, all on
 * loopback: `npm run cluster` (scripts/cluster.ts) and the cluster tests
 * (tests/integration/cluster.test.ts). HAProxy routes by `GET /api/ready`, marks an instance
 * down at its first refused connection and sends a request again elsewhere when the instance
 * it went to died before answering: reads always, writes only when no connection was made,
 * since a write may have been applied (docs/decisions/291-loopback-cluster-behind-haproxy.md).
 */

const START_TIMEOUT_MS = 180_000;

export const HAPROXY_INSTALL_COMMAND = 'sudo apt-get install -y haproxy';

export class HaproxyMissingError extends Error {
  constructor() {
    super(`HAProxy is not installed (looked for \`haproxy\` on PATH, in /usr/sbin and /usr/local/sbin).\n  Run:  ${HAPROXY_INSTALL_COMMAND}\n  (macOS: brew install haproxy)`);
  }
}

/** The `haproxy` binary: on PATH, or where Debian and Homebrew put it. */
export function findHaproxy(): string | null {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/opt/homebrew/bin'];
  for (const folder of folders) {
    const candidate = path.join(folder, 'haproxy');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

export type ClusterOptions = {
  /** The one PostgreSQL every instance uses. */
  databaseUrl: string;
  /** The one Redis; `null` runs the shared state through PostgreSQL alone. */
  redisUrl: string | null;
  /** `S3_*` settings; unset, a loopback S3 is started for the cluster and removed with it. */
  s3Env?: Record<string, string>;
  instances?: number;
  /** The balancer's port (0: any free one). */
  port?: number;
  /** More settings for every instance (RATE_LIMIT_SCALE, LOG_LEVEL, TRIAL_DAYS…). */
  env?: Record<string, string>;
  /** Node options for every instance (`--heapsnapshot-signal=SIGUSR2`). */
  nodeArgs?: string[];
};

export type BalancedServer = { name: string; status: string; served: number; retries: number; redispatches: number };

export type Cluster = {
  /** Where requests go through the balancer (by address). */
  url: string;
  /** APP_URL of every instance: the Origin a browser on the cluster sends, to the balancer or straight to an instance. */
  appUrl: string;
  /** The balancer's statistics page (HAProxy's own). */
  statsUrl: string;
  /** The instances, named a, b, c… as the balancer names them (the `X-Served-By` answer header). */
  instances: (ServerProcess & { name: string })[];
  haproxy: ChildProcess;
  /** Each instance as the balancer sees it: state, requests served, retries and redispatches. */
  balancer: () => Promise<BalancedServer[]>;
  /** Stops every instance (SIGTERM: each drains), then the balancer, then the loopback S3; removes the data folders. */
  stop: () => Promise<void>;
};

function haproxyConfig(options: { port: number; statsPort: number; servers: { name: string; port: number }[] }): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 5m',
    // Chat streams stay open; their heartbeat keeps them under this.
    '  timeout server 5m',
    '  timeout http-request 30s',
    '  timeout queue 10s',
    // A readiness check may take seconds on a loaded machine: with 1 s, all three instances were
    // marked down together at a load average of 26 and the balancer itself answered 503.
    '  timeout check 5s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend rumbo',
    `  bind 127.0.0.1:${options.port}`,
    '  option forwardfor',
    // A write the dead instance may have applied is never sent twice; a refused connection is retried for every method.
    '  http-request disable-l7-retry if !METH_GET',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %s',
    '  default-server check inter 2s fastinter 500ms downinter 1s rise 2 fall 3 observe layer4 error-limit 1 on-error mark-down',
    ...options.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`),
    'listen stats',
    `  bind 127.0.0.1:${options.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '',
  ].join('\n');
}

async function readBalancer(statsUrl: string): Promise<BalancedServer[]> {
  const text = await (await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(5_000) })).text();
  const [header, ...rows] = text.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const column = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return rows
    .map((line) => line.split(','))
    .filter((row) => column(row, 'pxname') === 'instances' && !['BACKEND', 'FRONTEND'].includes(column(row, 'svname')))
    .map((row) => ({
      name: column(row, 'svname'),
      status: column(row, 'status'),
      served: Number(column(row, 'stot')),
      retries: Number(column(row, 'wretr')),
      redispatches: Number(column(row, 'wredis')),
    }));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, exited: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone) throw new Error(gone);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} after ${timeoutMs} ms`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyPath = findHaproxy();
  if (!haproxyPath) throw new HaproxyMissingError();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-cluster-'));
  const s3 = options.s3Env ? null : await startLoopbackS3('rumbo-cluster');
  const port = options.port || (await freePort());
  const appUrl = `http://localhost:${port}`;
  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    APP_URL: appUrl,
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    // Instances behind one balancer share the cookie-signing secret, and believe its X-Forwarded-For.
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    TRUSTED_PROXIES: '127.0.0.1',
    ...(options.s3Env ?? s3!.env),
    ...options.env,
  };
  const names = Array.from({ length: options.instances ?? 3 }, (_, index) => String.fromCharCode(97 + index));
  const instances = await Promise.all(
    names.map(async (name) => {
      const dataDir = path.join(root, name);
      fs.mkdirSync(dataDir);
      return Object.assign(await spawnServerProcess({ dataDir, env: shared, nodeArgs: options.nodeArgs }), { name });
    }),
  );
  const stopInstances = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  // Started together on purpose: the migrations run under an advisory lock. Three cold starts at
  // once on a loaded 2-core machine take far longer than one on a quiet one.
  const started = await Promise.allSettled(instances.map((instance) => instance.waitUntilHealthy(START_TIMEOUT_MS)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopInstances();
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
    throw failed.reason;
  }

  const statsPort = await freePort();
  const configFile = path.join(root, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig({ port, statsPort, servers: instances.map((instance) => ({ name: instance.name, port: instance.port })) }));
  const haproxy = spawn(haproxyPath, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  haproxy.stdout.setEncoding('utf8').on('data', (chunk: string) => (haproxyOutput += chunk));
  haproxy.stderr.setEncoding('utf8').on('data', (chunk: string) => (haproxyOutput += chunk));
  const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  let haproxyGone = false;
  void haproxyExited.then(() => (haproxyGone = true));
  const statsUrl = `http://127.0.0.1:${statsPort}/`;

  const stop = async () => {
    await stopInstances();
    if (!haproxyGone) haproxy.kill('SIGTERM');
    await haproxyExited;
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'the balancer did not see every instance ready',
      async () => (await readBalancer(statsUrl)).every((server) => server.status === 'UP'),
      30_000,
      () => (haproxyGone ? `HAProxy exited:\n${haproxyOutput}` : null),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, appUrl, statsUrl, instances, haproxy, balancer: () => readBalancer(statsUrl), stop };
}
