import { FEEDBACK_MESSAGES } from '../../../core/feedback/feedback-schema.ts';
import { FILE_MESSAGES } from '../../../core/security/files.ts';
import { VALIDATION_MESSAGES } from '../../../core/security/validate.ts';

/** The shared schema's English messages (core/feedback/feedback-schema.ts) as `feedback:` keys. */
export function feedbackMessageKey(message: string): string {
  if (message === VALIDATION_MESSAGES.empty) return 'validation.empty';
  if (message.startsWith('Text is too long')) return 'validation.tooLong';
  if (message === FEEDBACK_MESSAGES.section) return 'validation.section';
  if (message === FEEDBACK_MESSAGES.type) return 'validation.type';
  return 'validation.generic';
}

/** Why an image was refused, as a `feedback:fileErrors.` key. */
export function imageProblemKey(message: string): string {
  if (message === FILE_MESSAGES.type) return 'type';
  if (message === FILE_MESSAGES.name) return 'name';
  if (message === FEEDBACK_MESSAGES.tooManyImages) return 'tooMany';
  if (message.startsWith('File size')) return 'size';
  return 'other';
}
