import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryFromAnswer, createGeolocator } from '../../src/server/platform/geo.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createTestApp } from './support/test-app.ts';

/** Loopback stand-ins for the external services: one answers, one hangs, one fails. */
type Fake = { url: string; hits: string[]; close(): Promise<void> };
async function fakeService(behaviour: 'answer' | 'hang' | 'fail', body = '{"country_code":"MX"}'): Promise<Fake> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (behaviour === 'hang') return; // never answers
    if (behaviour === 'fail') {
      response.writeHead(503).end('down');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/lookup/{ip}`,
    hits,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const fakes: Fake[] = [];
const make = async (...args: Parameters<typeof fakeService>) => {
  const fake = await fakeService(...args);
  fakes.push(fake);
  return fake;
};
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

const logger = createLogger('silent');
const noEmbedded = async () => null;

describe('the geolocation chain: the embedded database, then the configured services in order', () => {
  it('resolves countries from the embedded database, offline', async () => {
    const geo = createGeolocator({ services: [], timeoutMs: 100, logger });
    expect(await geo.countryOf('8.8.8.8')).toBe('US');
    expect(await geo.countryOf('187.188.10.10')).toBe('MX');
    expect(await geo.countryOf('127.0.0.1')).toBeNull();
    expect(await geo.countryOf(undefined)).toBeNull();
  });

  it('never asks a service when the embedded database knows the address', async () => {
    const answering = await make('answer', '{"country_code":"AR"}');
    const geo = createGeolocator({ services: [answering.url], timeoutMs: 1000, logger });
    expect(await geo.countryOf('8.8.8.8')).toBe('US');
    expect(answering.hits).toEqual([]);
  });

  it('tries the services in order past one that hangs and one that fails; the first answer wins', async () => {
    const hanging = await make('hang');
    const failing = await make('fail');
    const answering = await make('answer', '{"countryCode":"co"}');
    const later = await make('answer', '{"country_code":"US"}');
    const geo = createGeolocator({ services: [hanging.url, failing.url, answering.url, later.url], timeoutMs: 300, logger, embedded: noEmbedded });
    expect(await geo.countryOf('10.1.2.3')).toBe('CO');
    expect(hanging.hits).toEqual(['/lookup/10.1.2.3']);
    expect(failing.hits).toEqual(['/lookup/10.1.2.3']);
    expect(answering.hits).toEqual(['/lookup/10.1.2.3']);
    expect(later.hits).toEqual([]);
    // Cached: the services are not asked again for the same address.
    expect(await geo.countryOf('10.1.2.3')).toBe('CO');
    expect(answering.hits).toHaveLength(1);
  });

  it('falls quietly to null when every source fails', async () => {
    const hanging = await make('hang');
    const failing = await make('fail');
    const nonsense = await make('answer', '<html>hello</html>');
    const geo = createGeolocator({ services: [hanging.url, failing.url, nonsense.url], timeoutMs: 200, logger, embedded: noEmbedded });
    expect(await geo.countryOf('10.9.9.9')).toBeNull();
  });

  it.each([
    ['{"country_code":"MX"}', 'MX'],
    ['{"countryCode":"br"}', 'BR'],
    ['{"country":"CL"}', 'CL'],
    ['PE\n', 'PE'],
    ['{"country":"Mexico"}', null],
    ['not json {', null],
    ['{"country_code":null}', null],
  ])('reads %j as %j', (body, country) => {
    expect(countryFromAnswer(body)).toBe(country);
  });
});

describe('the language of the first page (no stored choice, no usable browser language)', () => {
  let clientDir: string;
  beforeAll(() => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>');
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  /** A page request from `address`, as the Node server would see its socket. */
  async function pageLanguage(app: Awaited<ReturnType<typeof createTestApp>>, address: string, headers: Record<string, string> = {}) {
    const response = await app.app.request('/onboarding', { headers }, { incoming: { socket: { remoteAddress: address, remoteFamily: 'IPv4' } } });
    const html = await response.text();
    return /<html lang="([^"]+)"/.exec(html)?.[1];
  }

  it('gives es-419 (es-LA) to a visitor from Mexico and en to one from the US, by the embedded database', async () => {
    const t = await createTestApp({ CLIENT_DIR: clientDir });
    try {
      expect(await pageLanguage(t, '187.188.10.10', { 'accept-language': 'pt-BR' })).toBe('es-419');
      expect(await pageLanguage(t, '187.188.10.10')).toBe('es-419');
      expect(await pageLanguage(t, '8.8.8.8', { 'accept-language': 'de-DE' })).toBe('en');
      // Stronger signals win over the country: the browser, then the stored choice.
      expect(await pageLanguage(t, '187.188.10.10', { 'accept-language': 'en-US' })).toBe('en');
      expect(await pageLanguage(t, '8.8.8.8', { 'accept-language': 'es' })).toBe('es-419');
      expect(await pageLanguage(t, '187.188.10.10', { cookie: 'rumbo_language=en' })).toBe('en');
    } finally {
      await t.close();
    }
  });

  it('uses the configured services for addresses the embedded database does not know', async () => {
    const hanging = await make('hang');
    const answering = await make('answer', '{"country_code":"AR"}');
    const t = await createTestApp({ CLIENT_DIR: clientDir, GEO_SERVICES: `${hanging.url},${answering.url}`, GEO_TIMEOUT_MS: '300' });
    try {
      expect(await pageLanguage(t, '10.20.30.40')).toBe('es-419');
      expect(answering.hits).toEqual(['/lookup/10.20.30.40']);
    } finally {
      await t.close();
    }
  });

  it('does not hold the first page back for a slow service: English now, the country on the next page', async () => {
    const hanging = await make('hang');
    const answering = await make('answer', '{"country_code":"PE"}');
    const t = await createTestApp({ CLIENT_DIR: clientDir, GEO_SERVICES: `${hanging.url},${answering.url}`, GEO_TIMEOUT_MS: '2500' });
    try {
      expect(await pageLanguage(t, '10.7.7.7')).toBe('en');
      expect(answering.hits).toEqual([]);
      await expect.poll(() => answering.hits.length, { timeout: 5000 }).toBe(1);
      expect(await pageLanguage(t, '10.7.7.7')).toBe('es-419');
      expect(hanging.hits).toHaveLength(1); // one chain for both pages
    } finally {
      await t.close();
    }
  });

  it('GET /api/geo prefills the country for a signed-in founder', async () => {
    const t = await createTestApp({ CLIENT_DIR: clientDir });
    try {
      const { cookie } = await t.signUp();
      const response = await t.request('/api/geo', { cookie, clientAddress: '187.188.10.10' });
      expect(await response.json()).toEqual({ country: 'MX' });
      expect((await t.request('/api/geo')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
