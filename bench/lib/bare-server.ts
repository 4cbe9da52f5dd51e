/**
 * The framework ceiling: a bare Hono JSON route on @hono/node-server, nothing else.
 * Run as its own process by the benchmarks (`node bench/lib/bare-server.ts PORT`).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2] ?? 0);
const app = new Hono().get('/bare', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`bare listening ${info.port}`));
