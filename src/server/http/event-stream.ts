import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';

export const EVENT_STREAM_HEADERS = { 'Transfer-Encoding': 'chunked', 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' };

/** Where a stream's events go, until the browser goes: then writing does nothing, and the close listeners have run. */
export type EventSink = { write: (text: string) => void; end: () => void; onClose: (listener: () => void) => void };

/**
 * Opens a server-sent-events answer (decisions 230, 235). Served by Node, the events are
 * written straight to its socket as HTTP chunks, once the head (the one hono would send,
 * middleware's headers included) has gone out: through the response's own `write` each event
 * is framed in four writes, corked, and only leaves in a tick after a whole fan-out, one
 * `writev` per stream; on the socket it leaves at once, in one write. Should the response not
 * own its socket yet (a request pipelined behind another), events go through the response.
 * Called in-process (`app.request()`, the tests), the answer is a web stream. Each `write`
 * is text already framed as events: this sink only carries it.
 */
export function openEventStream(c: Context): { sink: EventSink; response: Response } {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    const head = c.newResponse(null, 200, EVENT_STREAM_HEADERS).headers;
    const headers: OutgoingHttpHeaders = Object.fromEntries(head);
    const cookies = head.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    outgoing.writeHead(200, headers);
    outgoing.flushHeaders();
    const socket = outgoing.socket;
    const ownsSocket = socket !== null && (socket as { _httpMessage?: unknown })._httpMessage === outgoing && outgoing.chunkedEncoding;
    const open = () => !outgoing.destroyed && !outgoing.writableEnded;
    const sink: EventSink = {
      write: ownsSocket
        ? (text) => void (open() && !socket.destroyed && socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`))
        : (text) => void (open() && outgoing.write(text)),
      end: () => void (open() && outgoing.end()),
      onClose: (listener) => (outgoing.destroyed ? listener() : void outgoing.once('close', listener)),
    };
    return { sink, response: RESPONSE_ALREADY_SENT };
  }
  const encoder = new TextEncoder();
  const closeListeners: (() => void)[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const close = () => {
    controller = null;
    for (const listener of closeListeners.splice(0)) listener();
  };
  const body = new ReadableStream<Uint8Array>({ start: (opened) => void (controller = opened), cancel: close });
  const sink: EventSink = {
    write: (text) => controller?.enqueue(encoder.encode(text)),
    end: () => {
      controller?.close();
      close();
    },
    onClose: (listener) => (controller ? void closeListeners.push(listener) : listener()),
  };
  // The request's signal aborted is the browser gone, as the Node server's `close` is.
  c.req.raw.signal.addEventListener('abort', sink.end, { once: true });
  return { sink, response: c.newResponse(body, 200, EVENT_STREAM_HEADERS) };
}

/**
 * `HEAD` on a stream: the head a GET would get, and no stream. Opening one wrote the head
 * straight to the socket, and the adapter then wrote its own (ERR_HTTP_HEADERS_SENT).
 */
export const eventStreamHead = (c: Context) => c.newResponse(null, 200, EVENT_STREAM_HEADERS);
