import { VALIDATION_MESSAGES } from '../../../core/security/validate.ts';
import { STRATEGY_MESSAGES } from '../../../core/strategy/strategy-schema.ts';
import { TASK_MESSAGES } from '../../../core/tasks/task-schema.ts';

/**
 * The shared schemas speak the product's English; the forms show the founder's language.
 * This maps a schema message to its key in the `tasks` namespace (`validation.*`).
 */
const KEYS = new Map<string, string>([
  ...Object.entries(TASK_MESSAGES).map(([key, message]) => [message, key] as [string, string]),
  ...Object.entries(STRATEGY_MESSAGES).map(([key, message]) => [message, key] as [string, string]),
  [VALIDATION_MESSAGES.empty, 'empty'],
]);

export function validationKey(message: string): string {
  if (KEYS.has(message)) return `tasks:validation.${KEYS.get(message)}`;
  if (message.startsWith('Text is too long')) return 'tasks:validation.tooLong';
  return 'tasks:validation.invalid';
}
