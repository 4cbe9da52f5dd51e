import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** Where a Chromium-family browser usually is, after CHROMIUM_PATH and Playwright's own. */
const KNOWN_PLACES = [
  // Debian's Chromium (what .ci/run installs), then other Linux packages.
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  // macOS.
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** What to run when no browser is found: Playwright's Chromium for this version of Playwright. */
export const INSTALL_BROWSER_COMMAND = 'npx playwright install chromium';

/** Playwright's own Chromium, if `npx playwright install chromium` has put it there. */
function playwrightsOwn(): string | undefined {
  try {
    const place = chromium.executablePath();
    return place && fs.existsSync(place) ? place : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The browser the end-to-end tests and the web audit drive (decision 269: `npm test` on a fresh
 * machine): CHROMIUM_PATH when set, else Playwright's own Chromium, else Debian's Chromium, else
 * Google Chrome or Chromium where their packages put them. Undefined when there is none.
 */
export function findChromium(
  where: { chosen?: string; playwrights?: () => string | undefined; exists?: (place: string) => boolean } = {},
): string | undefined {
  const chosen = 'chosen' in where ? where.chosen : process.env.CHROMIUM_PATH;
  if (chosen) return chosen;
  const exists = where.exists ?? fs.existsSync;
  return (where.playwrights ?? playwrightsOwn)() ?? KNOWN_PLACES.find((place) => exists(place));
}

/** The found browser, or Debian's place so that a launch fails with a path in its message. */
export const CHROMIUM_PATH = findChromium() ?? '/usr/bin/chromium';

/** The flags keep it from reaching out to Google's services, which a locked-down network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
