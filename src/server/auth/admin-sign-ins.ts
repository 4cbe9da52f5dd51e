import type { Database } from '../db/client.ts';
import { recordAuditEvent } from '../platform/audit.ts';
import { embeddedLookup } from '../platform/geo.ts';
import { currentRole } from '../platform/roles.ts';

/**
 * The header our server sets on auth requests from the country a trusted proxy named
 * (CLIENT_COUNTRY_HEADER, e.g. CF-IPCountry), replacing anything a client sent.
 */
export const CLIENT_COUNTRY_HEADER = 'x-rumbo-client-country';

type NewSession = { userId: string; ipAddress?: string | null; userAgent?: string | null; impersonatedBy?: string | null };

/** The trusted proxy's country, else the embedded IP database's (offline); null when neither knows. */
async function countryOf(session: NewSession, headers: Headers | undefined): Promise<string | null> {
  const named = headers?.get(CLIENT_COUNTRY_HEADER);
  if (named) return named;
  if (!session.ipAddress) return null;
  return embeddedLookup(session.ipAddress).catch(() => null);
}

/**
 * Every sign-in of an admin is audited as `security_admin_sign_in` with its address and
 * country, so the security job can tell a new country (docs/decisions/188-admin-sign-in-country.md).
 * Founders' sign-ins are not recorded: their countries are nobody's business. An admin's
 * "view as" session is not a sign-in.
 */
export async function recordAdminSignIn(db: Database, session: NewSession, headers: Headers | undefined): Promise<void> {
  if (session.impersonatedBy || (await currentRole(db, session.userId)) !== 'admin') return;
  const country = await countryOf(session, headers);
  await recordAuditEvent(db, {
    action: 'admin_sign_in',
    adminId: session.userId,
    targetUserId: session.userId,
    context: { userAgent: session.userAgent ?? null, origin: headers?.get('origin') ?? null, ipAddress: session.ipAddress ?? null },
    details: { country },
  });
}
