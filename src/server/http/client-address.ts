import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** '::ffff:127.0.0.1' and '127.0.0.1' are the same client. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalise(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client's address: the socket's, unless the socket is one of `TRUSTED_PROXIES`,
 * in which case the nearest X-Forwarded-For entry that is not itself a trusted proxy.
 * A client talking to us directly cannot choose its address by forging the header.
 * Requests made in-process (tests calling `app.request()` without a socket) have none.
 */
export function resolveClientAddress(
  socket: string | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  if (!socket || !trustedProxies.includes(socket) || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (!trustedProxies.includes(hop)) return hop;
  }
  return hops[0] ?? socket;
}

export function clientAddress(c: Context): string | undefined {
  const trusted = (c.get('deps') as { env?: { trustedProxies?: string[] } } | undefined)?.env?.trustedProxies ?? [];
  return resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trusted.map(normalise));
}

/**
 * The visitor's country as the trusted proxy in front of us says it (CLIENT_COUNTRY_HEADER, e.g.
 * Cloudflare's CF-IPCountry): believed only when the request came from one of TRUSTED_PROXIES,
 * so a client talking to us directly cannot choose it. A two-letter code, or undefined.
 */
export function proxyCountry(c: Context): string | undefined {
  const env = (c.get('deps') as { env?: { trustedProxies?: string[]; clientCountryHeader?: string } } | undefined)?.env;
  const socket = socketAddress(c);
  if (!env?.clientCountryHeader || !socket || !(env.trustedProxies ?? []).map(normalise).includes(socket)) return undefined;
  const country = c.req.header(env.clientCountryHeader)?.trim().toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) && country !== 'XX' ? country : undefined;
}
