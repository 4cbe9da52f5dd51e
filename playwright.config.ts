import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3999);
export const BASE_URL = `http://localhost:${PORT}`;
/** Where the e2e server finds Stripe: the loopback fake e2e/metrics-stripe.spec.ts starts (tests/integration/support/loopback-stripe-account.ts). */
export const STRIPE_FAKE_PORT = PORT + 1000;
// The e2e server's DATA_DIR, fresh per run: tests read its outbox (e2e/support/outbox.ts).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `rumbo-e2e-${PORT}-${Date.now()}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The list, and after a failure the page as it was (CI keeps only what is printed).
  reporter: [['list'], ['./e2e/support/failure-context-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    // Founders who ask for less motion get toasts and dialogs without fades; so do the
    // tests, and axe never judges a half-faded toast (docs/decisions/120-e2e-without-flakes.md).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The browser's own user agent, not the device's emulated one: Chromium sent a chat
    // stream opened during a reload with its own agent, while every other request carried the
    // emulated one, and a session is bound to one agent (docs/decisions/120-e2e-without-flakes.md).
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, userAgent: undefined } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server's warnings and errors (LOG_LEVEL below) are printed beside the tests, so a
    // failure in CI shows what the server saw too.
    stdout: 'pipe',
    env: {
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: String(PORT),
      APP_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      // Tours would cover the page on every first visit; e2e/tours.spec.ts runs a server with them on.
      GUIDED_TOURS_AUTOSTART: 'false',
      // A fresh key each run: founders' Stripe keys are sealed with it, and no run needs another's.
      STRIPE_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STRIPE_API_URL: `http://127.0.0.1:${STRIPE_FAKE_PORT}`,
      RUMBO_ADMIN_EMAILS: 'e2e-admin@example.com,e2e-admin-reset@example.com,e2e-admin-view-as@example.com,e2e-admin-area@example.com,e2e-admin-flags@example.com,e2e-admin-alerts@example.com,e2e-admin-session@example.com,e2e-admin-chat@example.com,e2e-admin-preview@example.com,e2e-admin-ops@example.com',
    },
  },
});
