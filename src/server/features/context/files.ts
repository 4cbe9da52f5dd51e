import { checkFile, FILE_MESSAGES, fileSizeMessage, MAX_FILE_BYTES, type AllowedType } from '../../../core/security/files.ts';

/**
 * Which uploaded files an AI context entry keeps (docs/product.md#files): PDF, CSV or images,
 * 10 MB in total per entry. Each refused file is reported with the spec's message and the
 * others are kept ('some files skipped'). CSV is text whose name ends in .csv: the content
 * must be text (magic bytes), the name says which text. A PDF or an image named `.csv` is
 * kept as what its bytes say it is, and read as that, never parsed as rows.
 */
export const CONTEXT_TOTAL_BYTES = MAX_FILE_BYTES;
const CONTEXT_TYPES: readonly AllowedType[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'text/plain'];

export type IncomingFile = { name: string; size: number; bytes: Uint8Array };
export type AcceptedFile = IncomingFile & { mediaType: string; isCsv: boolean };
export type SkippedFile = { name: string; message: string };

export function sortContextFiles(files: IncomingFile[], alreadyStoredBytes = 0) {
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
    if (total + file.bytes.byteLength > CONTEXT_TOTAL_BYTES) {
      skipped.push({ name: file.name, message: fileSizeMessage(CONTEXT_TOTAL_BYTES) });
      continue;
    }
    total += file.bytes.byteLength;
    accepted.push({ ...file, mediaType: isCsv ? 'text/csv' : check.type, isCsv });
  }
  return { accepted, skipped };
}
