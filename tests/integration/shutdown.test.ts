import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpServerProcesses, makeDataDir, send, type ServerProcess, spawnServerProcess } from './support/server-process.ts';
import { eventReader } from './support/sse.ts';
import { sessionCookie } from './support/test-app.ts';

/**
 * SIGTERM with live streams open (decision 267: 5 chat streams used to keep the process up 40 s). The
 * server stops accepting, tells each stream to reconnect elsewhere, lets in-flight requests
 * finish and exits within its drain time. On the embedded database, the default pass.
 */
afterEach(cleanUpServerProcesses);

/** Up to 3 minutes for the embedded database's first start (seconds on a quiet machine; far more on a loaded one). */
async function healthy(server: ServerProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !server.hasExited()) {
    const status = await fetch(`${server.url}/api/health`).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy\n${server.stdout()}\n${server.stderr()}`);
}

describe('a server stopped with SIGTERM', () => {
  it('ends open chat streams with a reconnect event and exits cleanly within the drain time', { timeout: 240_000 }, async () => {
    const server = await spawnServerProcess({ dataDir: makeDataDir(), env: { SHUTDOWN_DRAIN_MS: '4000', LOG_LEVEL: 'info', TRIAL_DAYS: '14' } });
    await healthy(server);
    const signUp = await send(server, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: `drain-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery', name: 'Ana', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);
    const cookie = sessionCookie(signUp);

    const streams = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await fetch(`${server.url}/api/community/rooms/general/stream`, { headers: { origin: server.appUrl, cookie } });
        expect(response.status).toBe(200);
        const events = eventReader(response);
        await events.until((list) => list.some((event) => event.event === 'ready'));
        return events;
      }),
    );

    const stoppedAt = Date.now();
    server.kill('SIGTERM');
    // Each stream is told to reconnect, then ends (`until` returns when the body ends).
    const endings = await Promise.all(streams.map((events) => events.until(() => false)));
    for (const events of endings) expect(events.at(-1)?.event).toBe('reconnect');
    const exit = await server.exited;
    const tookMs = Date.now() - stoppedAt;
    expect(exit).toEqual({ code: 0, signal: null });
    // Nothing was in flight but the streams: far under the 4 s drain.
    expect(tookMs).toBeLessThan(4_000);
    // Every line the server wrote is a structured (JSON) log line, and the drain is in it.
    const lines = server.stdout().trim().split('\n');
    expect(lines.every((line) => line.startsWith('{'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; streamsEnded?: number }).find((line) => line.msg === 'stopped serving')?.streamsEnded).toBe(5);
  });
});
