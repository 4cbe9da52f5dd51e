/** The cookie the auth page sets from `?ref=` so the code survives magic links, OIDC and confirmation in another tab. */
export const REFERRAL_COOKIE = 'rumbo_ref';

type HookContext = { body?: unknown; request?: Request; headers?: Headers } | null | undefined;

/**
 * The referral code a new account came with: `ref` in the e-mail sign-up's body, else the
 * cookie. Raw and untrusted (at most 64 characters kept): the referrals feature checks it.
 */
export function referralRef(context: HookContext): string | null {
  const fromBody = (context?.body as { ref?: unknown } | undefined)?.ref;
  if (typeof fromBody === 'string' && fromBody) return fromBody.slice(0, 64);
  const cookies = (context?.request?.headers ?? context?.headers)?.get('cookie') ?? '';
  for (const pair of cookies.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name === REFERRAL_COOKIE) {
      try {
        return decodeURIComponent(rest.join('=')).slice(0, 64) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
