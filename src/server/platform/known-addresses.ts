import { createHash } from 'node:crypto';
import type { Executor } from '../db/client.ts';
import { knownAddresses } from '../db/schema/index.ts';

/**
 * The digest an address is remembered by (known_addresses): SHA-256 of the trimmed,
 * lower-cased address, with a fixed prefix. Not keyed by the auth secret, so rotating that
 * secret does not hand every address a second trial (decision 241).
 */
export function addressDigest(email: string): string {
  return createHash('sha256').update(`rumbo-address:${email.trim().toLowerCase()}`).digest('hex');
}

/**
 * Records that `email` has an account now. True when it never had one before (its first
 * account: the trial and a referral code apply); false when it is known, deleted accounts
 * included. One conditional insert, so two sign-ups at once find one first.
 */
export async function rememberAddress(db: Executor, email: string, at = new Date()): Promise<boolean> {
  const inserted = await db
    .insert(knownAddresses)
    .values({ emailHash: addressDigest(email), firstSeenAt: at })
    .onConflictDoNothing()
    .returning({ emailHash: knownAddresses.emailHash });
  return inserted.length > 0;
}
