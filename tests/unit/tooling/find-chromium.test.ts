import { describe, expect, it } from 'vitest';
import { findChromium } from '../../../e2e/support/chromium.ts';

/** `npm test` on a fresh machine (decision 269): which browser the e2e step drives, in order of preference. */
describe('finding a browser for the end-to-end tests', () => {
  const none = () => undefined;

  it('takes CHROMIUM_PATH first, even over an installed browser', () => {
    expect(findChromium({ chosen: '/opt/my/chrome', playwrights: () => '/pw/chrome', exists: () => true })).toBe('/opt/my/chrome');
  });

  it("then Playwright's own Chromium, then Debian's, then Google Chrome", () => {
    expect(findChromium({ chosen: undefined, playwrights: () => '/pw/chrome', exists: () => true })).toBe('/pw/chrome');
    expect(findChromium({ chosen: undefined, playwrights: none, exists: (place) => place === '/usr/bin/chromium' || place === '/usr/bin/google-chrome' })).toBe('/usr/bin/chromium');
    expect(findChromium({ chosen: undefined, playwrights: none, exists: (place) => place === '/usr/bin/google-chrome-stable' })).toBe('/usr/bin/google-chrome-stable');
    expect(findChromium({ chosen: undefined, playwrights: none, exists: (place) => place.startsWith('/Applications/Google Chrome.app') })).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
  });

  it('finds nothing on a machine with no browser (npm test then stops at once with the command to run)', () => {
    expect(findChromium({ chosen: undefined, playwrights: none, exists: () => false })).toBeUndefined();
  });
});
