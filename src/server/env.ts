import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import { defaultWorkingHours, type RuntimeSettings } from '../core/admin/runtime-settings.ts';
import { DEFAULT_FRIDAY_HOUR, DEFAULT_MONDAY_HOUR } from '../core/profile/profile-fields.ts';

/**
 * The environment, parsed once at start. Nothing else reads `process.env`:
 * a bad value stops the server with a message naming the variable.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the app, e.g. https://app.rumbo.example. Defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Secret that signs session cookies. Generated and kept in DATA_DIR when unset. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies every rate limit's allowance (benchmarks raise it; tests of the limits keep 1). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(14),
  /** Whether a section's guided tour starts by itself on a founder's first visit (decision 173); replaying from the help menu always works. */
  GUIDED_TOURS_AUTOSTART: booleanish.default(true),
  /**
   * When peer benchmarks take their snapshot (cron, UTC): daily at midnight. A shorter
   * period lets a founder probe peers faster by editing their own week (decision 046).
   */
  BENCHMARK_SNAPSHOT_CRON: z
    .string()
    .refine(isCronPattern, 'must be a cron pattern, e.g. "0 0 * * *"')
    .default('0 0 * * *'),
  /** Serve the built client from this folder. */
  CLIENT_DIR: z.string().default('./dist/client'),
  SECURE_COOKIES: booleanish.optional(),
  /** smtp://user:pass@host:587 or smtps://…; unset writes every message to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Rumbo <no-reply@rumbo.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Any OpenID Connect provider (Okta, Keycloak, Entra ID…) through Better Auth's generic OAuth. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the sign-in button, e.g. "Okta". */
  OIDC_NAME: z.string().max(40).default('Single sign-on'),
  /** redis://…: shared rate-limit counters and session invalidation across instances. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().optional(),
  /**
   * A header carrying the visitor's country that a trusted proxy sets (e.g. `CF-IPCountry` behind
   * Cloudflare); believed only on requests from TRUSTED_PROXIES. Unset, the embedded IP database answers.
   */
  CLIENT_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name, e.g. CF-IPCountry')
    .optional(),
  /** The time zone of the admins' working hours (Monday to Friday, 08:00-20:00; decision 187), e.g. America/Mexico_City. */
  ADMIN_WORKING_HOURS_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone, e.g. America/Mexico_City').default('UTC'),
  /** The bearer token Prometheus presents to GET /metrics (an admin's session also opens it); unset, only admins. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Comma-separated e-mails that are made admins when they sign in (or at start). */
  RUMBO_ADMIN_EMAILS: z.string().optional(),
  /** External IP geolocation services tried in order after the embedded database (comma-separated URL templates with `{ip}`). */
  GEO_SERVICES: z
    .string()
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .default([]),
  /** How long each geolocation service may take (5 s: docs/product.md#geolocation). */
  GEO_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, OpenRouter), e.g. http://localhost:11434/v1. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-5'),
  /** A gateway or proxy in front of Anthropic's API (its Messages API under this URL); Anthropic's own by default. */
  ANTHROPIC_BASE_URL: z.url().optional(),
  /** How long a stopping server (SIGTERM) lets in-flight requests and jobs finish before it exits anyway (decision 267). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Gives up on a model that sends nothing for this long (first byte or between chunks); a first byte that late counts against the provider's circuit breaker. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Failed answers in a row that open the provider's circuit breaker (decision 268). */
  AI_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** How long an open breaker sends every question to the offline mentor before one tries the provider again. */
  AI_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long reading one uploaded PDF or CSV may take before the file is kept without text (default in src/server/ai/context/extract-text.ts). */
  FILE_TEXT_TIME_LIMIT_MS: z.coerce.number().int().positive().optional(),
  /** Retries of a model call answered 502/503/504 or cut by the network, before any text. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** S3-compatible object storage for uploads; local disk under DATA_DIR when S3_BUCKET is unset. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanish.optional(),
  /** Stripe takes the payments when these four are set (docs/billing.md); otherwise the local provider, which charges nothing. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)').optional(),
  /** The signing secret of the webhook endpoint APP_URL/api/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_PRICE_MONTHLY: z.string().regex(/^price_/, 'must be a Stripe price id (price_…)').optional(),
  STRIPE_PRICE_ANNUAL: z.string().regex(/^price_/, 'must be a Stripe price id (price_…)').optional(),
  /** Another Stripe API address (stripe-mock, a test double); Stripe's own by default. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * 32 random bytes (base64 or hex) that encrypt founders' Stripe keys at rest (AES-256-GCM).
   * Unset, the import from Stripe is off and says so.
   */
  STRIPE_KEY_ENCRYPTION_KEY: z
    .string()
    .transform(encryptionKeyBytes)
    .refine((key) => key.length === 32, 'must be 32 random bytes in base64 or hex, e.g. the output of `openssl rand -base64 32`')
    .optional(),
  /** When connected Stripe accounts are read again and their new weeks recorded (cron, UTC): Mondays at 06:00. */
  STRIPE_SYNC_CRON: z
    .string()
    .refine(isCronPattern, 'must be a cron pattern, e.g. "0 6 * * 1"')
    .default('0 6 * * 1'),
});

/** A key written as 64 hex digits or as base64; anything else becomes bytes the length check refuses. */
function encryptionKeyBytes(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
}

/** Both halves of a credential pair, or neither. */
function pairsComplete(raw: Record<string, unknown>, names: string[]): string | null {
  const set = names.filter((name) => raw[name] !== undefined);
  return set.length === 0 || set.length === names.length ? null : `${names.join(', ')} must be set together`;
}

/** Which model answers the mentor: chosen by configuration, the offline mentor when none is set. */
/** The provider's circuit breaker (ai/circuit-breaker.ts). */
export type BreakerConfig = { failureThreshold: number; cooldownMs: number };

export type AiProviderConfig =
  | { kind: 'openai-compatible'; baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number; maxRetries: number; breaker?: BreakerConfig }
  | { kind: 'anthropic'; apiKey: string; model: string; baseUrl?: string; timeoutMs: number; maxRetries: number; breaker?: BreakerConfig }
  | { kind: 'offline' };

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/** Stripe, when configured: the keys, the two prices (monthly and annual) and, for a test double, its address. */
export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; annual: string };
  apiUrl: string | undefined;
};
/** The import from Stripe (decision 118): on when an encryption key for founders' Stripe keys is set. */
export type StripeImportConfig = { encryptionKey: Buffer; apiUrl: string; syncCron: string };

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  rateLimitScale: number;
  trialDays: number;
  guidedToursAutoStart: boolean;
  benchmarkSnapshotCron: string;
  clientDir: string;
  secureCookies: boolean;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  google: { clientId: string; clientSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  redisUrl: string | undefined;
  trustedProxies: string[];
  adminEmails: string[];
  clientCountryHeader: string | undefined;
  adminWorkingHoursTimeZone: string;
  metricsToken: string | undefined;
  shutdownDrainMs: number;
  geoServices: string[];
  geoTimeoutMs: number;
  fileTextTimeLimitMs: number | undefined;
  ai: AiProviderConfig;
  storage: StorageConfig;
  stripe: StripeConfig | undefined;
  stripeImport: StripeImportConfig | undefined;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const pairProblems = [
    pairsComplete(raw, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']),
    pairsComplete(raw, ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']),
    pairsComplete(raw, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL']),
  ].filter((problem) => problem !== null);
  if (pairProblems.length > 0) throw new EnvError(`Invalid configuration:\n${pairProblems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(raw.DATA_DIR);
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    appUrl,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    authSecret: raw.BETTER_AUTH_SECRET,
    logLevel: raw.LOG_LEVEL,
    rateLimitScale: raw.RATE_LIMIT_SCALE,
    trialDays: raw.TRIAL_DAYS,
    guidedToursAutoStart: raw.GUIDED_TOURS_AUTOSTART,
    benchmarkSnapshotCron: raw.BENCHMARK_SNAPSHOT_CRON,
    clientDir: path.resolve(raw.CLIENT_DIR),
    secureCookies: raw.SECURE_COOKIES ?? appUrl.startsWith('https://'),
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    google:
      raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
        ? { clientId: raw.GOOGLE_CLIENT_ID, clientSecret: raw.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      raw.OIDC_ISSUER && raw.OIDC_CLIENT_ID && raw.OIDC_CLIENT_SECRET
        ? { issuer: raw.OIDC_ISSUER.replace(/\/$/, ''), clientId: raw.OIDC_CLIENT_ID, clientSecret: raw.OIDC_CLIENT_SECRET, name: raw.OIDC_NAME }
        : undefined,
    redisUrl: raw.REDIS_URL,
    trustedProxies: list(raw.TRUSTED_PROXIES),
    adminEmails: list(raw.RUMBO_ADMIN_EMAILS).map((email) => email.toLowerCase()),
    clientCountryHeader: raw.CLIENT_COUNTRY_HEADER?.toLowerCase(),
    adminWorkingHoursTimeZone: raw.ADMIN_WORKING_HOURS_TIME_ZONE,
    metricsToken: raw.METRICS_TOKEN,
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS,
    geoServices: raw.GEO_SERVICES,
    geoTimeoutMs: raw.GEO_TIMEOUT_MS,
    fileTextTimeLimitMs: raw.FILE_TEXT_TIME_LIMIT_MS,
    ai: aiConfig(raw),
    storage: raw.S3_BUCKET
      ? {
          kind: 's3',
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION,
          endpoint: raw.S3_ENDPOINT,
          accessKeyId: raw.S3_ACCESS_KEY_ID,
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
          forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? raw.S3_ENDPOINT !== undefined,
        }
      : { kind: 'local' },
    stripe:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET && raw.STRIPE_PRICE_MONTHLY && raw.STRIPE_PRICE_ANNUAL
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            prices: { monthly: raw.STRIPE_PRICE_MONTHLY, annual: raw.STRIPE_PRICE_ANNUAL },
            apiUrl: raw.STRIPE_API_URL,
          }
        : undefined,
    stripeImport: raw.STRIPE_KEY_ENCRYPTION_KEY
      ? { encryptionKey: raw.STRIPE_KEY_ENCRYPTION_KEY, apiUrl: (raw.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/$/, ''), syncCron: raw.STRIPE_SYNC_CRON }
      : undefined,
  };
}

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true, timezone: 'UTC' }).stop();
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** An OpenAI-compatible endpoint wins over Anthropic when both are set (it is the more explicit setting). */
function aiConfig(raw: z.infer<typeof EnvSchema>): AiProviderConfig {
  const limits = {
    timeoutMs: raw.AI_TIMEOUT_MS,
    maxRetries: raw.AI_MAX_RETRIES,
    breaker: { failureThreshold: raw.AI_BREAKER_FAILURES, cooldownMs: raw.AI_BREAKER_COOLDOWN_MS },
  };
  if (raw.AI_BASE_URL) {
    if (!raw.AI_MODEL) throw new EnvError('Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL is set');
    return { kind: 'openai-compatible', baseUrl: raw.AI_BASE_URL.replace(/\/$/, ''), apiKey: raw.AI_API_KEY, model: raw.AI_MODEL, ...limits };
  }
  if (raw.ANTHROPIC_API_KEY) {
    const baseUrl = raw.ANTHROPIC_BASE_URL?.replace(/\/$/, '');
    return { kind: 'anthropic', apiKey: raw.ANTHROPIC_API_KEY, model: raw.ANTHROPIC_MODEL, ...(baseUrl ? { baseUrl } : {}), ...limits };
  }
  return { kind: 'offline' };
}

/** The operating settings the environment gives: in force until an admin changes one in Admin › Settings (decision 289). */
export function settingsDefaults(env: Env): RuntimeSettings {
  return {
    trialDays: env.trialDays,
    guidedToursAutoStart: env.guidedToursAutoStart,
    adminWorkingHours: defaultWorkingHours(env.adminWorkingHoursTimeZone),
    emailHours: { monday: DEFAULT_MONDAY_HOUR, friday: DEFAULT_FRIDAY_HOUR },
  };
}
