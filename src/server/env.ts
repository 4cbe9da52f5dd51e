import path from 'node:path';
import { z } from 'zod';

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
  /** Serve the built client from this folder. */
  CLIENT_DIR: z.string().default('./dist/client'),
  SECURE_COOKIES: booleanish.optional(),
});

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
  clientDir: string;
  secureCookies: boolean;
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
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    appUrl,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    authSecret: raw.BETTER_AUTH_SECRET,
    logLevel: raw.LOG_LEVEL,
    rateLimitScale: raw.RATE_LIMIT_SCALE,
    trialDays: raw.TRIAL_DAYS,
    clientDir: path.resolve(raw.CLIENT_DIR),
    secureCookies: raw.SECURE_COOKIES ?? appUrl.startsWith('https://'),
  };
}
