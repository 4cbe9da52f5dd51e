import en from './locales/en.json' with { type: 'json' };
import { type MessageParams, VALIDATION_NAMESPACE } from './issues.ts';

/**
 * The English text of a schema message (a `validation:` key and its params), for what the
 * server says in a 400's `details[].message` and to Better Auth: an API client reads a
 * sentence, not a key (docs/decisions/236-schema-messages-are-keys.md). The browser shows
 * the same key through i18next in the founder's language; `{{name}}` is replaced as i18next
 * does. A message that is not one of these keys is already a text and is returned as is.
 */
export function validationText(message: string, params: MessageParams = {}): string {
  const prefix = `${VALIDATION_NAMESPACE}:`;
  if (!message.startsWith(prefix)) return message;
  let node: unknown = en;
  for (const part of message.slice(prefix.length).split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') return message;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
