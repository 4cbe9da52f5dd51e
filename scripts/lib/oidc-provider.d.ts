/**
 * The slice of `oidc-provider`'s API the loopback test provider uses (the package
 * ships no types; @types/oidc-provider would be one more dependency for four calls).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Account = { accountId: string; claims: () => Record<string, unknown> | Promise<Record<string, unknown>> };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (ctx: unknown, sub: string) => Account | Promise<Account>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
