import { z } from 'zod';
import type { MessageParams } from '../validation/issues.ts';
import { findBlockedPattern } from './blocked-patterns.ts';
import { normalizeCharacters } from './characters.ts';
import { cleanText } from './sanitize.ts';

/**
 * Input validation, shared by forms and routes. Every value is sanitised first
 * (`sanitize.ts`) and the clean value is what passes on. Limits are those of
 * docs/product.md#input-limits; messages are `validation:` keys whose English texts are those
 * of docs/product.md#validation-messages (core/validation/, decision 236).
 *
 * Lengths are counted on the sanitised text before the 10000-character cut, so an over-long
 * text is reported, never silently shortened. URLs, which the product gives no limit, use the
 * text limit.
 *
 * E-mail addresses and URLs are checked as typed (trimmed, invisible characters dropped):
 * if sanitising would change them (markup, a handler pattern), they are refused rather than
 * silently turned into a different address.
 */

export const TEXT_MAX = 5000;
export const LONG_TEXT_MAX = 10_000;
export const TITLE_MAX = 200;
export const EMAIL_MAX = 254;
export const URL_MAX = TEXT_MAX;

export const INPUT_LIMITS = { text: TEXT_MAX, longText: LONG_TEXT_MAX, title: TITLE_MAX, email: EMAIL_MAX, url: URL_MAX } as const;
export type InputType = keyof typeof INPUT_LIMITS;

export const VALIDATION_MESSAGES = {
  empty: 'validation:empty',
  email: 'validation:email',
  url: 'validation:url',
  urlProtocol: 'validation:urlProtocol',
  urlPatterns: 'validation:urlPatterns',
  tooLong: 'validation:tooLong',
} as const;

/** A refusal: its message key and the params it names (`{ max }` for a text too long). */
export type ValidationResult = { ok: true; value: string } | { ok: false; message: string; params?: MessageParams };

/** A basic address: something@something.tld, without spaces or characters that need quoting. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

const fail = (message: string, params?: MessageParams): ValidationResult => ({ ok: false, message, ...(params ? { params } : {}) });

/** Sanitised text of at most `max` characters. */
export function validateText(value: string, max: number = TEXT_MAX): ValidationResult {
  const clean = cleanText(value);
  if (clean === '') return fail(VALIDATION_MESSAGES.empty);
  if (clean.length > max) return fail(VALIDATION_MESSAGES.tooLong, { max });
  return { ok: true, value: clean };
}

export function validateEmail(value: string): ValidationResult {
  const checked = validateText(value, EMAIL_MAX);
  if (!checked.ok) return checked;
  const typed = normalizeCharacters(value).trim();
  if (checked.value !== typed || !EMAIL.test(typed)) return fail(VALIDATION_MESSAGES.email);
  return checked;
}

/** Decodes percent-escapes (up to three layers, for double encoding); stops at a malformed one. */
function decodings(url: string): string[] {
  const forms = [url];
  let current = url;
  for (let layer = 0; layer < 3; layer++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break;
    }
    if (decoded === current) break;
    forms.push(decoded);
    current = decoded;
  }
  return forms;
}

/**
 * Characters a browser never leaves raw in a URL it shows: whitespace, double quotes,
 * angle brackets and backticks only appear when someone tries to break out of an
 * attribute (`https://x.example/" onmouseover="…`).
 */
const ATTRIBUTE_BREAKOUT = /[\s"<>`]/;

export function validateUrl(value: string): ValidationResult {
  const checked = validateText(value, URL_MAX);
  if (!checked.ok) return checked;
  const typed = normalizeCharacters(value).trim();
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return fail(VALIDATION_MESSAGES.url);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(VALIDATION_MESSAGES.urlProtocol);
  const dangerous = checked.value !== typed || ATTRIBUTE_BREAKOUT.test(typed) || decodings(typed).some((form) => findBlockedPattern(form) !== null);
  if (dangerous) return fail(VALIDATION_MESSAGES.urlPatterns);
  return { ok: true, value: typed };
}

/** Validates one value of an input type (docs/product.md#input-limits); the clean value on success. */
export function validate(type: InputType, value: string): ValidationResult {
  if (typeof value !== 'string') return fail(VALIDATION_MESSAGES.empty);
  switch (type) {
    case 'email':
      return validateEmail(value);
    case 'url':
      return validateUrl(value);
    default:
      return validateText(value, INPUT_LIMITS[type]);
  }
}

/** A zod string that runs `check` and outputs its clean value, or fails with its message. */
function checked(check: (value: string) => ValidationResult) {
  return z.string().transform((value, ctx) => {
    const result = check(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, ...(result.params ? { params: result.params } : {}) });
    return z.NEVER;
  });
}

/**
 * The optional form of `checked`: absent stays absent (`undefined`), and null, '' or text
 * that is empty once sanitised becomes null (optional answers are stored null: docs/product.md#forms).
 */
function optionalChecked(check: (value: string) => ValidationResult) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || cleanText(value) === '') return null;
      const result = check(value);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message, ...(result.params ? { params: result.params } : {}) });
      return z.NEVER;
    });
}

/** Required text, sanitised, at most `max` characters. */
export const safeText = (max: number = TEXT_MAX) => checked((value) => validateText(value, max));
/** Sanitised text of at least `min` characters (counted after sanitising, as stored); `message` names `{{min}}`. */
export const textAtLeast = (min: number, message: string) =>
  safeText(TEXT_MAX).refine((value) => value.length >= min, { error: message, params: { min } });
/** Optional text, sanitised; empty → null. */
export const optionalSafeText = (max: number = TEXT_MAX) => optionalChecked((value) => validateText(value, max));
export const safeEmail = () => checked(validateEmail);
export const optionalSafeEmail = () => optionalChecked(validateEmail);
/** Required http(s) URL. */
export const httpUrl = () => checked(validateUrl);
/**
 * A web address as founders type it: `acme.com` or `www.acme.com/about` is what they mean by
 * `https://acme.com`, so it is completed rather than refused. Only a bare host (letters, digits
 * and hyphens in dotted labels, then an optional path) is completed; anything with a scheme,
 * spaces or no dot is left for `validateUrl` to judge.
 */
export function completeWebAddress(value: string): string {
  const typed = value.trim();
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]\S*)?$/u.test(typed) ? `https://${typed}` : value;
}

/** Optional http(s) URL; empty → null; a bare host gets `https://` (completeWebAddress). */
export const optionalHttpUrl = () => optionalChecked((value) => validateUrl(completeWebAddress(value)));
