import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../../src/server/app.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { createServices } from '../../../src/server/services.ts';
import { Outbox } from './outbox.ts';
import { openTestDatabase } from './test-database.ts';
import { type DatabaseHandle, openDatabase } from '../../../src/server/db/client.ts';
import type { SharedState } from '../../../src/server/cluster/shared-state.ts';
import type { PasswordHashing } from '../../../src/server/auth/password-hashing.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
/** Every test request's browser, unless a test says otherwise (sessions are bound to it). */
export const TEST_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) RumboTest/1.0';

/**
 * The whole app on a fresh database, called in-process through `app.request()`; with
 * `databaseUrl`, on that PostgreSQL database instead (two apps on one URL are two instances).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    sessionCacheTtlMs?: number;
    hotReadTtlMs?: number;
    now?: () => number;
    databaseUrl?: string;
    adminSessions?: { idleMs?: number; activityWriteMs?: number };
    /** Shared state through this Redis, and/or this PostgreSQL URL instead of the database's own (the outage tests put a relay between). */
    shared?: { redisUrl?: string; databaseUrl?: string };
    listenerRetry?: { firstMs?: number; longestMs?: number };
    /** `standard` for a test that measures what the founders' hash costs (sign-up timing); else the lighter one (decision 306). */
    passwordHashing?: PasswordHashing;
    /** A second instance of this app in the same process: its database and its shared state (on PGlite, the only way two apps share one). */
    peerOf?: { database: DatabaseHandle & { url?: string }; shared: SharedState };
  } = {},
) {
  // Each app gets its own data folder, so its outbox holds only its own e-mails.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join('tests', 'fixtures', 'client'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const database = options.peerOf
    ? { ...options.peerOf.database, close: async () => undefined }
    : options.databaseUrl
      ? { ...(await openDatabase({ url: options.databaseUrl })), url: options.databaseUrl }
      : await openTestDatabase();
  const logger = createLogger(env.logLevel);
  // On PostgreSQL the counters and session events go through it too, as on a cluster.
  const services = await createServices({
    env,
    db: database.db,
    driver: database.driver,
    logger,
    secret: 'test-secret-that-is-at-least-32-characters-long',
    // `shared.databaseUrl: undefined` on purpose: nothing shared through PostgreSQL, whichever database the run uses.
    shared: { databaseUrl: options.shared && 'databaseUrl' in options.shared ? options.shared.databaseUrl : database.url, redisUrl: options.shared?.redisUrl },
    listenerRetry: options.listenerRetry,
    // Sixteen times lighter scrypt unless asked: a thousand sign-ups a run (decision 306); founders never get it.
    passwordHashing: options.passwordHashing ?? 'cheap',
    sessionCacheTtlMs: options.sessionCacheTtlMs,
    hotReadTtlMs: options.hotReadTtlMs,
    adminSessions: options.adminSessions,
    now: options.now,
    sharedState: options.peerOf?.shared,
  });
  const app = createApp(services.deps);

  /** Sends a request as a browser on our origin would (JSON body, Origin header, cookies). */
  async function request(
    pathname: string,
    init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; cookie?: string; clientAddress?: string; signal?: AbortSignal } = {},
  ) {
    const headers = new Headers({ origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT, ...init.headers });
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    // As @hono/node-server would pass it: the socket the request came in on.
    const bindings = init.clientAddress ? { incoming: { socket: { remoteAddress: init.clientAddress, remoteFamily: 'IPv4' } } } : undefined;
    // `signal`: aborting it is the browser going away mid-answer (the node server aborts the request's signal).
    return app.request(pathname, { method: init.method ?? 'GET', headers, body, signal: init.signal }, bindings);
  }

  let userCounter = 0;
  const outbox = new Outbox(env.mail.outboxDir);
  /**
   * Signs up a new founder and returns the session cookie the sign-up answered with (the address
   * not yet confirmed), once the confirmation e-mail is in the outbox. `confirmed` also opens the e-mailed confirmation link, as the founder
   * would, and returns the cookie that link signed in with. `json` adds fields to the sign-up's
   * body (`ref`, `language`).
   */
  async function signUp(
    overrides: { email?: string; password?: string; name?: string; userAgent?: string; json?: Record<string, unknown>; headers?: Record<string, string>; confirmed?: boolean } = {},
  ) {
    userCounter += 1;
    const email = overrides.email ?? `founder${userCounter}-${Date.now()}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const headers = { ...overrides.headers, ...(overrides.userAgent ? { 'user-agent': overrides.userAgent } : {}) };
    const mailed = outbox.all().length;
    const response = await request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password, name: overrides.name ?? 'Ana Founder', termsAccepted: true, ...overrides.json },
      headers,
    });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const user = ((await response.json()) as { user: { id: string } }).user;
    // The confirmation e-mail goes out after the answer: waiting for it keeps later counts of e-mails
    // exact (when they go to the outbox; an app with SMTP_URL sends them to its SMTP server instead).
    if (!overrides.confirmed && !env.mail.smtpUrl) await outbox.latest(email.toLowerCase(), 'confirm-email', mailed);
    const cookie = overrides.confirmed ? await confirmAddress(email, headers, mailed) : sessionCookie(response);
    return { email, password, cookie, user };
  }

  /**
   * Opens the newest confirmation link e-mailed to `email` (after the outbox's first `after`
   * messages) and returns the session cookie it signs in with.
   */
  async function confirmAddress(email: string, headers: Record<string, string> = {}, after = 0) {
    const link = (await outbox.latest(email.toLowerCase(), 'confirm-email', after)).links[0] ?? '';
    const url = new URL(link);
    const confirmed = await request(url.pathname + url.search, { headers });
    const cookie = sessionCookie(confirmed);
    if (confirmed.status !== 302 || !cookie.includes('session_token=')) {
      throw new Error(`confirmation failed: ${confirmed.status} ${confirmed.headers.get('location')}`);
    }
    return cookie;
  }

  const close = async () => {
    await services.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  /** Signs an existing founder in again (a new session) and returns its cookie. */
  async function signIn(email: string, password = 'correct horse battery', headers: Record<string, string> = {}) {
    const response = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return sessionCookie(response);
  }

  return { app, env, signIn, deps: services.deps, shared: services.shared, database, db: database.db, driver: database.driver, outbox, request, signUp, confirmAddress, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
