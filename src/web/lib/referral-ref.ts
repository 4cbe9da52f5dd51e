import { useEffect, useState } from 'react';
import { normaliseReferralCode } from '../../core/referrals/referral-schema.ts';
import { api } from './api-routes.ts';

/** Read by the server when the account is created (src/server/auth/referral-ref.ts). */
const REFERRAL_COOKIE = 'rumbo_ref';
/** Long enough to confirm the address the next day in another tab. */
const COOKIE_SECONDS = 7 * 24 * 60 * 60;

/** The code of `?ref=`, when it looks like one; kept in a cookie so it survives magic links, Google and other tabs. */
export function keepReferralRef(raw: string | null): string | null {
  const code = normaliseReferralCode(raw);
  if (code) document.cookie = `${REFERRAL_COOKIE}=${code}; Max-Age=${COOKIE_SECONDS}; Path=/; SameSite=Lax`;
  return code ?? storedReferralRef();
}

export function storedReferralRef(): string | null {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${REFERRAL_COOKIE}=`));
  return normaliseReferralCode(pair?.slice(REFERRAL_COOKIE.length + 1));
}

/** Once the account exists the code has done its work. */
export function forgetReferralRef() {
  document.cookie = `${REFERRAL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** The inviter's first name for a usable code; null for any other (the page then says nothing). */
export function useInviterName(code: string | null): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    api('GET /api/referrals/invites/:code', { params: { code } }).then(
      (answer) => live && setName(answer.inviterName),
      () => live && setName(null),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return code ? name : null;
}
