import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { onboardByApi, signUpByApi } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** Where the assistant of this spec listens for its code: the browser's visit there is answered by the test. */
const CALLBACK = 'http://127.0.0.1:33418/callback';

/**
 * Profile › API access (docs/api.md): a founder creates a token, copies it the one time it is
 * shown, a script reads with it, and revoking it stops it at once; then an MCP client is
 * authorised on the OAuth consent screen (decision 277), its code exchanged for a token that
 * calls a tool, and the app is revoked under Connected apps. Desktop in English, a phone in
 * the dark theme in Spanish.
 */
for (const [language, viewport, colorScheme] of [
  ['en', { width: 1280, height: 800 }, 'light'],
  ['es-LA', { width: 390, height: 844 }, 'dark'],
] as const) {
  test(`${language}: creates a token, copies it once, uses it, and revokes it; authorises an MCP client and revokes it`, async ({ browser, baseURL, playwright }) => {
    const p = (key: string) => text(language, 'profile', `apiAccess.${key}`);
    const context = await browser.newContext({ viewport, colorScheme, permissions: ['clipboard-read', 'clipboard-write'], baseURL });
    await context.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const page = await context.newPage();
    await signUpByApi(page, { name: 'Ana Founder' });
    await onboardByApi(page);

    await page.goto('/profile');
    await waitForApp(page);
    await page.getByRole('link', { name: p('section.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: p('title') })).toBeVisible();
    await expect(page.getByText(p('list.empty'))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(p('create.name')).fill('Metrics sheet');
    await page.getByRole('radio', { name: p('scopes.readWrite') }).check();
    await page.getByRole('button', { name: p('create.submit') }).click();
    const shown = page.getByTestId('new-token');
    await expect(shown).toHaveText(/^rumbo_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: p('created.copy') }).click();
    await expect(page.getByText(p('created.copied'))).toBeVisible();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(await shown.textContent());
    await expectNoAxeViolations(page);

    // A script, with no browser cookie: the token reads the founder's profile.
    const script = await playwright.request.newContext({ baseURL });
    const me = await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);

    // Once dismissed, the token is never shown again: the list has its name and last four characters only.
    await page.getByRole('button', { name: p('created.done') }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    const row = page.getByRole('listitem').filter({ hasText: 'Metrics sheet' });
    await expect(row).toContainText(p('scopes.readWrite'));
    await expect(row).toContainText(token.slice(-4));
    expect(await page.content()).not.toContain(token);

    await row.getByRole('button', { name: p('list.revoke') }).click();
    await expect(page.getByText(p('list.revoked'))).toBeVisible();
    await expect(page.getByText(p('list.empty'))).toBeVisible();
    expect((await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

    // An assistant registers itself and sends the founder to the authorization URL (PKCE, S256).
    const c = (key: string, values: Record<string, string> = {}) => Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text(language, 'profile', key));
    const registration = await script.post('/oauth/register', { data: { client_name: 'Claude', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' } });
    expect(registration.status()).toBe(201);
    const { client_id: clientId } = (await registration.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256', scope: 'read write', state: 'e2e' });
    await page.route(`${CALLBACK}?*`, (route) => route.fulfill({ contentType: 'text/plain', body: 'connected' }));
    await page.goto(`/oauth/authorize?${query}`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: c('consent.title', { name: 'Claude' }) })).toBeVisible();
    await expect(page.getByRole('radio', { name: p('scopes.readWrite') })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: c('consent.approve') }).click();
    // The assistant's page has loaded: waiting only for its request let the next visit interrupt it.
    await page.waitForURL((url) => url.href.startsWith(CALLBACK));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('e2e');
    const exchange = await script.post('/oauth/token', { form: { grant_type: 'authorization_code', code: back.searchParams.get('code')!, code_verifier: verifier, redirect_uri: CALLBACK, client_id: clientId } });
    expect(exchange.status()).toBe(200);
    const { access_token: accessToken } = (await exchange.json()) as { access_token: string };
    const mcp = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const listWeeks = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_weeks', arguments: {} } };
    expect((await script.post('/mcp', { headers: mcp, data: listWeeks })).status()).toBe(200);

    // Listed under Connected apps, and revoked there: its token stops at once.
    await page.goto('/profile/api');
    await waitForApp(page);
    const app = page.getByRole('listitem').filter({ hasText: 'Claude' });
    await expect(app).toContainText(p('scopes.readWrite'));
    await app.getByRole('button', { name: c('connectedApps.revokeLabel', { name: 'Claude' }) }).click();
    await expect(page.getByText(c('connectedApps.revoked'))).toBeVisible();
    await expect(page.getByText(c('connectedApps.empty'))).toBeVisible();
    expect((await script.post('/mcp', { headers: mcp, data: listWeeks })).status()).toBe(401);
    await script.dispose();
    await context.close();
  });
}
