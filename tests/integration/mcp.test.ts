import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiToken } from '../../src/server/features/api-tokens/index.ts';
import { consentingFounder } from './support/mentor.ts';
import { weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { loopbackApp } from './support/loopback-app.ts';
import type { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Rumbo's MCP server (docs/api.md, decision 276) driven by the SDK's own client over real HTTP:
 * initialize, the tools in the founder's language, each tool as the founder, another
 * founder's data out of reach, and every refusal as a JSON-RPC error.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, url: baseUrl, close } = await loopbackApp());
});
afterAll(() => close());

async function tokenFor(cookie: string, scopes: string[]) {
  const response = await t.request('/api/tokens', { method: 'POST', cookie, json: { name: 'assistant', scopes } });
  expect(response.status).toBe(201);
  return ((await response.json()) as CreatedApiToken).token;
}

async function connect(token: string) {
  const client = new Client({ name: 'rumbo-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** A tool's JSON answer. */
async function call<T>(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return (result.structuredContent as { result: T }).result;
}

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('MCP over Streamable HTTP', () => {
  it('answers 401 without a token', async () => {
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('lists the tools in the founder’s language, the write tools only for a write token', async () => {
    const founder = await t.signUp();
    await t.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: 'es-LA' } });
    const reader = await connect(await tokenFor(founder.cookie, ['read']));
    const writer = await connect(await tokenFor(founder.cookie, ['read', 'write']));
    const readTools = (await reader.listTools()).tools;
    expect(readTools.map((tool) => tool.name).sort()).toEqual(['ask_mentor', 'get_insights', 'get_metrics_summary', 'get_strategy', 'list_tasks', 'list_weeks']);
    const writeTools = (await writer.listTools()).tools;
    expect(writeTools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['record_week', 'create_task', 'complete_task']));
    const recordWeek = writeTools.find((tool) => tool.name === 'record_week')!;
    expect(recordWeek.description).toContain('Registra o reemplaza una semana');
    // The shared schema, as JSON Schema: cash is a number.
    expect(JSON.stringify(recordWeek.inputSchema)).toContain('"cashBalance":{"type":"number"');
    expect(reader.getServerVersion()?.name).toBe('rumbo');
    await Promise.all([reader.close(), writer.close()]);
  });

  it('calls every tool as the founder, and reads the profile and latest week as resources', async () => {
    const founder = await consentingFounder(t);
    const client = await connect(await tokenFor(founder.cookie, ['read', 'write']));
    const week = weeksAgo(1);

    const saved = await call<{ year: number; week: number; cashBalance: number }>(client, 'record_week', { ...week, record: workedWeek });
    expect(saved).toMatchObject({ ...week, cashBalance: workedWeek.cashBalance });
    expect(await call<unknown[]>(client, 'list_weeks')).toHaveLength(1);
    const summary = await call<{ latest: { year: number; week: number; mrr: number | null } }>(client, 'get_metrics_summary');
    expect(summary.latest).toMatchObject(week);

    const task = await call<{ id: string; status: string }>(client, 'create_task', validTask);
    expect(task.status).toBe('active');
    expect((await call<{ id: string }[]>(client, 'list_tasks')).map((row) => row.id)).toEqual([task.id]);
    const done = await call<{ status: string; outcome: string }>(client, 'complete_task', { id: task.id, outcome: 'validated', completionNotes: 'Churn fell' });
    expect(done).toMatchObject({ status: 'done', outcome: 'validated' });
    expect(await call<unknown[]>(client, 'list_tasks', { status: 'done' })).toHaveLength(1);

    expect(await call<unknown>(client, 'get_strategy')).toBeDefined();
    // A new account is in its trial: Premium insights open.
    expect(await call<{ insights: unknown[] }>(client, 'get_insights')).toHaveProperty('insights');

    const answer = await call<{ answer: string; numberChecks: unknown[]; conversationId: string }>(client, 'ask_mentor', { message: 'What is my runway?' });
    expect(answer.answer.length).toBeGreaterThan(20);
    expect(Array.isArray(answer.numberChecks)).toBe(true);
    const conversation = await t.request(`/api/mentor/conversations/${answer.conversationId}`, { cookie: founder.cookie });
    expect(conversation.status).toBe(200);

    const profile = await client.readResource({ uri: 'rumbo://profile' });
    expect(JSON.parse((profile.contents[0] as { text: string }).text)).toMatchObject({ email: founder.email });
    const latest = await client.readResource({ uri: 'rumbo://weeks/latest' });
    expect(JSON.parse((latest.contents[0] as { text: string }).text)).toMatchObject(week);
    await client.close();
  });

  it('refuses bad arguments as a JSON-RPC error naming the field, and saves nothing', async () => {
    const founder = await t.signUp();
    const client = await connect(await tokenFor(founder.cookie, ['read', 'write']));
    const week = weeksAgo(1);

    const asText = await refusalOf(client.callTool({ name: 'record_week', arguments: { ...week, record: { ...workedWeek, cashBalance: '198.900' } } }));
    expect(asText.code).toBe(-32602);
    expect(asText.message).toContain('record.cashBalance');
    expect(asText.message).toContain('MCP tools take JSON numbers');

    const shortTask = await refusalOf(client.callTool({ name: 'create_task', arguments: { ...validTask, hypothesis: 'too short' } }));
    expect(shortTask.code).toBe(-32602);
    expect(shortTask.message).toContain('hypothesis');

    expect(await call<unknown[]>(client, 'list_weeks')).toEqual([]);
    expect(await call<unknown[]>(client, 'list_tasks')).toEqual([]);
    await client.close();
  });

  it('asks before saving an implausible week, as the form does', async () => {
    const founder = await t.signUp();
    const client = await connect(await tokenFor(founder.cookie, ['read', 'write']));
    await call(client, 'record_week', { ...weeksAgo(2), record: workedWeek });
    const tenfold = { ...weeksAgo(1), record: { ...workedWeek, cashBalance: workedWeek.cashBalance * 100 } };
    const asked = await client.callTool({ name: 'record_week', arguments: tenfold });
    expect(asked.isError).toBe(true);
    expect((asked.content as { text: string }[])[0]!.text).toContain('confirmed: true');
    expect(await call<unknown[]>(client, 'list_weeks')).toHaveLength(1);
    await call(client, 'record_week', { ...tenfold, confirmed: true });
    expect(await call<unknown[]>(client, 'list_weeks')).toHaveLength(2);
    await client.close();
  });

  it('never reaches another founder’s data, and a read token cannot write', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const benTask = await answerOf('POST /api/tasks', t.request('/api/tasks', { method: 'POST', cookie: ben.cookie, json: validTask }));
    const anaClient = await connect(await tokenFor(ana.cookie, ['read', 'write']));
    expect(await call<unknown[]>(anaClient, 'list_tasks')).toEqual([]);
    const refused = await refusalOf(anaClient.callTool({ name: 'complete_task', arguments: { id: benTask.id, outcome: 'validated', completionNotes: 'mine now' } }));
    expect(refused.message).toContain('NOT_FOUND');
    expect((await answerOf('GET /api/tasks/:id', t.request(`/api/tasks/${benTask.id}`, { cookie: ben.cookie }))).status).toBe('active');

    const reader = await connect(await tokenFor(ana.cookie, ['read']));
    const write = await refusalOf(reader.callTool({ name: 'create_task', arguments: validTask }));
    expect(write.message).toContain('write scope');
    await Promise.all([anaClient.close(), reader.close()]);
  });

  it('answers a flood of calls with 429 and Retry-After', async () => {
    const founder = await t.signUp();
    const token = await tokenFor(founder.cookie, ['read']);
    const ping = () =>
      fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 1000 && !refused; attempt++) {
      const response = await ping();
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
