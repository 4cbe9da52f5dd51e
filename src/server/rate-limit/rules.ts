/**
 * Every rate limit of docs/product.md#rate-limits, in one table. `login` and `passwordReset`
 * are enforced by Better Auth's limiter on its own routes (auth-storage.ts counts them
 * in the same store); the others by the `rateLimit(name)` middleware.
 */
export type RateLimitRule = {
  /** Attempts allowed per window (before RATE_LIMIT_SCALE). */
  max: number;
  windowSeconds: number;
  /** What the 429 says (the product's text where it has one). */
  message: (retryAfterSeconds: number) => string;
};

const MINUTE = 60;

/** 'Please wait 15 minutes' / 'Please wait 1 minute'. */
export function waitText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / MINUTE));
  return `Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before trying again.`;
}

const tooMany = (seconds: number) => `Too many attempts. ${waitText(seconds)}`;

export const RATE_LIMIT_RULES = {
  /** Login 5 / 15 min, with the 15-minute wait (Better Auth, /sign-in/*). */
  login: { max: 5, windowSeconds: 15 * MINUTE, message: tooMany },
  /** Password reset 3 / 60 min (Better Auth, reset requests). */
  passwordReset: { max: 3, windowSeconds: 60 * MINUTE, message: tooMany },
  /** Enrolling, turning off or renewing two-step codes: each checks the password (decision 013). */
  twoFactorSettings: { max: 10, windowSeconds: 15 * MINUTE, message: tooMany },
  /** The general API limit counts each user's writes… */
  apiWrite: { max: 100, windowSeconds: 15 * MINUTE, message: tooMany },
  /** …and reads are allowed ten times as many. */
  apiRead: { max: 1000, windowSeconds: 15 * MINUTE, message: tooMany },
  /** 10 tasks an hour, 'Rate limit exceeded'. */
  taskCreate: {
    max: 10,
    windowSeconds: 60 * MINUTE,
    message: (seconds) => `Rate limit exceeded. ${waitText(seconds)}`,
  },
  /** Mentor chat and AI generation (decision 021): 60 an hour. */
  aiRequest: { max: 60, windowSeconds: 60 * MINUTE, message: tooMany },
  /** File upload 20 / 60 min. */
  fileUpload: { max: 20, windowSeconds: 60 * MINUTE, message: tooMany },
  /** Admin limits. */
  adminImpersonation: { max: 3, windowSeconds: 60 * MINUTE, message: tooMany },
  adminRoleAssignment: { max: 5, windowSeconds: 60 * MINUTE, message: tooMany },
  adminStatusChange: { max: 10, windowSeconds: 60 * MINUTE, message: tooMany },
  /** Community chat (decision 194): 30 messages a minute, a fast conversation but not a flood. */
  chatMessage: { max: 30, windowSeconds: MINUTE, message: tooMany },
  /** E-mailing an investor update (decision 209): 5 sends an hour, each to at most 50 investors. */
  investorUpdateSend: { max: 5, windowSeconds: 60 * MINUTE, message: tooMany },
  /** Downloading all of one's data (decision 196): each export reads every file the founder stored, so 5 an hour. */
  dataExport: { max: 5, windowSeconds: 60 * MINUTE, message: tooMany },
  /** MCP requests per token (decision 276): an assistant makes a few a minute; a loop is stopped within one. */
  mcpRequest: { max: 300, windowSeconds: MINUTE, message: tooMany },
  /** OAuth registration, token and revocation calls per address (decision 277): a client makes a few an hour. */
  oauthClient: { max: 60, windowSeconds: MINUTE, message: tooMany },
  /** Security event logging 10 / 5 min: beyond it, events are only logged. */
  securityEventLogging: { max: 10, windowSeconds: 5 * MINUTE, message: tooMany },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

/** RATE_LIMIT_SCALE multiplies every allowance; never below one attempt. */
export function scaledMax(max: number, scale: number): number {
  return Math.max(1, Math.round(max * scale));
}
