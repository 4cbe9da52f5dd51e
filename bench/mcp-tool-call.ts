/**
 * An MCP tool call against the REST read it wraps (decision 276), in one run: `tools/call
 * list_weeks` on POST /mcp and GET /api/metrics/weeks, both with the same personal API token,
 * on the real server with autocannon on loopback. The difference is what MCP adds (JSON-RPC,
 * the per-request server, the in-process REST call); the token's check is in both.
 *
 *   node bench/mcp-tool-call.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/mcp-tool-call.ts
 *   node bench/mcp-tool-call.ts --seconds 10 --connections 20
 */
import os from 'node:os';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { load, loadAverage, loadLine, option } from './lib/autocannon.ts';

const USER_AGENT = 'rumbo-bench/1.0';

async function main() {
  const seconds = option('seconds', 10);
  const connections = option('connections', 20);
  const server = await spawnBenchProcess();
  try {
    await server.waitUntilHealthy();
    const json = { 'content-type': 'application/json', origin: server.appUrl, 'user-agent': USER_AGENT };
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench password 123', name: 'Bench Founder', termsAccepted: true }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const created = await fetch(`${server.url}/api/tokens`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'bench', scopes: ['read', 'write'] }) });
    if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
    const { token } = (await created.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT };
    // Four weeks, so the read has rows to serialise.
    for (const week of [40, 41, 42, 43]) {
      const saved = await fetch(`${server.url}/api/metrics/weeks/2026/${week}`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(workedWeek) });
      if (!saved.ok) throw new Error(`week: ${saved.status} ${await saved.text()}`);
    }
    const mcp = {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_weeks', arguments: {} } }),
    };
    const probe = await fetch(`${server.url}/mcp`, mcp);
    const answer = (await probe.json()) as { result?: { structuredContent?: { result?: unknown[] } } };
    if (answer.result?.structuredContent?.result?.length !== 4) throw new Error(`tools/call answered ${probe.status} ${JSON.stringify(answer)}`);

    console.log(`MCP tool call benchmark: ${connections} connections, ${seconds} s each, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, load average ${loadAverage()}\n`);
    await load(`${server.url}/api/metrics/weeks`, { connections, seconds: 2, headers: bearer });
    await load(`${server.url}/mcp`, { connections, seconds: 2, ...mcp });
    const rest = await load(`${server.url}/api/metrics/weeks`, { connections, seconds, headers: bearer });
    const tool = await load(`${server.url}/mcp`, { connections, seconds, ...mcp });
    console.log(loadLine('GET /api/metrics/weeks (token)', rest, 34));
    console.log(loadLine('MCP tools/call list_weeks', tool, 34));
    console.log(`\nA tool call runs at ${((tool.requests.average / rest.requests.average) * 100).toFixed(1)} % of the REST read's throughput (load average now ${loadAverage()}).`);
  } finally {
    await server.stop();
  }
}

await main();
