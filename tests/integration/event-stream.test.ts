import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventSink, eventStreamHead, openEventStream } from '../../src/server/http/event-stream.ts';
import { createNodeServer } from '../../src/server/http/node-server.ts';

/** A stream the test drives: each opened sink is handed over, with a count of its close listeners run. */
const opened: { sink: EventSink; closed: () => boolean }[] = [];
const app = new Hono()
  .use(async (c, next) => {
    c.header('set-cookie', 'seen=1; Path=/');
    await next();
  })
  .on(['GET', 'HEAD'], '/stream', (c) => {
    if (c.req.method === 'HEAD') return eventStreamHead(c);
    const { sink, response } = openEventStream(c);
    let closed = false;
    sink.onClose(() => (closed = true));
    opened.push({ sink, closed: () => closed });
    return response;
  });

const server = createNodeServer(app.fetch, { https: false });
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw HTTP/1.1 GET, so the chunks and the head are what Node really sent. */
function get(method = 'GET') {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = httpRequest(`${base}/stream`, { method }, resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Reads the body until it holds `text` (or ends), returning what came. */
function readUntil(response: IncomingMessage, text: string) {
  let body = '';
  return new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      body += chunk.toString('utf8');
      if (body.includes(text)) done();
    };
    const done = () => {
      response.off('data', onData);
      response.off('end', done);
      resolve(body);
    };
    response.on('data', onData);
    response.on('end', done);
  });
}

describe('src/server/http/event-stream.ts served by Node', () => {
  it('sends the head at once, middleware’s cookie included, then each write as it is made, multi-byte text whole', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['set-cookie']).toEqual(['seen=1; Path=/']);
    const { sink } = opened.at(-1)!;

    sink.write('event: ready\ndata: {}\n\n');
    expect(await readUntil(response, '\n\n')).toBe('event: ready\ndata: {}\n\n');
    // Chunk sizes count bytes, not characters: accents, the euro sign and an emoji arrive intact.
    const text = 'event: message\ndata: {"body":"Año 2 — 10 € 🚀"}\n\n';
    sink.write(text);
    sink.write(': ping\n\n');
    expect(await readUntil(response, ': ping\n\n')).toBe(`${text}: ping\n\n`);

    const ended = readUntil(response, '\u0000');
    sink.end();
    expect(await ended).toBe('');
    expect(response.complete).toBe(true);
  });

  it('runs the close listeners when the browser goes, and writing afterwards does nothing', async () => {
    const response = await get();
    const stream = opened.at(-1)!;
    stream.sink.write('event: ready\ndata: {}\n\n');
    await readUntil(response, '\n\n');
    response.destroy();
    await expect.poll(() => stream.closed()).toBe(true);
    expect(() => stream.sink.write('event: late\ndata: {}\n\n')).not.toThrow();
    // A listener added once the stream is gone runs at once.
    let late = false;
    stream.sink.onClose(() => (late = true));
    expect(late).toBe(true);
  });

  it('answers HEAD with the head alone', async () => {
    const count = opened.length;
    const response = await get('HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(opened.length).toBe(count);
  });
});

describe('src/server/http/event-stream.ts called in-process', () => {
  it('answers a web stream with the same events, and the request’s abort is the browser going', async () => {
    const controller = new AbortController();
    const response = await app.request('/stream', { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = opened.at(-1)!;
    stream.sink.write('event: ready\ndata: {}\n\n');
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: ready\ndata: {}\n\n');
    controller.abort();
    expect(stream.closed()).toBe(true);
    expect(() => stream.sink.write('event: late\ndata: {}\n\n')).not.toThrow();
  });
});
