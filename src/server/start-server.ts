import type { Server } from 'node:http';
import path from 'node:path';
import { createNodeServer } from './http/node-server.ts';
import { createApp } from './app.ts';
import { loadOrCreateSecret } from './auth/secret.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { type DataDirLock, lockDataDir } from './db/data-dir-lock.ts';
import { listenForBackups } from './db/backup-socket.ts';
import type { Env } from './env.ts';
import { startAuditRetentionJob } from './platform/audit-retention-job.ts';
import { startSecurityAlertJob } from './features/admin/security-alerts.ts';
import { startPeerSnapshotJob } from './features/metrics/peer-snapshot.ts';
import { startImpersonationExpiryJob } from './features/impersonation/expiry-job.ts';
import { startOwedNoticesJob } from './features/referrals/index.ts';
import { endLiveStreams } from './features/community/index.ts';
import { jobsSettled } from './platform/telemetry.ts';
import { startWeeklyEmailJob } from './features/weekly-email/scheduler.ts';
import { createMailer } from './mail/mailer.ts';
import { localStorageWarning, signingSecret } from './storage/storage-for.ts';
import { startSubscriptionJob } from './features/subscription/schedule.ts';
import { startStripeSyncJob } from './features/metrics/stripe-sync-job.ts';
import { createLogger, type Logger } from './logger.ts';
import { createServices } from './services.ts';

/**
 * Stops accepting, asks open live streams to reconnect elsewhere, and waits for in-flight
 * requests and job runs, at most `deadlineMs`; then cuts what is left (decision 267). Idle
 * keep-alive connections are closed as they become idle, so a browser's next request goes
 * to another instance.
 */
async function drain(server: Server, options: { deadlineMs: number; logger: Logger; endStreams: () => number }) {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  const streams = options.endStreams();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), options.deadlineMs)));
  const outcome = await Promise.race([Promise.all([stopped, jobsSettled()]).then(() => 'drained' as const), deadline]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    options.logger.warn({ drainMs: options.deadlineMs }, 'drain time over: closing the connections still open');
    server.closeAllConnections();
    await stopped;
  }
  options.logger.info({ streamsEnded: streams, outcome }, 'stopped serving');
}

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  logger: Logger;
  close: () => Promise<void>;
};

/**
 * Opens the database (migrating it), builds the app and listens. With PGlite the
 * data folder is locked first, so a second server on it refuses to start.
 */
export async function startServer(env: Env): Promise<RunningServer> {
  const logger = createLogger(env.logLevel);
  let lock: DataDirLock | undefined;
  if (!env.databaseUrl) lock = lockDataDir(env.dataDir);

  let database: DatabaseHandle;
  try {
    database = env.databaseUrl
      ? await openDatabase({ url: env.databaseUrl, onIdleError: (error) => logger.warn({ err: error }, 'PostgreSQL ended an idle connection') })
      : await openDatabase({ dataDir: path.join(env.dataDir, 'pglite') });
  } catch (error) {
    lock?.release();
    throw error;
  }

  const services = await createServices({
    env,
    db: database.db,
    driver: database.driver,
    logger,
    secret: env.authSecret ?? loadOrCreateSecret(env.dataDir),
  });
  const app = createApp(services.deps);
  // The operating settings in force, changed by admins while the jobs run (platform/runtime-settings.ts).
  const { settings } = services.deps;
  const auditRetention = startAuditRetentionJob(database.db, logger, undefined, { onRun: services.deps.telemetry.observeJob });
  const securityAlertScan = startSecurityAlertJob(database.db, logger, { workingHours: () => settings.current().adminWorkingHours, onRun: services.deps.telemetry.observeJob });
  const onRun = services.deps.telemetry.observeJob;
  const peerSnapshot = await startPeerSnapshotJob(database.db, logger, env.benchmarkSnapshotCron, onRun);
  const impersonationExpiry = startImpersonationExpiryJob(database.db, services.deps.bus, logger, { onRun });
  const weeklyEmails = startWeeklyEmailJob({
    db: database.db,
    mailer: createMailer({ ...env.mail, logger }),
    logger,
    appUrl: env.appUrl,
    secret: signingSecret(services.deps),
    trialDays: () => settings.current().trialDays,
    onRun,
  });
  const subscriptionSchedule = startSubscriptionJob(services.deps, { onRun });
  const owedReferralEmails = startOwedNoticesJob({ db: database.db, mailer: services.deps.mailer, env: { appUrl: env.appUrl }, logger }, { onRun });
  // Without STRIPE_KEY_ENCRYPTION_KEY there are no connected accounts to sync.
  const stripeSync = env.stripeImport ? startStripeSyncJob({ db: database.db, stripe: env.stripeImport, bus: services.deps.bus, logger, trialDays: () => settings.current().trialDays }) : null;

  const storageWarning = localStorageWarning(env);
  if (storageWarning) logger.warn({ storage: 'local', dataDir: env.dataDir }, storageWarning);
  // `npm run backup` beside a running embedded server asks it through this socket.
  const backups = database.dump ? await listenForBackups({ dataDir: env.dataDir, dumpDatabase: database.dump, logger }) : null;

  const server = createNodeServer(app.fetch, { hostname: env.host, https: new URL(env.appUrl).protocol === 'https:', hotReads: services.deps.hotReads });
  await new Promise<void>((resolve) => server.listen(env.port, env.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  logger.info({ port, database: database.driver }, `Rumbo is listening on http://localhost:${port}`);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Not ready any more: balancers stop sending, while what is under way finishes.
      services.deps.readiness.draining = true;
      auditRetention.stop();
      securityAlertScan.stop();
      peerSnapshot.stop();
      impersonationExpiry.stop();
      weeklyEmails.stop();
      subscriptionSchedule.stop();
      owedReferralEmails.stop();
      stripeSync?.stop();
      await drain(server, { deadlineMs: env.shutdownDrainMs, logger, endStreams: () => endLiveStreams(services.deps) });
      await backups?.close();
      await services.close();
      await database.close();
      lock?.release();
    })();
    return closing;
  };
  return { url: `http://localhost:${port}`, port, database, logger, close };
}
