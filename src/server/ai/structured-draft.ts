import type { z } from 'zod';
import type { Language } from '../../core/i18n/language.ts';
import type { MentorContext } from './context/build-context.ts';
import { mentorInstructions } from './mentor-prompt.ts';
import type { MentorModel } from './provider.ts';

/**
 * A draft the founder edits before saving (a task, a strategy): the model's structured
 * output, validated by the same zod schema the draft must pass, or the offline mentor's
 * when no model is configured or the model's answer fails or does not fit the schema.
 * A draft to edit is worth more to the founder than an error.
 */
/** A draft and who wrote it: the model's label, or 'offline'. */
export type Drafted<Draft> = { draft: Draft; source: string };

export async function structuredDraft<Schema extends z.ZodType>(input: {
  model: MentorModel | null;
  context: MentorContext;
  language: Language;
  schema: Schema;
  prompt: string;
  offline: () => z.infer<Schema>;
}): Promise<Drafted<z.infer<Schema>>> {
  if (input.model) {
    try {
      // The AI SDK loads with the first answer or draft, not at start (decision 304).
      const { generateText, Output } = await import('ai');
      const result = await generateText({
        model: input.model.model,
        maxRetries: 0,
        timeout: input.model.timeoutMs * 2,
        instructions: mentorInstructions(input.context, input.language),
        prompt: input.prompt,
        output: Output.object({ schema: input.schema }),
      });
      return { draft: input.schema.parse(result.output), source: input.model.label };
    } catch {
      // Fall through to the offline draft.
    }
  }
  return { draft: input.offline(), source: 'offline' };
}
