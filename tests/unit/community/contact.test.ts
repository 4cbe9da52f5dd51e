import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openContact, sealContact } from '../../../src/server/features/community/contact.ts';

/** Contacts (decision 221), sealed with nonces drawn 1,024 at a time (decision 230). */
const SECRET = 'a-secret-long-enough-for-the-tests-0123456789';

describe('contacts', () => {
  it('open only for the reader they were made for, and never twice the same', () => {
    const reader = randomUUID();
    const founder = randomUUID();
    const contacts = Array.from({ length: 3000 }, () => sealContact(SECRET, reader, founder));
    // More seals than one draw of nonces: every contact opens, and no two match.
    expect(contacts.every((contact) => openContact(SECRET, reader, contact) === founder)).toBe(true);
    expect(new Set(contacts).size).toBe(contacts.length);
    expect(new Set(contacts.map((contact) => contact.split('.')[0])).size).toBe(contacts.length);
    expect(openContact(SECRET, randomUUID(), contacts[0]!)).toBeNull();
    expect(openContact('another-secret-of-the-same-length-0123456789', reader, contacts[0]!)).toBeNull();
  });

  it('refuses an altered or malformed contact', () => {
    const reader = randomUUID();
    const [iv, tag, body] = sealContact(SECRET, reader, randomUUID()).split('.');
    const flipped = `${body!.slice(0, -1)}${body!.endsWith('A') ? 'B' : 'A'}`;
    expect(openContact(SECRET, reader, `${iv}.${tag}.${flipped}`)).toBeNull();
    expect(openContact(SECRET, reader, `${iv}.${tag}`)).toBeNull();
    expect(openContact(SECRET, reader, `${iv}.${tag}.${body}.extra`)).toBeNull();
  });
});
