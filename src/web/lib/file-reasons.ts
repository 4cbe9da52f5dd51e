import { FILE_MESSAGES } from '../../core/security/files.ts';

/** What the file pickers for AI context files offer (PDF, CSV, images: docs/product.md#files). */
export const CONTEXT_FILE_ACCEPT = '.pdf,.csv,image/png,image/jpeg,image/gif,image/webp,application/pdf,text/csv';

/**
 * The server reports refused files with the product's English messages; the UI translates
 * them with `aiContext:fileErrors.<key>`.
 */
export function fileErrorKey(message: string) {
  if (message === FILE_MESSAGES.type) return 'type';
  if (message === FILE_MESSAGES.name) return 'name';
  if (message === FILE_MESSAGES.inflated) return 'inflated';
  return message.startsWith('File size') ? 'size' : 'other';
}
