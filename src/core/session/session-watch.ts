/**
 * The browser's periodic session check (docs/product.md#sessions): every 5 minutes, every 2 for admins.
 * Pure scheduling, so tests drive it with fake timers and any check function.
 */
export const SESSION_POLL_INTERVAL_MS = { user: 5 * 60 * 1000, admin: 2 * 60 * 1000 } as const;

/**
 * What a check found: still valid, ended by a rule (which one; `impersonation-ended`: an
 * admin's "view as" ran out, and the app goes back to the admin), or unknown (offline).
 */
export type SessionCheckResult = 'valid' | 'expired' | 'terminated' | 'impersonation-ended' | 'unknown';
export type SessionEnd = Exclude<SessionCheckResult, 'valid' | 'unknown'>;

export type SessionWatchOptions = {
  check: () => Promise<SessionCheckResult>;
  /** Milliseconds between checks; read before each wait so a role change applies. */
  intervalMs: () => number;
  /** Called once when the session has ended; the watch stops. */
  onEnded: (reason: SessionEnd) => void;
};

/** Starts polling; returns the function that stops it. A failed network check is retried next time. */
export function startSessionWatch({ check, intervalMs, onEnded }: SessionWatchOptions): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      const result = await check().catch((): SessionCheckResult => 'unknown');
      if (stopped) return;
      if (result !== 'valid' && result !== 'unknown') {
        stopped = true;
        onEnded(result);
        return;
      }
      schedule();
    }, intervalMs());
  };
  schedule();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
