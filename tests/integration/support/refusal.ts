import { expect } from 'vitest';
import { validationText } from '../../../src/core/validation/english.ts';
import type { MessageParams } from '../../../src/core/validation/issues.ts';

/**
 * A 400's field detail as the server answers a schema's message (decision 236): the key's
 * English text in `message`, for whoever reads the answer, and the key beside it for the
 * browser. A message that is not a `validation:` key is answered as it is.
 */
export function refusal(detail: { field: string; message: string; row?: number }, params?: MessageParams) {
  if (!detail.message.startsWith('validation:')) return detail;
  return expect.objectContaining({ ...detail, message: validationText(detail.message, params), key: detail.message });
}
