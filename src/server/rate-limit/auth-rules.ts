import type { BetterAuthOptions } from 'better-auth';
import type { RateLimiters } from './limiter.ts';
import { RATE_LIMIT_RULES, scaledMax } from './rules.ts';

type Rule = { window: number; max: number };

/**
 * Better Auth's paths and the rule each counts against. Better Auth takes the first
 * matching entry, so exact paths come before the wildcards that would also match them.
 */
const AUTH_PATH_RULES: [path: string, rule: 'login' | 'passwordReset' | 'twoFactorSettings'][] = [
  // Each of these sends an e-mail: the password-reset limit, 3 per hour (docs/product.md#rate-limits).
  ['/request-password-reset', 'passwordReset'],
  ['/forget-password', 'passwordReset'],
  ['/sign-in/magic-link', 'passwordReset'],
  ['/send-verification-email', 'passwordReset'],
  // Every other sign-in (password, social) and six-digit code: login 5 / 15 min.
  ['/sign-in/*', 'login'],
  ['/two-factor/verify-*', 'login'],
  ['/two-factor/*', 'twoFactorSettings'],
];

/**
 * Better Auth's limiter for its own routes (docs/product.md#rate-limits: login 5 / 15 min, password reset
 * 3 / 60 min; everything else of /api/auth at the general 100 / 15 min), counting in
 * our shared store so several instances enforce one limit (shared-state.ts).
 */
export function betterAuthRateLimit(scale: number, limiters?: RateLimiters): NonNullable<BetterAuthOptions['rateLimit']> {
  const rule = (name: 'login' | 'passwordReset' | 'twoFactorSettings' | 'apiWrite'): Rule => ({
    window: RATE_LIMIT_RULES[name].windowSeconds,
    max: scaledMax(RATE_LIMIT_RULES[name].max, scale),
  });
  const customRules: Record<string, Rule> = {};
  for (const [path, name] of AUTH_PATH_RULES) customRules[path] = rule(name);
  const general = rule('apiWrite');
  // Better Auth's built-in 3 per 10 s on sign-up would refuse a shared office's sign-ups.
  customRules['/sign-up/*'] = general;
  return {
    // On in every environment (Better Auth turns it on only in production by itself).
    enabled: true,
    window: general.window,
    max: general.max,
    customRules,
    ...(limiters
      ? {
          customStorage: {
            consume: async (key: string, { window, max }: Rule) => {
              const result = await limiters.consumeRule('auth', key, { max, windowSeconds: window });
              return result.allowed
                ? { allowed: true, retryAfter: null }
                : { allowed: false, retryAfter: result.retryAfterSeconds };
            },
          },
        }
      : { storage: 'memory' as const }),
  };
}
