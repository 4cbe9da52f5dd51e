import { checkFile, FILE_MESSAGES, fileSizeMessage, MAX_FILE_BYTES, type AllowedType } from '../../../core/security/files.ts';
import { stripImageMetadata } from '../../../core/security/image-metadata.ts';
import { type Extracted, type ExtractOptions, extractFileText } from '../../ai/context/extract-text.ts';

/**
 * Which uploaded files an AI context entry keeps (docs/product.md#files): PDF, CSV or images,
 * 10 MB in total per entry. Each refused file is reported with the product's message and the
 * others are kept ('some files skipped'). CSV is text whose name ends in .csv: the content
 * must be text (magic bytes), the name says which text. A PDF or an image named `.csv` is
 * kept as what its bytes say it is, and read as that, never parsed as rows.
 */
export const CONTEXT_TOTAL_BYTES = MAX_FILE_BYTES;
const CONTEXT_TYPES: readonly AllowedType[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'text/plain'];

/** `extracted`: text already read (a chat upload reads it before it starts a conversation). */
export type IncomingFile = { name: string; size: number; bytes: Uint8Array; extracted?: Extracted };
export type AcceptedFile = IncomingFile & { mediaType: string; isCsv: boolean };
export type ReadFile = AcceptedFile & { extracted: Extracted };
export type SkippedFile = { name: string; message: string };

function sortContextFiles(files: IncomingFile[], alreadyStoredBytes = 0) {
  const accepted: AcceptedFile[] = [];
  const skipped: SkippedFile[] = [];
  let total = alreadyStoredBytes;
  for (const file of files) {
    const check = checkFile(file, { allowed: CONTEXT_TYPES });
    if (!check.ok) {
      skipped.push({ name: file.name, message: check.message });
      continue;
    }
    const isCsv = check.type === 'text/plain' && /\.csv$/i.test(file.name);
    if (check.type === 'text/plain' && !isCsv) {
      skipped.push({ name: file.name, message: FILE_MESSAGES.type });
      continue;
    }
    // Images are kept without their EXIF, GPS and XMP (decision 247); one that is not well-formed is refused.
    const bytes = stripImageMetadata(file.bytes, check.type);
    if (bytes === null) {
      skipped.push({ name: file.name, message: FILE_MESSAGES.type });
      continue;
    }
    if (total + bytes.byteLength > CONTEXT_TOTAL_BYTES) {
      skipped.push({ name: file.name, message: fileSizeMessage(CONTEXT_TOTAL_BYTES) });
      continue;
    }
    total += bytes.byteLength;
    accepted.push({ ...file, bytes, size: bytes.byteLength, mediaType: isCsv ? 'text/csv' : check.type, isCsv });
  }
  return { accepted, skipped };
}

/**
 * The files an entry keeps (sortContextFiles), with their text for the mentor. A file its
 * content refuses, a decompression bomb (decision 104), is skipped like the others.
 */
export async function readContextFiles(files: IncomingFile[], alreadyStoredBytes: number, options: ExtractOptions) {
  const { accepted, skipped } = sortContextFiles(files, alreadyStoredBytes);
  const results = await Promise.all(accepted.map((file) => file.extracted ?? extractFileText(file, options)));
  const read: ReadFile[] = [];
  accepted.forEach((file, i) => {
    const result = results[i]!;
    if ('refused' in result) skipped.push({ name: file.name, message: result.refused });
    else read.push({ ...file, extracted: result });
  });
  return { read, skipped };
}
