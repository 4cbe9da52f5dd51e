import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/core/errors/error-codes.ts';

/** The browser translates every API error by its code (src/web/lib/error-toast.ts): none may fall back to the generic text. */
describe('error codes', () => {
  for (const language of ['en', 'es-LA']) {
    it(`each has its message in ${language}`, () => {
      const errors = JSON.parse(fs.readFileSync(path.resolve('src/web/locales', language, 'errors.json'), 'utf8')) as { codes: Record<string, string> };
      const missing = Object.keys(ERROR_CODES).filter((code) => !errors.codes[code]?.trim());
      expect(missing).toEqual([]);
    });
  }
});
