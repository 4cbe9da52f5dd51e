import { VALIDATION_MESSAGES } from '../../../core/security/validate.ts';
import type { MessageParams } from '../../../core/validation/issues.ts';
import type { FieldIssue } from '../../lib/schema-form.ts';

/**
 * The text key an entry form's issue is shown with: the schema's own message (an over-long
 * description says it is too long, with its limit), except an empty description, which
 * names the field it is missing from.
 */
export function entryIssueKey(issue: FieldIssue): { key: string; params?: MessageParams } {
  if (issue.path === 'description' && issue.message === VALIDATION_MESSAGES.empty) return { key: 'aiContext:validation.description' };
  return { key: issue.message, ...(issue.params ? { params: issue.params } : {}) };
}
