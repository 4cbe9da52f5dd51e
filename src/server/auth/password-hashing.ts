import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * How passwords are hashed. Founders always get Better Auth's own scrypt (N 16384, r 16:
 * about 32 MB and a tenth of a second of a core per hash, on purpose). The in-process tests
 * ask for `cheap`: the same scrypt with N 1024, sixteen times lighter, because they sign up
 * and sign in a thousand founders per run, and on two cores the full cost was minutes of CI
 * spent waiting on hashes no attacker will ever see (docs/decisions/306-cheap-password-hashing-in-tests.md).
 * Only code can ask for it (createServices' option): no setting turns it on in a deployment.
 */
export type PasswordHashing = 'standard' | 'cheap';

const CHEAP = { N: 1024, r: 16, p: 1, dkLen: 64 } as const;

function cheapKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, CHEAP.dkLen, { N: CHEAP.N, r: CHEAP.r, p: CHEAP.p }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Better Auth's `emailAndPassword.password` for the cheap setting; `undefined` keeps its own. */
export function passwordFunctions(hashing: PasswordHashing = 'standard') {
  if (hashing === 'standard') return undefined;
  return {
    hash: async (password: string) => {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await cheapKey(password, salt)).toString('hex')}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await cheapKey(password, salt);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
