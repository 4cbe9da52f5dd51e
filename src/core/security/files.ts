/**
 * Uploaded file checks (docs/product.md#files). The type comes from the content's
 * first bytes, never from the name or the declared type, which the sender controls.
 *
 * Text (plain text, CSV) is content that decodes as UTF-8 and holds no control characters
 * other than tab, line feed, carriage return and form feed; JSON is text that parses as
 * JSON, and also counts as plain text. An empty file has no type and is refused.
 */

import { normalizeCharacters } from './characters.ts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'application/json'] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

export const FILE_MESSAGES = {
  type: 'File type not allowed',
  name: 'File name contains invalid characters',
  /** A decompression bomb: a PDF whose compressed streams inflate to far more than its size (decision 104). */
  inflated: 'File expands too much when decompressed',
} as const;

/** 'File size must be less than 10MB' for the product's 10 MB (5MB for feedback images…). */
export const fileSizeMessage = (maxBytes: number) => `File size must be less than ${Number((maxBytes / (1024 * 1024)).toFixed(2))}MB`;

export type FileToCheck = { name: string; size: number; bytes: Uint8Array };
export type FileRules = { maxBytes?: number; allowed?: readonly AllowedType[] };
export type FileCheckResult = { ok: true; type: AllowedType } | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function isText(bytes: Uint8Array): string | null {
  for (const byte of bytes) {
    // NUL and other C0 controls, except \t \n \f \r: binary, not text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return null;
    if (byte === 0x7f) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The content's types by magic bytes, most specific first; [] when unknown. */
export function sniffTypes(bytes: Uint8Array): AllowedType[] {
  if (bytes.length === 0) return [];
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ['image/jpeg'];
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ['image/png'];
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return ['image/gif'];
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return ['image/webp'];
  if (startsWith(bytes, ascii('%PDF-'))) return ['application/pdf'];
  const text = isText(bytes);
  if (text === null) return [];
  try {
    JSON.parse(text);
    return ['application/json', 'text/plain'];
  } catch {
    return ['text/plain'];
  }
}

// < > : " / \ | ? * (docs/mentor.md, AI context files); control characters (never valid in a
// file name); and invisible format characters: a right-to-left override turns
// `invoice\u202Efdp.exe` into "invoiceexe.pdf" on screen, and zero-width or bidi marks
// let two different names look alike.
// eslint-disable-next-line no-control-regex -- control characters are what this rejects
const INVALID_NAME = /[<>:"/\\|?*\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/;

/**
 * A name shown as typed: beside the characters above, anything the one sanitiser drops as
 * non-printable (`normalizeCharacters`: lone surrogates, invisible fillers such as U+3164,
 * U+2800, U+034F or the tag characters U+E0000…) makes the name invalid, never silently renamed.
 */
export function isValidFileName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && trimmed !== '.' && trimmed !== '..' && name.length <= 255 && !INVALID_NAME.test(name) && normalizeCharacters(name) === name;
}

/** Size, then type, then name (the product's order); the detected type on success. */
export function checkFile(file: FileToCheck, rules: FileRules = {}): FileCheckResult {
  const maxBytes = rules.maxBytes ?? MAX_FILE_BYTES;
  const allowed = rules.allowed ?? ALLOWED_TYPES;
  const size = Math.max(Number.isFinite(file.size) ? file.size : 0, file.bytes.byteLength);
  if (size >= maxBytes) return { ok: false, message: fileSizeMessage(maxBytes) };
  const type = sniffTypes(file.bytes).find((candidate) => allowed.includes(candidate));
  if (!type) return { ok: false, message: FILE_MESSAGES.type };
  if (typeof file.name !== 'string' || !isValidFileName(file.name)) return { ok: false, message: FILE_MESSAGES.name };
  return { ok: true, type };
}
