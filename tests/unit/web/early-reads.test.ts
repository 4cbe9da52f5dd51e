import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_SHELL_PAGES, signedInReads } from '../../../src/core/signed-in-pages.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The URLs the early reads ask for on `pathname`, for a founder on the free tier. */
async function earlyReadUrls(pathname: string) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const body = url === '/api/me' ? { effectiveUserTier: 1 } : url === '/api/referrals/notices' ? { notices: [] } : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const { startEarlyReads } = await import('../../../src/web/app/early-reads.ts');
  startEarlyReads(pathname);
  await vi.waitFor(() => expect(urls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return urls;
}

describe('the signed-in shells’ preloaded reads', () => {
  for (const page of SIGNED_IN_SHELL_PAGES) {
    it(`are the reads ${page.path} starts as its code loads, with the session check`, async () => {
      // A preload the app does not ask for again is wasted (and the browser warns); a read not preloaded starts late.
      const preloaded = signedInReads(page.path).map((read) => read.url);
      const asked = await earlyReadUrls(page.path);
      // The session is read by Better Auth's client (useSession), not by the early reads.
      expect([...asked, '/api/auth/get-session'].sort()).toEqual([...preloaded].sort());
    });
  }
});

describe('the reads a first screen drawn on the server is made from (decision 315)', () => {
  for (const page of SIGNED_IN_SHELL_PAGES) {
    it(`are the ones ${page.path}'s HTML preloads, the session apart`, async () => {
      // Each answer fills the cache entry the page's read would: a read left out would be asked for again by the app.
      const { firstScreenUrls } = await import('../../../src/web/app/first-screen-queries.ts');
      const preloaded = signedInReads(page.path).map((read) => read.url).filter((url) => url !== '/api/auth/get-session');
      expect([...firstScreenUrls(page.path)].sort()).toEqual(preloaded.sort());
    });
  }
});

describe('the Overview’s early insights read', () => {
  /** Starts the Overview's early reads for a founder on `tier`; returns what was fetched and the query cache. */
  async function overviewFor(tier: number) {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (url === '/api/insights' && tier < 2) return new Response(JSON.stringify({ error: { code: 'PREMIUM_REQUIRED' } }), { status: 403, headers: { 'content-type': 'application/json' } });
      const body =
        url === '/api/me' ? { effectiveUserTier: tier }
        : url === '/api/insights' ? { insights: [{ kind: 'growthStalled', values: [1, 1] }] }
        : url === '/api/referrals/notices' ? { notices: [] }
        : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { startEarlyReads } = await import('../../../src/web/app/early-reads.ts');
    const { queryClient } = await import('../../../src/web/app/query.tsx');
    startEarlyReads('/overview');
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { urls, insights: queryClient.getQueryData(['insights']) };
  }

  it('starts with the profile, not after it, and gives a premium founder’s Overview its answer without asking again', async () => {
    const { urls, insights } = await overviewFor(2);
    expect(urls.indexOf('/api/insights')).toBeLessThan(urls.indexOf('/api/me'));
    expect(urls.filter((url) => url === '/api/insights')).toHaveLength(1);
    expect(insights).toEqual({ insights: [{ kind: 'growthStalled', values: [1, 1] }] });
  });

  it('leaves a free founder’s refusal out of the cache', async () => {
    const { urls, insights } = await overviewFor(1);
    expect(urls).toContain('/api/insights');
    expect(insights).toBeUndefined();
  });
});
