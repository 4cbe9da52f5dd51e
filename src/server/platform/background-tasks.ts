import type { Logger } from '../logger.ts';

/**
 * Work started by a request that must not hold up its answer (Better Auth's e-mails, decision
 * 240). Each task is kept until it ends, so closing the app waits for what is under way; a
 * failure is logged, never thrown into the request that started it.
 */
export function createBackgroundTasks(logger: Logger) {
  const running = new Set<Promise<unknown>>();
  return {
    run: (task: Promise<unknown>) => {
      const tracked = task.catch((error: unknown) => logger.error({ err: error }, 'background task failed')).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    /** Resolves once every task started so far has ended. */
    settled: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
