import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionGuard } from '../auth/session-guard.ts';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Role } from '../platform/roles.ts';
import type { Telemetry } from '../platform/telemetry.ts';
import type { RateLimiters } from '../rate-limit/limiter.ts';

/**
 * The founders' busiest reads, which a page, a polling tab or a script asks again and again.
 * Only these are answered from the listener; their paths hold no parameter.
 */
export const HOT_READ_PATHS: ReadonlySet<string> = new Set(['/api/me', '/api/metrics/summary', '/api/community/leaderboard']);

/** How long an answer is given again: the caches behind these routes already trust their rows for seconds. */
const ANSWER_TTL_MS = 1_000;
/** What the kept answers may weigh in all (the largest, a summary of ten years' weeks, is some hundreds of kB). */
const MAX_BYTES = 16 * 1024 * 1024;

type Answer = { body: Buffer; route: string; storedAt: number };
/** Given to a request the listener let through, so the route's answer may be kept: whose, and the news seen so far. */
type Ticket = { key: string; userId: string; role: Role; generation: number };

export type HotReads = {
  /**
   * Answers a hot read from the answer its founder was given less than a second ago, before
   * Hono builds a request (false: the app answers). Only the founder's own valid session,
   * known to this instance, with the read allowance counted as the app counts it.
   */
  answer: (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;
  /**
   * Keeps a hot read's 200 JSON for the next same request, when the listener let this one
   * through (http/hot-json.ts calls it): the founder and role the route answered, and the
   * route's pattern for the telemetry.
   */
  remember: (request: IncomingMessage | undefined, reader: { userId: string; role: Role }, route: string, text: string) => void;
  /** How many requests the listener has answered (tests, bench). */
  answeredCount: () => number;
};

/**
 * Hot reads (docs/decisions/313-hot-reads.md). A kept answer is keyed by founder, role and the
 * URL as sent. Any news on the bus but chat drops them all (the leaderboard changes with
 * anyone's points, the profile and summary with the founder's own writes), on every instance,
 * as the routes' own caches are dropped; a route's answer computed while news arrived is not kept.
 */
export function createHotReads(options: {
  bus: SessionEventBus;
  sessions: SessionGuard;
  limiters: RateLimiters;
  telemetry: Telemetry;
  ttlMs?: number;
  now?: () => number;
}): HotReads {
  const { sessions, limiters, telemetry } = options;
  const ttl = options.ttlMs ?? ANSWER_TTL_MS;
  const now = options.now ?? Date.now;
  const answers = new Map<string, Answer>();
  const tickets = new WeakMap<IncomingMessage, Ticket>();
  let bytes = 0;
  let generation = 0;
  let answered = 0;

  options.bus.subscribe((event) => {
    if (event.type === 'chat-changed') return;
    generation += 1;
    answers.clear();
    bytes = 0;
  });

  function keep(key: string, answer: Answer) {
    const previous = answers.get(key);
    if (previous) {
      answers.delete(key);
      bytes -= previous.body.byteLength;
    }
    answers.set(key, answer);
    bytes += answer.body.byteLength;
    // Oldest first, until the whole fits.
    for (const [oldKey, old] of answers) {
      if (bytes <= MAX_BYTES) break;
      answers.delete(oldKey);
      bytes -= old.body.byteLength;
    }
  }

  return {
    answer: (request, response) => {
      const url = request.url;
      if (request.method !== 'GET' || url === undefined || request.headers.authorization !== undefined) return false;
      const query = url.indexOf('?');
      if (!HOT_READ_PATHS.has(query < 0 ? url : url.slice(0, query))) return false;
      const started = performance.now();
      const check = sessions.peek(request.headers.cookie, request.headers['user-agent']);
      if (!check) return false;
      const key = `${check.user.id}\n${check.role}\n${url}`;
      const found = answers.get(key);
      if (!found || now() - found.storedAt >= ttl) {
        tickets.set(request, { key, userId: check.user.id, role: check.role, generation });
        return false;
      }
      // One of the founder's reads under the general limit, as the app's middleware counts it;
      // refused (or the store out), the app answers with its reason.
      return limiters.consume('apiRead', `user:${check.user.id}`).then(
        (result) => {
          if (!result.allowed) return false;
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': found.body.byteLength });
          response.end(found.body);
          answered += 1;
          telemetry.observeRequest({ route: found.route, method: 'GET', status: 200, durationMs: performance.now() - started });
          return true;
        },
        () => false,
      );
    },
    answeredCount: () => answered,
    remember: (request, reader, route, text) => {
      const ticket = request && tickets.get(request);
      if (!ticket || ticket.generation !== generation || ticket.userId !== reader.userId || ticket.role !== reader.role) return;
      keep(ticket.key, { body: Buffer.from(text), route, storedAt: now() });
    },
  };
}

/** Hot reads before the app: what they cannot answer goes to `listener` unchanged. */
export function withHotReads(
  listener: (request: IncomingMessage, response: ServerResponse) => unknown,
  hotReads: HotReads,
): (request: IncomingMessage, response: ServerResponse) => unknown {
  return (request, response) => {
    const answered = hotReads.answer(request, response);
    if (answered === false) return listener(request, response);
    return answered.then((done) => (done ? undefined : listener(request, response)));
  };
}
