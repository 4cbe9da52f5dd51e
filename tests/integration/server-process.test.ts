import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanUpServerProcesses,
  makeDataDir,
  send,
  type ServerProcess,
  spawnServerProcess,
  startServerProcess,
} from './support/server-process.ts';
import { sessionCookie } from './support/test-app.ts';

/**
 * The real server process on embedded PGlite: every acknowledged write survives a
 * SIGKILL, two servers never share one DATA_DIR, and a graceful stop frees it.
 */

const TEST_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse battery';

type Founder = { email: string; password: string };

afterEach(cleanUpServerProcesses);

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function signUp(server: ServerProcess, email: string): Promise<{ founder: Founder; cookie: string }> {
  const response = await send(server, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: PASSWORD, name: 'Ana Founder', termsAccepted: true },
  });
  expect(response.status, `sign-up of ${email}: ${await response.clone().text()}`).toBe(200);
  await response.body?.cancel();
  return { founder: { email, password: PASSWORD }, cookie: sessionCookie(response) };
}

async function signIn(server: ServerProcess, founder: Founder): Promise<string> {
  const response = await send(server, '/api/auth/sign-in/email', {
    method: 'POST',
    json: { email: founder.email, password: founder.password },
  });
  expect(response.status, `sign-in of ${founder.email}: ${await response.clone().text()}`).toBe(200);
  await response.body?.cancel();
  return sessionCookie(response);
}

async function getMe(server: ServerProcess, cookie: string) {
  const response = await send(server, '/api/me', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { email: string; preferredLanguage: string | null };
}

function lockOwner(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, 'rumbo.lock'), 'utf8').split('@')[0];
  } catch {
    return undefined;
  }
}

describe('the server process on embedded PGlite', () => {
  it('keeps every acknowledged write after a SIGKILL and restarts on the same DATA_DIR', { timeout: TEST_TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    const first = await startServerProcess({ dataDir });

    const founders = await Promise.all(
      Array.from({ length: 15 }, async (_, index) => {
        const { founder, cookie } = await signUp(first, `durable${index}@example.com`);
        const response = await send(first, '/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'es-LA' } });
        expect(response.status).toBe(200);
        // Acknowledged: the whole response is in.
        expect(((await response.json()) as { preferredLanguage: string }).preferredLanguage).toBe('es-LA');
        return founder;
      }),
    );
    // The moment the last write is acknowledged: no shutdown, no checkpoint.
    first.kill('SIGKILL');
    expect(await within(first.exited, 10_000, 'the killed server exiting')).toEqual({ code: null, signal: 'SIGKILL' });
    // The killed server could not release its lock: the next one takes the stale lock over.
    expect(lockOwner(dataDir)).toBe(String(first.pid));

    const second = await startServerProcess({ dataDir });
    expect(lockOwner(dataDir)).toBe(String(second.pid));
    const found = [];
    for (const founder of founders) {
      const cookie = await signIn(second, founder);
      const me = await getMe(second, cookie);
      found.push({ email: me.email, preferredLanguage: me.preferredLanguage });
    }
    expect(found).toEqual(founders.map((founder) => ({ email: founder.email, preferredLanguage: 'es-LA' })));
  });

  it('refuses to start a second server on a DATA_DIR in use, with a clear message', { timeout: TEST_TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    const first = await startServerProcess({ dataDir });
    const { founder } = await signUp(first, 'first@example.com');

    const second = await spawnServerProcess({ dataDir });
    expect(second.port).not.toBe(first.port);
    const exit = await within(second.exited, 30_000, 'the second server refusing to start');
    expect(exit.code, `second server stderr:\n${second.stderr()}`).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.stderr()).toContain('Another Rumbo server');
    expect(second.stderr()).toContain(`pid ${first.pid}`);
    expect(second.stderr()).toContain(dataDir);

    // The first server is untouched: still its lock, still healthy, still its data.
    expect(first.hasExited()).toBe(false);
    expect(lockOwner(dataDir)).toBe(String(first.pid));
    const health = await send(first, '/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const me = await getMe(first, await signIn(first, founder));
    expect(me.email).toBe(founder.email);
  });

  it('releases the DATA_DIR on SIGTERM so the next server starts on it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const dataDir = makeDataDir();
    const first = await startServerProcess({ dataDir });
    const { founder } = await signUp(first, 'graceful@example.com');

    first.kill('SIGTERM');
    expect(await within(first.exited, 30_000, 'the server stopping on SIGTERM')).toEqual({ code: 0, signal: null });
    expect(lockOwner(dataDir)).toBeUndefined();

    const second = await startServerProcess({ dataDir });
    expect(lockOwner(dataDir)).toBe(String(second.pid));
    const me = await getMe(second, await signIn(second, founder));
    expect(me.email).toBe(founder.email);
  });
});
