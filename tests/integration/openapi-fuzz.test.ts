import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../src/core/errors/error-codes.ts';
import { createNodeServer } from '../../src/server/http/node-server.ts';
import { createTestApp, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

/**
 * The API fuzzed from its own OpenAPI document (decision 246): every operation,
 * signed in and signed out, with malformed bodies, path parameters, query values, types and
 * encodings, through the real Node server (the security headers, streams and HEAD as served).
 * No answer may be a 5xx, an error that is not JSON, or an /api/ answer without
 * `Cache-Control: no-store`. The variants are drawn from a fixed seed: every run sends the
 * same requests, and a failure names the one to replay.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  required?: string[];
};
type Operation = { parameters?: { name: string; in: 'path' | 'query'; schema?: Schema }[]; requestBody?: { content: Record<string, { schema?: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>> };
/** One request: its Content-Type (`type`) if any. */
type Probe = { method: string; path: string; type?: string; body?: string | Uint8Array<ArrayBuffer>; label: string };
type Failure = { probe: string; status: number; reason: string };

const SEED = 31;
/** A small, fast, seeded generator (mulberry32): the same requests on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T };
}

/** What a founder's text could carry at worst: controls, a lone surrogate, bidi, fillers, markup. */
const HOSTILE_TEXT = 'a\u0000b\uD800c\u202E\u001b[31m\u0007\u3164\u{E0041}<b>x</b>';
const HOSTILE_SEGMENTS = ['%00', 'a%00b', '%ED%A0%80', '%FF', '2147483648', '99999999999999999999999', '-1', '1.5', '0', 'null', '%E2%80%AE', 'x'.repeat(600), '%2e%2e%2f%2e%2e', "1'OR'1'='1", '00000000-0000-0000-0000-000000000000'];
const HOSTILE_QUERY = ['%00', '%ED%A0%80', '-1', '2147483648', '1e309', 'x'.repeat(3000), '[]', '%E2%80%AE'];
const MALFORMED_JSON = ['{', 'null', '[]', '"text"', '1e999', '{"a":', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'];

/** A value of the schema's shape: `mode` says which (as documented, of the wrong type, or hostile). */
function sample(schema: Schema | undefined, mode: 'plain' | 'wrongType' | 'hostile', depth = 0): unknown {
  if (!schema || depth > 6) return mode === 'plain' ? 'x' : HOSTILE_TEXT;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sample(variant, mode, depth + 1);
  if (schema.const !== undefined) return mode === 'wrongType' ? [schema.const] : schema.const;
  if (schema.enum) return mode === 'plain' ? schema.enum[0] : mode === 'hostile' ? `${String(schema.enum[0])}\u0000` : 12345;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      if (mode === 'wrongType' && depth > 0) return 'not an object';
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, mode, depth + 1)]));
    case 'array':
      return mode === 'wrongType' ? { length: 1 } : [sample(schema.items, mode, depth + 1)];
    case 'number':
    case 'integer':
      return mode === 'plain' ? 1 : mode === 'hostile' ? 2147483648.5 : '12';
    case 'boolean':
      return mode === 'plain' ? true : mode === 'hostile' ? 0 : 'yes';
    case 'null':
      return mode === 'plain' ? null : HOSTILE_TEXT;
    default:
      return mode === 'plain' ? 'x' : mode === 'hostile' ? `${HOSTILE_TEXT}${'y'.repeat(20_000)}` : { text: true };
  }
}

/** The requests for one operation: about ten, each malformed in another way. */
function probesFor(method: string, openApiPath: string, operation: Operation, random: ReturnType<typeof seeded>): Probe[] {
  const upper = method.toUpperCase();
  const pathWith = (value: () => string) => openApiPath.replace(/\{[^}]+\}/g, value);
  const plainPath = pathWith(() => '7c9e6679-7425-40de-944b-e07fc1f66afe');
  const queryNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const schema = operation.requestBody?.content['application/json']?.schema;
  const json = (value: unknown) => JSON.stringify(value);
  const probes: Probe[] = [];
  const add = (label: string, path: string, body?: string | Uint8Array<ArrayBuffer>, type?: string) => probes.push({ method: upper, path, body, type, label: type ? `${label} [${type}]` : label });
  const hostileQuery = queryNames.length > 0 ? queryNames : ['q'];
  const query = `?${hostileQuery.map((name) => `${name}=${random.pick(HOSTILE_QUERY)}`).join('&')}&__proto__=x&a[]=1`;
  if (upper === 'GET') {
    add('as documented', plainPath);
    add('hostile path', pathWith(() => random.pick(HOSTILE_SEGMENTS)));
    add('hostile path', pathWith(() => random.pick(HOSTILE_SEGMENTS)));
    add('hostile query', `${plainPath}${query}`);
    probes.push({ method: 'HEAD', path: plainPath, label: 'HEAD' });
    return probes;
  }
  const bodied = ['POST', 'PUT', 'PATCH'].includes(upper);
  add('no body', plainPath);
  add('hostile path', pathWith(() => random.pick(HOSTILE_SEGMENTS)), bodied ? json(sample(schema, 'plain')) : undefined, bodied ? 'application/json' : undefined);
  if (!bodied) {
    add('hostile path', pathWith(() => random.pick(HOSTILE_SEGMENTS)));
    add('hostile query', `${plainPath}${query}`);
    add('unexpected body', plainPath, 'x', 'text/plain');
    return probes;
  }
  add('as documented', plainPath, json(sample(schema, 'plain')), 'application/json');
  add('wrong types', plainPath, json(sample(schema, 'wrongType')), 'application/json');
  add('hostile strings and numbers', plainPath, json(sample(schema, 'hostile')), 'application/json');
  add('malformed JSON', plainPath, random.pick(MALFORMED_JSON), 'application/json');
  add('not UTF-8', plainPath, new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json');
  add('JSON as text/plain', plainPath, json(sample(schema, 'plain')), 'text/plain');
  add('JSON without a type', plainPath, json(sample(schema, 'plain')));
  add('multipart without a boundary', plainPath, 'a=1', 'multipart/form-data');
  add('another charset', plainPath, json(sample(schema, 'plain')), 'application/json; charset=utf-16');
  return probes;
}

/**
 * Links a browser opens from an e-mail or a founder's message (the weekly e-mails' unsubscribe
 * page, a shared investor update): they answer pages, their refusals included.
 */
const BROWSER_PAGES = /^\/api\/(reminders\/|reports\/shared\/)/;
/** Signed out, a route stops at its session check: a few probes show it does, before reading anything. */
const SIGNED_OUT_PROBES = new Set(['as documented', 'no body', 'hostile path', 'malformed JSON', 'JSON as text/plain']);

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: ReturnType<typeof createNodeServer>;
let base = '';
beforeAll(async () => {
  // The limits have their own tests; here every request must reach its route.
  // With an encryption key the import from Stripe is on, so its routes answer as a configured server's do.
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000', STRIPE_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
  server = createNodeServer(t.app.fetch, { https: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Sends one probe and returns what is wrong with its answer, or null. */
async function send(probe: Probe, cookie: string | null): Promise<{ status: number; reason: string | null }> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT };
  if (cookie) headers.cookie = cookie;
  if (probe.type) headers['content-type'] = probe.type;
  const response = await fetch(`${base}${probe.path}`, { method: probe.method, headers, body: probe.body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) await response.body?.cancel();
  const text = type.startsWith('text/event-stream') ? '' : await response.text();
  const status = response.status;
  if (status >= 500) return { status, reason: `answered ${status}: ${text.slice(0, 200)}` };
  if (response.headers.get('cache-control') !== 'no-store') return { status, reason: `Cache-Control: ${response.headers.get('cache-control')}` };
  if (status < 400 || probe.method === 'HEAD' || BROWSER_PAGES.test(probe.path)) return { status, reason: null };
  if (!type.startsWith('application/json')) return { status, reason: `error as ${type || 'no type'}: ${text.slice(0, 200)}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status, reason: `error body is not JSON: ${text.slice(0, 200)}` };
  }
  // Better Auth's own routes answer `{ code, message }` beside the app's `{ error }`.
  const authShape = typeof (body as { message?: unknown })?.message === 'string' || typeof (body as { code?: unknown })?.code === 'string';
  if (!isErrorBody(body) && !(probe.path.startsWith('/api/auth/') && authShape)) return { status, reason: `error body without the error shape: ${text.slice(0, 200)}` };
  return { status, reason: null };
}

describe('the API fuzzed from /api/openapi.json', () => {
  it('answers every operation, signed in and signed out, with no 5xx, JSON errors and no-store', { timeout: 240_000 }, async () => {
    const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as OpenApi;
    const random = seeded(SEED);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(150);

    let founder = await t.signUp();
    /** A probe may sign the founder out or delete the account: the next operation gets a live session again. */
    const freshSession = async () => {
      const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: founder.cookie, origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT } });
      if (session.ok && (await session.json()) !== null) return;
      founder = await t.signUp();
    };

    const failures: Failure[] = [];
    let sent = 0;
    for (const { path, method, operation } of operations) {
      const probes = probesFor(method, path, operation, random);
      let signedOut = false;
      for (const probe of probes) {
        const baseLabel = probe.label.replace(/ \[.*$/, '');
        for (const cookie of SIGNED_OUT_PROBES.has(baseLabel) ? [null, founder.cookie] : [founder.cookie]) {
          const { status, reason } = await send(probe, cookie);
          sent += 1;
          if (reason) failures.push({ probe: `${probe.method} ${probe.path.slice(0, 120)} ${probe.label} ${cookie ? 'signed in' : 'signed out'}`, status, reason });
          if (cookie && status === 401) signedOut = true;
        }
      }
      if (signedOut || path.startsWith('/api/auth/') || path === '/api/account') await freshSession();
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
  });
});
