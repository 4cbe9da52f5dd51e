/**
 * `npm run cluster`: three instances of the built app on one PostgreSQL and one Redis behind
 * HAProxy on loopback, with S3 storage (a loopback S3 unless `S3_BUCKET` is set), the way
 * docs/operations.md deploys N instances. Prints the URL; Ctrl-C stops everything (each
 * instance drains) and removes what it made.
 *
 *   npm run cluster [-- --instances 3 --port 8080]
 *
 * `DATABASE_URL` (kept) or a throw-away database beside postgres://postgres@127.0.0.1:5432
 * (dropped at the end); `REDIS_URL` (default redis://127.0.0.1:6379, `--no-redis` for
 * PostgreSQL alone); any other server setting in the environment (RATE_LIMIT_SCALE,
 * LOG_LEVEL, TRIAL_DAYS, AI_*…) goes to every instance.
 */
import { buildIfStale } from './lib/build-if-stale.ts';
import { type Cluster, HaproxyMissingError, startCluster } from './lib/cluster.ts';
import { createThrowawayDatabase } from './lib/throwaway-database.ts';

const numberOption = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** Settings passed through to every instance (the cluster sets the rest itself). */
const PASSED_THROUGH = /^(RATE_LIMIT_SCALE|LOG_LEVEL|TRIAL_DAYS|SHUTDOWN_DRAIN_MS|RUMBO_ADMIN_EMAILS|SMTP_URL|MAIL_FROM|GUIDED_TOURS_AUTOSTART|METRICS_TOKEN|AI_.*|ANTHROPIC_.*|S3_.*|STRIPE_.*)$/;

buildIfStale();
const passed = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => PASSED_THROUGH.test(entry[0]) && entry[1] !== undefined));
const throwaway = process.env.DATABASE_URL ? null : await createThrowawayDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'rumbo_cluster');
const databaseUrl = process.env.DATABASE_URL ?? throwaway!.url;

let cluster: Cluster;
try {
  cluster = await startCluster({
    databaseUrl,
    redisUrl: process.argv.includes('--no-redis') ? null : (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    s3Env: process.env.S3_BUCKET ? {} : undefined,
    instances: numberOption('instances', 3),
    port: numberOption('port', Number(process.env.PORT ?? 8080)),
    env: { LOG_LEVEL: 'info', ...passed },
  });
} catch (error) {
  await throwaway?.drop();
  console.error(error instanceof HaproxyMissingError ? `✖ ${error.message}` : error);
  process.exit(1);
}

// Each instance's log lines, prefixed with its name.
for (const instance of cluster.instances) {
  let partial = '';
  instance.child.stdout?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) console.log(`[${instance.name}] ${line}`);
  });
  instance.child.stderr?.on('data', (chunk: string) => process.stderr.write(`[${instance.name}] ${chunk}`));
}

console.log(`
Rumbo cluster: ${cluster.appUrl}
  instances  ${cluster.instances.map((instance) => `${instance.name} ${instance.url} (pid ${instance.pid})`).join(', ')}
  database   ${databaseUrl}${throwaway ? ' (dropped at the end)' : ''}
  balancer   HAProxy, routing by /api/ready; statistics at ${cluster.statsUrl}
  soak it:    node bench/soak.ts --url ${cluster.url} --pids ${cluster.instances.map((instance) => instance.pid).join(',')}
Ctrl-C stops it.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the instances (each drains), then the balancer…`);
  await cluster.stop();
  await throwaway?.drop();
  const exits = await Promise.all(cluster.instances.map((instance) => instance.exited));
  console.log(`Stopped: ${cluster.instances.map((instance, index) => `${instance.name} exit ${exits[index]!.code ?? exits[index]!.signal}`).join(', ')}.`);
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
