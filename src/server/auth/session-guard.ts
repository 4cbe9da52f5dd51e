import { eq, inArray } from 'drizzle-orm';
import type { TokenScope } from '../../core/api-tokens/token-schema.ts';
import { type EndReason, type SessionEventBus, tokenDigest } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authSessions } from '../db/schema/index.ts';
import { accountStatus } from '../platform/account-status.ts';
import { assignRole, currentRole, type Role } from '../platform/roles.ts';
import type { SessionUser } from '../platform/session-user.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from './auth.ts';
import { endImpersonationSessions, endSessions, type ImpersonationEndReason, judgeSession, SESSION_RULES } from './session-rules.ts';

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
  | {
      status: 'valid';
      user: SessionUser;
      role: Role;
      sessionId: string;
      token: string;
      createdAt: Date;
      expiresAt: Date;
      /** Set when an admin is viewing the app as `user` (decision 023). */
      impersonation: Impersonation | null;
      /** Set when a personal API token, not a browser session, is asking (auth/token-guard.ts, decision 275). */
      apiToken?: { id: string; scopes: readonly TokenScope[] };
    }
  | { status: 'none' }
  /** `endedNow`: this request broke the rule (false: an earlier one did; the browser is told why). */
  | { status: 'ended'; reason: EndReason; userId: string | null; endedNow: boolean };

/** An admin's "view as" session: whose, from which of the admin's own sessions, since when. */
export type Impersonation = { adminUserId: string; adminSessionId: string; startedAt: Date };

type Entry = {
  cookie: string;
  token: string;
  /** tokenDigest(token): how the bus names this session. */
  digest: string;
  sessionId: string;
  user: SessionUser;
  role: Role;
  impersonation: Impersonation | null;
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
  /**
   * Whose session this is and their role, judged at once from this instance's cache: a fresh
   * entry, no "view as", every rule passed (its activity recorded as `check` would). Anything
   * else is undefined and left to `check`, which loads, ends and audits. The hot reads' first
   * step (http/hot-reads.ts), taken before a Request object exists.
   */
  peek: (cookieHeader: string | undefined, userAgent: string | undefined) => { user: SessionUser; role: Role } | undefined;
  /** Ends sessions everywhere (delete + broadcast). */
  end: (tokens: string[]) => Promise<void>;
  /** The guard's clock (tests move it): impersonation starts and freshness are judged by it too. */
  now: () => number;
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
  /** Admin activity is written back at most this often (idle is judged per instance meanwhile; decision 186). */
  activityWriteMs?: number;
  /** How long an admin session may sit idle (30 minutes; tests shorten it). */
  adminIdleMs?: number;
  maxEntries?: number;
  now?: () => number;
};

const DEFAULT_CACHE_TTL_MS = 30_000;
/** Every 10 minutes at most (decision 186): well inside the 30 idle minutes another instance judges from it. */
const DEFAULT_ACTIVITY_WRITE_MS = 10 * 60_000;
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
  const adminIdleMs = options.adminIdleMs ?? SESSION_RULES.adminIdleMs;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const adminEmails = new Set(options.adminEmails.map((email) => email.toLowerCase()));
  const cookieName = (await auth.$context).authCookies.sessionToken.name;

  const byCookie = new Map<string, Entry>();
  const cookiesByDigest = new Map<string, string>();
  const cookiesByUser = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<Entry | undefined>>();
  /** Sessions a rule ended, by token digest: the rightful browser's next request learns why. */
  const tombstones = new Map<string, { reason: EndReason; userId: string | null; at: number }>();
  /**
   * When each session was last used on this instance, by token digest. It outlives the cache
   * entry (every write drops the user's entries), so an admin's activity between two
   * 10-minute writes is not forgotten by a reload from the database.
   */
  const lastSeen = new Map<string, number>();
  /** Bumped by every invalidation, so a load that raced one is not cached. */
  let generation = 0;

  function bury(digest: string, reason: EndReason, userId: string | null) {
    const at = now();
    tombstones.delete(digest);
    tombstones.set(digest, { reason, userId, at });
    // Oldest first: drop what has aged out, and keep the map bounded.
    for (const [buried, stone] of tombstones) {
      if (at - stone.at < TOMBSTONE_MS && tombstones.size <= maxEntries) break;
      tombstones.delete(buried);
    }
  }

  /** A session is filed under its user and, for "view as", under the admin too: a change to either drops it. */
  const usersOf = (entry: Entry) => (entry.impersonation ? [entry.user.id, entry.impersonation.adminUserId] : [entry.user.id]);

  function forget(cookie: string) {
    const entry = byCookie.get(cookie);
    if (!entry) return;
    byCookie.delete(cookie);
    cookiesByDigest.delete(entry.digest);
    for (const userId of usersOf(entry)) {
      const cookies = cookiesByUser.get(userId);
      cookies?.delete(cookie);
      if (cookies?.size === 0) cookiesByUser.delete(userId);
    }
  }

  function remember(entry: Entry) {
    if (byCookie.size >= maxEntries) {
      const oldest = byCookie.keys().next().value;
      if (oldest !== undefined) forget(oldest);
    }
    byCookie.set(entry.cookie, entry);
    cookiesByDigest.set(entry.digest, entry.cookie);
    for (const userId of usersOf(entry)) {
      let cookies = cookiesByUser.get(userId);
      if (!cookies) cookiesByUser.set(userId, (cookies = new Set()));
      cookies.add(entry.cookie);
    }
  }

  bus.subscribe((event) => {
    // Chat news (community) and settings say nothing about sessions.
    if (event.type === 'chat-changed' || event.type === 'settings-changed') return;
    generation += 1;
    if (event.type === 'sessions-invalidated') {
      for (const digest of event.digests) {
        lastSeen.delete(digest);
        const cookie = cookiesByDigest.get(digest);
        if (event.reason) bury(digest, event.reason, cookie ? (byCookie.get(cookie)?.user.id ?? null) : null);
        if (cookie) forget(cookie);
      }
    } else if (event.type === 'resync') {
      // News may have been missed while the listener was cut: every session is read again.
      for (const cookie of [...byCookie.keys()]) forget(cookie);
    } else {
      for (const cookie of [...(cookiesByUser.get(event.userId) ?? [])]) forget(cookie);
    }
  });

  /**
   * A loaded session that may not go on: a suspended or deleted account's (a sign-in that
   * raced its suspension), or a "view as" whose admin is no longer one or has signed out.
   */
  async function refusal(user: SessionUser, impersonation: Impersonation | null): Promise<ImpersonationEndReason | 'inactive' | undefined> {
    if (!impersonation) {
      const status = await accountStatus(db, user.id);
      return status === 'suspended' || status === 'deleted' ? 'inactive' : undefined;
    }
    const [adminRole, adminSessions] = await Promise.all([
      currentRole(db, impersonation.adminUserId),
      db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.id, impersonation.adminSessionId)).limit(1),
    ]);
    if (adminRole !== 'admin') return 'admin-role-removed';
    return adminSessions.length === 0 ? 'admin-session-ended' : undefined;
  }

  /** Better Auth's full path: signature, expiry, the row; then the role (and RUMBO_ADMIN_EMAILS, once the address is confirmed). */
  async function load(cookie: string, request: Request): Promise<Entry | undefined> {
    const startedAt = generation;
    const result = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
    if (!result) return undefined;
    const { session, user } = result;
    const impersonation =
      session.impersonatedBy && session.impersonatorSessionId
        ? { adminUserId: session.impersonatedBy, adminSessionId: session.impersonatorSessionId, startedAt: new Date(session.createdAt) }
        : null;
    const [initialRole, refused] = await Promise.all([currentRole(db, user.id), refusal(user, impersonation)]);
    if (refused === 'inactive') {
      await endSessions(db, bus, [session.token]);
      return undefined;
    }
    if (refused) {
      await endImpersonationSessions(db, bus, eq(authSessions.token, session.token), refused);
      return undefined;
    }
    let role = initialRole;
    // Only a confirmed address (the link in its inbox, or a provider that vouches for it)
    // is made an admin: signing up with a listed address proves nothing.
    if (role !== 'admin' && user.emailVerified && adminEmails.has(user.email.toLowerCase())) {
      await assignRole(db, bus, { userId: user.id, role: 'admin', assignedBy: null, via: 'RUMBO_ADMIN_EMAILS' });
      role = 'admin';
    }
    const previous = byCookie.get(cookie);
    const persistedActiveAt = new Date(session.updatedAt).getTime();
    const digest = tokenDigest(session.token);
    const entry: Entry = {
      cookie,
      token: session.token,
      digest,
      sessionId: session.id,
      user: { id: user.id, email: user.email, name: user.name },
      role,
      impersonation,
      createdAt: new Date(session.createdAt).getTime(),
      expiresAt: new Date(session.expiresAt).getTime(),
      userAgent: session.userAgent ?? null,
      lastActiveAt: Math.max(previous?.lastActiveAt ?? 0, lastSeen.get(digest) ?? 0, persistedActiveAt),
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

  async function end(tokens: string[]) {
    await endSessions(db, bus, tokens);
  }

  function recordActivity(entry: Entry, at: number) {
    entry.lastActiveAt = at;
    if (entry.role === 'admin' || entry.impersonation) {
      lastSeen.delete(entry.digest);
      lastSeen.set(entry.digest, at);
      if (lastSeen.size > maxEntries) lastSeen.delete(lastSeen.keys().next().value!);
    }
    if ((entry.role !== 'admin' && !entry.impersonation) || at - entry.persistedActiveAt < activityWriteMs) return;
    entry.persistedActiveAt = at;
    // Other instances judge idleness from this column when they load the session. An admin
    // viewing the app as a founder is active in their own session too, so they come back to it.
    const ids = entry.impersonation ? [entry.sessionId, entry.impersonation.adminSessionId] : [entry.sessionId];
    db.update(authSessions)
      .set({ updatedAt: new Date(at) })
      .where(inArray(authSessions.id, ids))
      .catch((error: unknown) => logger.error({ err: error }, 'admin activity write failed'));
  }

  /** A session that broke a rule ends now; "view as" ends audited, and its browser goes back to the admin's view. */
  async function endBroken(entry: Entry, verdict: ImpersonationEndReason & EndReason): Promise<EndReason> {
    if (!entry.impersonation) {
      bury(entry.digest, verdict, entry.user.id);
      await endSessions(db, bus, [entry.token], verdict);
      return verdict;
    }
    const reason: EndReason = verdict === 'fingerprint-mismatch' ? verdict : 'impersonation-ended';
    bury(entry.digest, reason, entry.user.id);
    await endImpersonationSessions(db, bus, eq(authSessions.token, entry.token), verdict, { now: new Date(now()) });
    return reason;
  }

  return {
    cachedCount: () => byCookie.size,
    end,
    now,
    peek: (cookieHeader, userAgent) => {
      const cookie = readCookie(cookieHeader ?? null, cookieName);
      const entry = cookie === undefined ? undefined : byCookie.get(cookie);
      if (!entry || entry.impersonation) return undefined;
      const at = now();
      if (at - entry.loadedAt >= ttl || judgeSession(entry, { now: at, userAgent: userAgent ?? null }, adminIdleMs) !== 'valid') return undefined;
      recordActivity(entry, at);
      return { user: entry.user, role: entry.role };
    },
    check: async (request, options = {}) => {
      const cookie = readCookie(request.headers.get('cookie'), cookieName);
      if (!cookie) return { status: 'none' };
      // A fresh entry is read at once: awaiting `find` for it cost a microtask hop on every request.
      const cached = byCookie.get(cookie);
      const entry = cached && now() - cached.loadedAt < ttl ? cached : await find(cookie, request);
      if (!entry) {
        // The token is the cookie's unsigned part; a tombstone only ever says "signed out, and why".
        const stone = tombstones.get(tokenDigest(cookie.split('.')[0] ?? ''));
        if (stone && now() - stone.at < TOMBSTONE_MS) return { status: 'ended', reason: stone.reason, userId: stone.userId, endedNow: false };
        return { status: 'none' };
      }
      const at = now();
      // An admin's "view as" is held to the admin's rules (30 idle minutes).
      const verdict = judgeSession(entry.impersonation ? { ...entry, role: 'admin' } : entry, { now: at, userAgent: request.headers.get('user-agent') }, adminIdleMs);
      if (verdict !== 'valid') {
        const reason = await endBroken(entry, verdict);
        return { status: 'ended', reason, userId: entry.user.id, endedNow: true };
      }
      if (options.activity !== false) recordActivity(entry, at);
      return {
        status: 'valid',
        user: entry.user,
        role: entry.role,
        sessionId: entry.sessionId,
        token: entry.token,
        createdAt: new Date(entry.createdAt),
        expiresAt: new Date(entry.expiresAt),
        impersonation: entry.impersonation,
      };
    },
  };
}
