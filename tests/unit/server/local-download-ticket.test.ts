import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, signTicket, verifyTicket } from '../../../src/server/storage/local-storage.ts';
import { SIGNED_URL_SECONDS } from '../../../src/server/storage/storage.ts';

const SECRET = 'a-test-secret-that-is-long-enough-to-sign';
const ticket = { key: 'context/user-1/entry-1/file-1', ownerId: 'user-1', fileName: 'pilot.pdf', mediaType: 'application/pdf' };

describe('local signed download links (decision 065)', () => {
  it('are valid until their expiry and refused from that moment on', () => {
    const expires = Date.UTC(2026, 10, 24, 12, 0, 0);
    const token = signTicket(SECRET, { ...ticket, expires });
    expect(verifyTicket(SECRET, token, expires - 1)).toEqual({ ...ticket, expires });
    expect(verifyTicket(SECRET, token, expires)).toBeNull();
    expect(verifyTicket(SECRET, token, expires + 60_000)).toBeNull();
  });

  it('made by the local driver last the 60 seconds of SIGNED_URL_SECONDS, not more', async () => {
    const storage = createLocalStorage(os.tmpdir(), SECRET);
    const issuedAt = Date.now();
    const url = await storage.signedUrl(ticket.key, { ...ticket, expiresInSeconds: SIGNED_URL_SECONDS });
    const token = url.replace('/api/files/', '');
    expect(SIGNED_URL_SECONDS).toBe(60);
    expect(verifyTicket(SECRET, token, issuedAt + 59_000)).toMatchObject({ key: ticket.key, ownerId: 'user-1' });
    // A minute and a second later (allowing for the time signedUrl itself took), the link is dead.
    expect(verifyTicket(SECRET, token, Date.now() + 61_000)).toBeNull();
  });

  it('are refused when signed with another secret or altered', () => {
    const expires = Date.now() + 60_000;
    const token = signTicket(SECRET, { ...ticket, expires });
    expect(verifyTicket('another-secret-of-a-decent-length-too', token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...ticket, ownerId: 'user-2', expires })).toString('base64url');
    expect(verifyTicket(SECRET, `${forged}.${signature}`)).toBeNull();
    const longer = Buffer.from(JSON.stringify({ ...ticket, expires: expires + 3_600_000 })).toString('base64url');
    expect(verifyTicket(SECRET, `${longer}.${signature}`)).toBeNull();
  });
});
