import type { createAuthMiddleware } from 'better-auth/api';

type AfterContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

type StoredSession = {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** One of the founder's sessions as /api/auth/list-sessions shows it (decision 240). */
export type ListedSession = {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** The session this request came with. */
  current: boolean;
  /** The network it started from, never the whole address: `203.0.113.x`, `2001:db8:85a3::x`. */
  network: string | null;
  userAgent: string | null;
};

/** Keeps the network part of an address: the first three bytes of IPv4, the first three groups of IPv6. */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}::x`;
  return null;
}

/**
 * Better Auth's /list-sessions answers every session's raw token (whoever reads it can act as
 * that session), its full IP address and user agent. The founder gets each session's id, dates,
 * which one is theirs now, the network it started from and its browser, enough to recognise a
 * stranger; never a token. An admin viewing as the founder (decision 023) sees neither network
 * nor browser: where the founder signs in from is not theirs to read.
 */
export function redactSessionList(ctx: AfterContext): unknown {
  if (ctx.path !== '/list-sessions' || !Array.isArray(ctx.context.returned)) return undefined;
  const viewer = ctx.context.session?.session as { id?: string; impersonatedBy?: string | null } | undefined;
  const viewingAs = Boolean(viewer?.impersonatedBy);
  const sessions = (ctx.context.returned as StoredSession[]).map(
    (session): ListedSession => ({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      current: session.id === viewer?.id,
      network: viewingAs ? null : networkOf(session.ipAddress),
      userAgent: viewingAs ? null : (session.userAgent ?? null),
    }),
  );
  return ctx.json(sessions);
}
