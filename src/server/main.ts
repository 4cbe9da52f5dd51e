import { EnvError, parseEnv } from './env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startServer } from './start-server.ts';

// The only place that reads process.env (docs/code-style.md#environment: the environment is parsed once).
try {
  const env = parseEnv(process.env);
  const server = await startServer(env);
  const shutdown = (signal: string) => {
    server.logger.info({ signal, drainMs: env.shutdownDrainMs }, 'shutting down');
    // The bound a deploy can count on: the drain, then a few seconds to close the database.
    setTimeout(() => {
      server.logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, env.shutdownDrainMs + 5_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
