import module from 'node:module';
import { releaseStartupMemory, restartWithMallocSettings } from './platform/process-memory.ts';

// Before anything else: glibc reads its malloc settings only when the process starts, so the
// process replaces itself once with them set (decision 312).
restartWithMallocSettings(process.env);

/** From listening to the one collection of what the start left behind (decision 312). */
const STARTUP_MEMORY_RELEASE_DELAY_MS = 1_000;

// V8's compiled code for the server's 1,450-odd modules is kept on disk (the system's temporary
// folder, checked against each file's content), so a restart skips compiling them again: about a
// third of the start (decision 304). It covers only what loads after it, hence the imports below.
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache();
const { EnvError, parseEnv } = await import('./env.ts');
const { DataDirLockedError } = await import('./db/data-dir-lock.ts');
const { startServer } = await import('./start-server.ts');

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
  // What the start allocated and no longer needs is collected once, a second after the server
  // answers (decision 312), rather than whenever traffic makes V8 collect: the first health check
  // does not wait for it, and a request arriving during it waits once.
  setTimeout(releaseStartupMemory, STARTUP_MEMORY_RELEASE_DELAY_MS).unref();
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
