import { randomInt } from 'node:crypto';

/**
 * The letters and digits a 2FA backup code is made of: no 0/O, 1/I/L or other pairs a
 * founder could misread from a printout, and upper case only (the challenge upper-cases
 * what is typed).
 */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const BACKUP_CODE_COUNT = 10;
const HALF_LENGTH = 5;

function randomPart(): string {
  let part = '';
  for (let i = 0; i < HALF_LENGTH; i++) part += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return part;
}

/** Better Auth's `customBackupCodesGenerate`: ten codes such as `K7PQ2-XW9HM` (about 49 bits each). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${randomPart()}-${randomPart()}`);
}
