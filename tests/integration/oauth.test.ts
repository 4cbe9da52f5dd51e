import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  discoverOAuthServerInfo,
  exchangeAuthorization,
  type OAuthClientProvider,
  refreshAuthorization,
  registerClient,
  startAuthorization,
  UnauthorizedError,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AuthorizationServerMetadata, OAuthClientInformationFull, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import type { ConsentAnswer, ConsentRequest } from '../../src/server/features/oauth/index.ts';
import { weeksAgo, workedWeek } from './support/metrics.ts';
import { loopbackApp } from './support/loopback-app.ts';
import { type createTestApp, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * OAuth 2.1 for remote MCP clients (docs/api.md, decision 277), driven by the MCP SDK's own
 * client auth over real HTTP: discovery from /mcp's 401, dynamic registration, PKCE, the
 * founder's consent, the code exchange, a tool call, refresh, revocation, and every refusal.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
let close: () => Promise<void>;
/**
 * The app believes it is served at TEST_ORIGIN (its metadata says so): the client's fetch is sent
 * to the real listener. The answer is rebuilt as this process's `Response` (the Node adapter
 * replaces the global one), which the SDK's error parsing checks for.
 */
const toListener: typeof fetch = async (input, init) => {
  const response = await fetch(String(input instanceof Request ? input.url : input).replace(TEST_ORIGIN, baseUrl), init);
  const body = [204, 304].includes(response.status) ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
const MCP_URL = new URL('/mcp', TEST_ORIGIN);
const REDIRECT = 'http://127.0.0.1:33418/callback';
const clientMetadata: OAuthClientMetadata = { client_name: 'Test Assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };

beforeAll(async () => {
  ({ t, url: baseUrl, close } = await loopbackApp());
});
afterAll(() => close());

/** The founder, signed in, follows the authorization URL to the consent page and answers it; returns where the browser is sent. */
async function consent(cookie: string, authorizationUrl: URL, decision: 'approve' | 'deny' = 'approve', scopes: string[] = ['read', 'write']) {
  const authorize = await toListener(authorizationUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const consentPage = new URL(authorize.headers.get('location')!, TEST_ORIGIN);
  expect(consentPage.pathname).toBe('/oauth/consent');
  const shown = await t.request(`/api/oauth/authorization${consentPage.search}`, { cookie });
  expect(shown.status).toBe(200);
  expect((await shown.json()) as ConsentRequest).toMatchObject({ client: { name: 'Test Assistant' } });
  const query = Object.fromEntries(consentPage.searchParams);
  const answered = await t.request('/api/oauth/authorization', { method: 'POST', cookie, json: { ...query, decision, scopes } });
  expect(answered.status).toBe(200);
  return new URL(((await answered.json()) as ConsentAnswer).redirectTo);
}

/** An MCP client as an assistant holds it: tokens and registration kept here, the consent done by `approve`. */
function assistant(approve: (url: URL) => Promise<string>) {
  const kept: { client?: OAuthClientInformationFull; tokens?: OAuthTokens; verifier?: string; code?: string } = {};
  const provider: OAuthClientProvider = {
    redirectUrl: REDIRECT,
    clientMetadata,
    state: () => 'state-123',
    clientInformation: () => kept.client,
    saveClientInformation: (client) => void (kept.client = client as OAuthClientInformationFull),
    tokens: () => kept.tokens,
    saveTokens: (tokens) => void (kept.tokens = tokens),
    redirectToAuthorization: async (url) => void (kept.code = await approve(url)),
    saveCodeVerifier: (verifier) => void (kept.verifier = verifier),
    codeVerifier: () => kept.verifier!,
  };
  const transport = () => new StreamableHTTPClientTransport(MCP_URL, { authProvider: provider, fetch: toListener });
  return { kept, transport };
}

/** By hand, with the SDK's helpers: a registered client and its authorization URL. */
async function registered(redirectUris = [REDIRECT]) {
  const { authorizationServerUrl, authorizationServerMetadata } = await discoverOAuthServerInfo(MCP_URL, { fetchFn: toListener });
  const metadata = authorizationServerMetadata as AuthorizationServerMetadata;
  const client = await registerClient(authorizationServerUrl, { metadata, clientMetadata: { ...clientMetadata, redirect_uris: redirectUris }, fetchFn: toListener });
  const start = (redirectUrl = REDIRECT) => startAuthorization(authorizationServerUrl, { metadata, clientInformation: client, redirectUrl, scope: 'read write', state: 's' });
  const exchange = (code: string, codeVerifier: string, redirectUri = REDIRECT) =>
    exchangeAuthorization(authorizationServerUrl, { metadata, clientInformation: client, authorizationCode: code, codeVerifier, redirectUri, fetchFn: toListener });
  const refresh = (refreshToken: string) => refreshAuthorization(authorizationServerUrl, { metadata, clientInformation: client, refreshToken, fetchFn: toListener });
  return { client, metadata, start, exchange, refresh };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const rejection = async (promise: Promise<unknown>) => String(await promise.then(() => 'accepted', (error: unknown) => (error as Error).message ?? error));

describe('OAuth for remote MCP clients', () => {
  it('answers /mcp’s 401 with the protected resource metadata, which names the authorization server', async () => {
    const unauthorised = await toListener(MCP_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${TEST_ORIGIN}/.well-known/oauth-protected-resource/mcp"`);
    const info = await discoverOAuthServerInfo(MCP_URL, { fetchFn: toListener });
    expect(info.resourceMetadata).toMatchObject({ resource: `${TEST_ORIGIN}/mcp`, authorization_servers: [TEST_ORIGIN], scopes_supported: ['read', 'write'] });
    expect(info.authorizationServerMetadata).toMatchObject({ issuer: TEST_ORIGIN, code_challenge_methods_supported: ['S256'], registration_endpoint: `${TEST_ORIGIN}/oauth/register` });
  });

  it('connects an assistant through the SDK’s own auth: register, PKCE, consent, code, a tool call, refresh, revoke', async () => {
    const founder = await t.signUp();
    const { kept, transport } = assistant(async (url) => {
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      const back = await consent(founder.cookie, url);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe('state-123');
      return back.searchParams.get('code')!;
    });
    const first = transport();
    await expect(new Client({ name: 'assistant', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(kept.client?.client_id).toMatch(/^rumbo_client_/);
    await first.finishAuth(kept.code!);
    expect(kept.tokens).toMatchObject({ token_type: 'Bearer', scope: 'read write', expires_in: 3600 });
    expect(kept.tokens!.access_token).toMatch(/^rumbo_/);

    const client = new Client({ name: 'assistant', version: '1' });
    await client.connect(transport());
    const week = weeksAgo(1);
    const saved = await client.callTool({ name: 'record_week', arguments: { ...week, record: workedWeek } });
    expect(saved.isError).toBeFalsy();
    const weeks = await client.callTool({ name: 'list_weeks', arguments: {} });
    expect((weeks.structuredContent as { result: unknown[] }).result).toHaveLength(1);
    await client.close();

    // The app is listed under Connected apps, never among the personal tokens.
    const apps = (await answerOf('GET /api/oauth/apps', t.request('/api/oauth/apps', { cookie: founder.cookie }))).apps;
    expect(apps).toEqual([expect.objectContaining({ name: 'Test Assistant', scopes: ['read', 'write'] })]);
    expect(apps[0]!.lastUsedAt).not.toBeNull();
    expect((await answerOf('GET /api/tokens', t.request('/api/tokens', { cookie: founder.cookie }))).tokens).toEqual([]);
    // Its token may not manage tokens or apps.
    expect((await t.request('/api/tokens', { headers: bearer(kept.tokens!.access_token) })).status).toBe(403);
    expect((await t.request('/api/oauth/apps', { headers: bearer(kept.tokens!.access_token) })).status).toBe(403);

    // Refresh: a new pair; the old access token and the old refresh token stop.
    const { authorizationServerUrl, authorizationServerMetadata } = await discoverOAuthServerInfo(MCP_URL, { fetchFn: toListener });
    const refreshWith = (refreshToken: string) => refreshAuthorization(authorizationServerUrl, { metadata: authorizationServerMetadata, clientInformation: kept.client!, refreshToken, fetchFn: toListener });
    const renewed = await refreshWith(kept.tokens!.refresh_token!);
    expect(renewed.access_token).not.toBe(kept.tokens!.access_token);
    expect((await t.request('/api/metrics/weeks', { headers: bearer(kept.tokens!.access_token) })).status).toBe(401);
    expect((await t.request('/api/metrics/weeks', { headers: bearer(renewed.access_token) })).status).toBe(200);
    expect(await rejection(refreshWith(kept.tokens!.refresh_token!))).toMatch(/refresh token/i);

    // Revoked under Connected apps: its tokens stop at once.
    expect((await t.request(`/api/oauth/apps/${apps[0]!.id}`, { method: 'DELETE', cookie: founder.cookie })).status).toBe(204);
    expect((await t.request('/api/metrics/weeks', { headers: bearer(renewed.access_token) })).status).toBe(401);
    expect(await rejection(refreshWith(renewed.refresh_token!))).toMatch(/refresh token/i);
    expect((await answerOf('GET /api/oauth/apps', t.request('/api/oauth/apps', { cookie: founder.cookie }))).apps).toEqual([]);
  });

  it('grants read only when the founder chooses it, and sends a denial back as access_denied', async () => {
    const founder = await t.signUp();
    const flow = await registered();
    const denied = await flow.start();
    const back = await consent(founder.cookie, denied.authorizationUrl, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();

    const started = await flow.start();
    const code = (await consent(founder.cookie, started.authorizationUrl, 'approve', ['read'])).searchParams.get('code')!;
    const tokens = await flow.exchange(code, started.codeVerifier);
    expect(tokens.scope).toBe('read');
    expect((await t.request('/api/metrics/weeks', { headers: bearer(tokens.access_token) })).status).toBe(200);
    const write = await t.request(`/api/metrics/weeks/${weeksAgo(1).year}/${weeksAgo(1).week}`, { method: 'PUT', headers: bearer(tokens.access_token), json: workedWeek });
    expect(write.status).toBe(403);
  });

  it('refuses a redirect URI the client did not register, at registration, authorization, consent and exchange', async () => {
    const founder = await t.signUp();
    for (const redirect of ['javascript:alert(1)', 'http://evil.example/cb', 'https://app.example/cb#frag']) {
      const response = await toListener(`${TEST_ORIGIN}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...clientMetadata, redirect_uris: [redirect] }) });
      expect(response.status, redirect).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
    const flow = await registered();
    const { authorizationUrl } = await flow.start('https://evil.example/steal');
    const authorize = await toListener(authorizationUrl, { redirect: 'manual' });
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get('location')).toBeNull();
    expect(((await authorize.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    const consentCall = await t.request(`/api/oauth/authorization${authorizationUrl.search}`, { cookie: founder.cookie });
    expect(consentCall.status).toBe(400);
    const posted = await t.request('/api/oauth/authorization', { method: 'POST', cookie: founder.cookie, json: { ...Object.fromEntries(authorizationUrl.searchParams), decision: 'approve', scopes: ['read'] } });
    expect(posted.status).toBe(400);

    // A code is redeemed only with the redirect URI it was issued for.
    const started = await flow.start();
    const code = (await consent(founder.cookie, started.authorizationUrl)).searchParams.get('code')!;
    expect(await rejection(flow.exchange(code, started.codeVerifier, 'http://127.0.0.1:33418/other'))).toMatch(/redirect_uri/);
  });

  it('refuses a wrong PKCE verifier (and the code is then spent), a plain challenge and a code from another client', async () => {
    const founder = await t.signUp();
    const flow = await registered();
    const started = await flow.start();
    const code = (await consent(founder.cookie, started.authorizationUrl)).searchParams.get('code')!;
    expect(await rejection(flow.exchange(code, 'x'.repeat(43)))).toMatch(/verifier/);
    expect(await rejection(flow.exchange(code, started.codeVerifier))).toMatch(/code is unknown, used or expired/);

    const plain = await flow.start();
    plain.authorizationUrl.searchParams.set('code_challenge_method', 'plain');
    const refused = await toListener(plain.authorizationUrl, { redirect: 'manual' });
    expect(refused.status).toBe(302);
    const back = new URL(refused.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');

    const other = await registered();
    const again = await flow.start();
    const stolen = (await consent(founder.cookie, again.authorizationUrl)).searchParams.get('code')!;
    expect(await rejection(other.exchange(stolen, again.codeVerifier))).toMatch(/code is unknown, used or expired/);
  });

  it('never reaches another founder’s data, and a suspended founder’s app stops', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    await t.request(`/api/metrics/weeks/${weeksAgo(1).year}/${weeksAgo(1).week}`, { method: 'PUT', cookie: ben.cookie, json: workedWeek });
    const flow = await registered();
    const started = await flow.start();
    const tokens = await flow.exchange((await consent(ana.cookie, started.authorizationUrl)).searchParams.get('code')!, started.codeVerifier);
    const weeks = await t.request('/api/metrics/weeks', { headers: bearer(tokens.access_token) });
    expect(await weeks.json()).toEqual([]);
    const anaApp = (await answerOf('GET /api/oauth/apps', t.request('/api/oauth/apps', { cookie: ana.cookie }))).apps[0]!;
    expect((await answerOf('GET /api/oauth/apps', t.request('/api/oauth/apps', { cookie: ben.cookie }))).apps).toEqual([]);
    expect((await t.request(`/api/oauth/apps/${anaApp.id}`, { method: 'DELETE', cookie: ben.cookie })).status).toBe(404);
    expect((await t.request('/api/metrics/weeks', { headers: bearer(tokens.access_token) })).status).toBe(200);

    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, ana.user.id));
    expect(await rejection(flow.refresh(tokens.refresh_token!))).toMatch(/cannot be used/);
  });
});
