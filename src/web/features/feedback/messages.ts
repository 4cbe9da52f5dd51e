import { FEEDBACK_MESSAGES } from '../../../core/feedback/feedback-schema.ts';
import { FILE_MESSAGES } from '../../../core/security/files.ts';
/** Why an image was refused, as a `feedback:fileErrors.` key. */
export function imageProblemKey(message: string): string {
  if (message === FILE_MESSAGES.type) return 'type';
  if (message === FILE_MESSAGES.name) return 'name';
  if (message === FEEDBACK_MESSAGES.tooManyImages) return 'tooMany';
  if (message.startsWith('File size')) return 'size';
  return 'other';
}
