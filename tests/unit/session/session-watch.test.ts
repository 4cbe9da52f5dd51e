import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_POLL_INTERVAL_MS, type SessionCheckResult, startSessionWatch } from '../../../src/core/session/session-watch.ts';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watch(results: SessionCheckResult[], intervalMs: () => number) {
  const check = vi.fn(async () => results.shift() ?? 'valid');
  const onEnded = vi.fn();
  const stop = startSessionWatch({ check, intervalMs, onEnded });
  return { check, onEnded, stop };
}

describe('the session validity poll', () => {
  it('checks every 5 minutes for founders and every 2 for admins', async () => {
    expect(SESSION_POLL_INTERVAL_MS).toEqual({ user: 5 * MINUTE, admin: 2 * MINUTE });
    const founder = watch([], () => SESSION_POLL_INTERVAL_MS.user);
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(founder.check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(founder.check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(founder.check).toHaveBeenCalledTimes(3);
    founder.stop();

    const admin = watch([], () => SESSION_POLL_INTERVAL_MS.admin);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(admin.check).toHaveBeenCalledTimes(5);
    admin.stop();
  });

  it('reports the first ended verdict once and stops', async () => {
    const { check, onEnded } = watch(['valid', 'terminated'], () => MINUTE);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('terminated');
  });

  it('reports an admin view that ran out, so the app can go back to the admin', async () => {
    const { onEnded } = watch(['valid', 'impersonation-ended'], () => 2 * MINUTE);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('impersonation-ended');
  });

  it('does not sign out when the check could not reach the server', async () => {
    const { check, onEnded } = watch(['unknown', 'unknown', 'expired'], () => MINUTE);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(onEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onEnded).toHaveBeenCalledWith('expired');
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('follows a role change at the next wait, and stops when asked', async () => {
    let interval = 5 * MINUTE;
    const { check, stop } = watch([], () => interval);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    interval = 2 * MINUTE; // became an admin: the wait already scheduled was 5 minutes
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
