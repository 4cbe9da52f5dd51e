/**
 * The framework ceiling: a bare Hono JSON route on @hono/node-server, nothing else.
 * Run as its own process by the benchmarks (`node bench/lib/bare-server.ts PORT`).
 * `/bare/sized/N` answers N bytes of JSON text written once: what an answer's size alone
 * costs the server, the kernel and the load generator, to set a large read beside.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2] ?? 0);
const sized = new Map<number, string>();
/** `{"padding":"xx…"}` of exactly `bytes` bytes (at least 15). */
const textOf = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - 14)) });
const app = new Hono()
  .get('/bare', (c) => c.json({ ok: true }))
  .get('/bare/sized/:bytes{[0-9]{2,7}}', (c) => {
    const bytes = Number(c.req.param('bytes'));
    let text = sized.get(bytes);
    if (text === undefined) sized.set(bytes, (text = textOf(bytes)));
    return c.body(text, 200, { 'content-type': 'application/json' });
  });
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`bare listening ${info.port}`));
