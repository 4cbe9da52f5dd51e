import { describe, expect, it } from 'vitest';
import { ContextEntryFields } from '../../../src/core/mentor/mentor-schema.ts';
import { TEXT_MAX } from '../../../src/core/security/validate.ts';
import { validationText } from '../../../src/core/validation/english.ts';
import { entryIssueKey } from '../../../src/web/features/ai-context/entry-issue.ts';
import aiContextEn from '../../../src/web/locales/en/aiContext.json' with { type: 'json' };
import { createSchemaForm } from '../../../src/web/lib/schema-form.ts';

type Values = { type: string; description: string };

/** What the AI context entry form says under itself for these values, in English. */
async function shown(values: Values) {
  const form = createSchemaForm<typeof ContextEntryFields, Values>(values, { schema: ContextEntryFields, onSubmit: () => {} }, () => {});
  await form.submit();
  return Object.fromEntries(
    Object.entries(form.state.issues).map(([field, issue]) => {
      const { key, params } = entryIssueKey(issue!);
      return [field, key === 'aiContext:validation.description' ? aiContextEn.validation.description : validationText(key, params)];
    }),
  );
}

describe('the AI context entry form says why an entry is refused', () => {
  it('an over-long description is too long, not missing', async () => {
    expect(await shown({ type: 'learnings', description: 'x'.repeat(TEXT_MAX + 1) })).toEqual({ description: `Text is too long (max ${TEXT_MAX} characters)` });
  });

  it('an empty description and a missing type name their field', async () => {
    expect(await shown({ type: '', description: '   ' })).toEqual({ type: 'Context type is required', description: 'Description is required' });
  });
});
