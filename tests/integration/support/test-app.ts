import path from 'node:path';
import { createApp } from '../../../src/server/app.ts';
import { createAuth } from '../../../src/server/auth/auth.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The whole app on a fresh database, called in-process through `app.request()`. */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATA_DIR: path.join('data', 'test-unused'),
    CLIENT_DIR: path.join('tests', 'fixtures', 'client'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const database = await openTestDatabase();
  const logger = createLogger(env.logLevel);
  const auth = createAuth({
    db: database.db,
    rateLimitScale: env.rateLimitScale,
    secret: 'test-secret-that-is-at-least-32-characters-long',
    appUrl: env.appUrl,
    secureCookies: false,
    logger,
  });
  const app = createApp({ env, db: database.db, driver: database.driver, auth, logger });

  /** Sends a request as a browser on our origin would (JSON body, Origin header, cookies). */
  async function request(pathname: string, init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; cookie?: string } = {}) {
    const headers = new Headers({ origin: TEST_ORIGIN, ...init.headers });
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(pathname, { method: init.method ?? 'GET', headers, body });
  }

  let userCounter = 0;
  /** Signs up a new founder and returns their session cookie. */
  async function signUp(overrides: { email?: string; password?: string; name?: string } = {}) {
    userCounter += 1;
    const email = overrides.email ?? `founder${userCounter}-${Date.now()}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const response = await request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password, name: overrides.name ?? 'Ana Founder', termsAccepted: true },
    });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    return { email, password, cookie: sessionCookie(response), user: ((await response.json()) as { user: { id: string } }).user };
  }

  return { app, env, db: database.db, driver: database.driver, request, signUp, close: database.close };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
