import { eq } from 'drizzle-orm';
import { type SessionEventBus, tokenDigest } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authSessions } from '../db/schema/index.ts';
import { assignRole, currentRole, type Role } from '../features/roles/service.ts';
import type { SessionUser } from '../http/context.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { endSessions, judgeSession, type SessionVerdict } from './session-rules.ts';

/**
 * The session check every authenticated request makes, with a fast path: what Better
 * Auth's full `getSession` found is kept for a few seconds, keyed by the exact signed
 * cookie, so most requests cost a Map lookup. The cache never weakens a rule: the
 * fingerprint, the 8-hour maximum and the admin idle limit are judged on every
 * request, and sign-out, revocation, ban and role change drop the entry on every
 * instance at once (session-rules.ts hooks, cluster/shared-state.ts bus). The TTL is
 * only the backstop for a lost message (decision 020).
 */
export type SessionCheck =
  | { status: 'valid'; user: SessionUser; role: Role; sessionId: string; token: string; expiresAt: Date }
  | { status: 'none' }
  /** `endedNow`: this request broke the rule (false: an earlier one did; the browser is told why). */
  | { status: 'ended'; reason: Exclude<SessionVerdict, 'valid'>; userId: string | null; endedNow: boolean };

type Entry = {
  cookie: string;
  token: string;
  /** tokenDigest(token): how the bus names this session. */
  digest: string;
  sessionId: string;
  user: SessionUser;
  role: Role;
  createdAt: number;
  expiresAt: number;
  userAgent: string | null;
  lastActiveAt: number;
  persistedActiveAt: number;
  loadedAt: number;
};

export type SessionGuard = {
  /**
   * Judges the request's session. `activity: false` for the browser's own validity poll,
   * which runs in an open tab whether or not anyone is there: it must not keep an idle
   * admin's session alive.
   */
  check: (request: Request, options?: { activity?: boolean }) => Promise<SessionCheck>;
  /** Ends sessions everywhere (delete + broadcast). */
  end: (tokens: string[]) => Promise<void>;
  /** How many sessions the cache holds (tests, bench). */
  cachedCount: () => number;
};

export type SessionGuardOptions = {
  auth: Auth;
  db: Database;
  bus: SessionEventBus;
  logger: Logger;
  adminEmails: readonly string[];
  /** How long a loaded session is trusted without asking the database again. */
  cacheTtlMs?: number;
  /** Admin activity is written back at most this often (idle is judged per instance meanwhile). */
  activityWriteMs?: number;
  maxEntries?: number;
  now?: () => number;
};

const DEFAULT_CACHE_TTL_MS = 30_000;
const DEFAULT_ACTIVITY_WRITE_MS = 60_000;
const DEFAULT_MAX_ENTRIES = 50_000;
/** How long a browser is told why its session ended (then it is simply signed out). */
const TOMBSTONE_MS = 8 * 60 * 60 * 1000;

/** The signed session cookie's raw value, or undefined. */
function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

export async function createSessionGuard(options: SessionGuardOptions): Promise<SessionGuard> {
  const { auth, db, bus, logger } = options;
  const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const activityWriteMs = options.activityWriteMs ?? DEFAULT_ACTIVITY_WRITE_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const adminEmails = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  const cookieName = (await auth.$context).authCookies.sessionToken.name;

  const byCookie = new Map<string, Entry>();
  const cookiesByDigest = new Map<string, string>();
  const cookiesByUser = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<Entry | undefined>>();
  /** Sessions a rule ended, by token digest: the rightful browser's next request learns why. */
  const tombstones = new Map<string, { reason: Exclude<SessionVerdict, 'valid'>; userId: string | null; at: number }>();
  /** Bumped by every invalidation, so a load that raced one is not cached. */
  let generation = 0;

  function bury(digest: string, reason: Exclude<SessionVerdict, 'valid'>, userId: string | null) {
    const at = now();
    tombstones.delete(digest);
    tombstones.set(digest, { reason, userId, at });
    // Oldest first: drop what has aged out, and keep the map bounded.
    for (const [buried, stone] of tombstones) {
      if (at - stone.at < TOMBSTONE_MS && tombstones.size <= maxEntries) break;
      tombstones.delete(buried);
    }
  }

  function forget(cookie: string) {
    const entry = byCookie.get(cookie);
    if (!entry) return;
    byCookie.delete(cookie);
    cookiesByDigest.delete(entry.digest);
    const cookies = cookiesByUser.get(entry.user.id);
    cookies?.delete(cookie);
    if (cookies?.size === 0) cookiesByUser.delete(entry.user.id);
  }

  function remember(entry: Entry) {
    if (byCookie.size >= maxEntries) {
      const oldest = byCookie.keys().next().value;
      if (oldest !== undefined) forget(oldest);
    }
    byCookie.set(entry.cookie, entry);
    cookiesByDigest.set(entry.digest, entry.cookie);
    let cookies = cookiesByUser.get(entry.user.id);
    if (!cookies) cookiesByUser.set(entry.user.id, (cookies = new Set()));
    cookies.add(entry.cookie);
  }

  bus.subscribe((event) => {
    generation += 1;
    if (event.type === 'sessions-invalidated') {
      for (const digest of event.digests) {
        const cookie = cookiesByDigest.get(digest);
        if (event.reason) bury(digest, event.reason, cookie ? (byCookie.get(cookie)?.user.id ?? null) : null);
        if (cookie) forget(cookie);
      }
    } else {
      for (const cookie of [...(cookiesByUser.get(event.userId) ?? [])]) forget(cookie);
    }
  });

  /** Better Auth's full path: signature, expiry, the row; then the role (and RUMBO_ADMIN_EMAILS). */
  async function load(cookie: string, request: Request): Promise<Entry | undefined> {
    const startedAt = generation;
    const result = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
    if (!result) return undefined;
    const { session, user } = result;
    let role = await currentRole(db, user.id);
    if (role !== 'admin' && adminEmails.has(user.email.toLowerCase())) {
      await assignRole(db, bus, { userId: user.id, role: 'admin', assignedBy: null, via: 'RUMBO_ADMIN_EMAILS' });
      role = 'admin';
    }
    const previous = byCookie.get(cookie);
    const persistedActiveAt = new Date(session.updatedAt).getTime();
    const entry: Entry = {
      cookie,
      token: session.token,
      digest: tokenDigest(session.token),
      sessionId: session.id,
      user: { id: user.id, email: user.email, name: user.name },
      role,
      createdAt: new Date(session.createdAt).getTime(),
      expiresAt: new Date(session.expiresAt).getTime(),
      userAgent: session.userAgent ?? null,
      lastActiveAt: Math.max(previous?.lastActiveAt ?? 0, persistedActiveAt),
      persistedActiveAt,
      loadedAt: now(),
    };
    if (startedAt === generation) remember(entry);
    return entry;
  }

  async function find(cookie: string, request: Request): Promise<Entry | undefined> {
    const cached = byCookie.get(cookie);
    if (cached && now() - cached.loadedAt < ttl) return cached;
    let pending = loading.get(cookie);
    if (!pending) {
      pending = load(cookie, request).finally(() => loading.delete(cookie));
      loading.set(cookie, pending);
    }
    return pending;
  }

  async function end(tokens: string[], reason?: Exclude<SessionVerdict, 'valid'>) {
    await endSessions(db, bus, tokens, reason);
  }

  function recordActivity(entry: Entry, at: number) {
    entry.lastActiveAt = at;
    if (entry.role !== 'admin' || at - entry.persistedActiveAt < activityWriteMs) return;
    entry.persistedActiveAt = at;
    // Other instances judge idleness from this column when they load the session.
    db.update(authSessions)
      .set({ updatedAt: new Date(at) })
      .where(eq(authSessions.id, entry.sessionId))
      .catch((error: unknown) => logger.error({ err: error }, 'admin activity write failed'));
  }

  return {
    cachedCount: () => byCookie.size,
    end,
    check: async (request, options = {}) => {
      const cookie = readCookie(request.headers.get('cookie'), cookieName);
      if (!cookie) return { status: 'none' };
      const entry = await find(cookie, request);
      if (!entry) {
        // The token is the cookie's unsigned part; a tombstone only ever says "signed out, and why".
        const stone = tombstones.get(tokenDigest(cookie.split('.')[0] ?? ''));
        if (stone && now() - stone.at < TOMBSTONE_MS) return { status: 'ended', reason: stone.reason, userId: stone.userId, endedNow: false };
        return { status: 'none' };
      }
      const at = now();
      const verdict = judgeSession(entry, { now: at, userAgent: request.headers.get('user-agent') });
      if (verdict !== 'valid') {
        bury(entry.digest, verdict, entry.user.id);
        await end([entry.token], verdict);
        return { status: 'ended', reason: verdict, userId: entry.user.id, endedNow: true };
      }
      if (options.activity !== false) recordActivity(entry, at);
      return {
        status: 'valid',
        user: entry.user,
        role: entry.role,
        sessionId: entry.sessionId,
        token: entry.token,
        expiresAt: new Date(entry.expiresAt),
      };
    },
  };
}
