import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reopenWhenClosed } from '../../../src/web/lib/live-stream.ts';

/** A stand-in for the browser's EventSource: its ready state and its error listeners. */
function fakeSource() {
  const listeners = new Set<() => void>();
  const source = {
    readyState: 1,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    fail: (readyState: number) => {
      source.readyState = readyState;
      for (const listener of listeners) listener();
    },
  };
  return source;
}

describe('a live stream that ends (decision 267)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is left to the browser while it reconnects by itself (the reconnect event, then the end)', () => {
    const source = fakeSource();
    const reopen = vi.fn();
    reopenWhenClosed(source as unknown as EventSource, reopen);
    source.fail(0); // CONNECTING: the EventSource retries after the server's `retry`.
    vi.advanceTimersByTime(10_000);
    expect(reopen).not.toHaveBeenCalled();
  });

  it('is opened again two seconds after the browser gave up on it, once', () => {
    const source = fakeSource();
    const reopen = vi.fn();
    reopenWhenClosed(source as unknown as EventSource, reopen);
    source.fail(2); // CLOSED: a reconnection answered 503 by the balancer.
    source.fail(2);
    vi.advanceTimersByTime(1_999);
    expect(reopen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reopen).toHaveBeenCalledTimes(1);
  });

  it('is not opened again once the page has left it', () => {
    const source = fakeSource();
    const reopen = vi.fn();
    const stop = reopenWhenClosed(source as unknown as EventSource, reopen);
    source.fail(2);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(reopen).not.toHaveBeenCalled();
  });
});
