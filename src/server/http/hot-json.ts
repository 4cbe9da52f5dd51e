import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppBindings } from './context.ts';
import { type JsonText, jsonText } from './json-text.ts';
import { routeLabel } from './route-label.ts';

/**
 * A hot read's answer (http/hot-reads.ts): JSON text already written, answered as `jsonText`
 * does and kept for the founder's next same request. After `requireUser`.
 */
export function hotJson<T>(c: Context<AppBindings>, text: JsonText<T>) {
  // Served by the Node adapter, the request carries the listener's ticket; a test's `app.request` has none.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  c.get('deps').hotReads.remember(incoming, { userId: c.get('user').id, role: c.get('role') }, routeLabel(c), text);
  return jsonText(c, text);
}
