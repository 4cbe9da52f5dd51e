import { useState } from 'react';
import type { WeekKey } from '../../../core/metrics/iso-week.ts';
import { type ImplausibleChange, implausibleChanges } from '../../../core/metrics/plausibility.ts';
import type { WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import type { NumberStyle } from '../../lib/number-style.ts';
import { type DraftField, type FieldErrors, type FieldQuestions, formatForField, parseDraft, readDraftField, tidyField, type WeekDraft } from './week-values.ts';

/**
 * A week being typed, shared by the entry form and the history table's row edit: the
 * text as typed while a field has focus, tidied into the founder's convention when they
 * leave it, and a question under any field whose text reads two ways (decision 110).
 */
export function useWeekDraft(initial: () => WeekDraft, style: NumberStyle) {
  const [draft, setDraft] = useState<WeekDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Fields whose question shows: asked when the founder leaves them or saves, not while typing.
  const [asked, setAsked] = useState<ReadonlySet<DraftField>>(new Set());

  const questions: FieldQuestions = {};
  for (const field of asked) {
    const read = readDraftField(draft, field, style);
    if (read.status === 'ambiguous') questions[field] = read.readings;
  }

  const without = (field: DraftField) => (current: ReadonlySet<DraftField>) => new Set([...current].filter((other) => other !== field));

  return {
    draft,
    errors,
    setErrors,
    questions,
    change(field: DraftField, text: string) {
      setDraft((current) => ({ ...current, [field]: text }));
      setAsked(without(field));
    },
    blur(field: DraftField) {
      if (readDraftField(draft, field, style).status === 'ambiguous') setAsked((current) => new Set([...current, field]));
      else setDraft((current) => ({ ...current, [field]: tidyField(current, field, style) }));
    },
    /** The founder's choice, written so that it reads one way only (`198.900,00`). */
    answer(field: DraftField, value: number) {
      setDraft((current) => ({ ...current, [field]: formatForField(field, value, style) }));
      setAsked(without(field));
      setErrors(({ [field]: _answered, ...rest }) => rest);
    },
    /** The input to save, or null with every error and question shown. */
    check() {
      const parsed = parseDraft(draft, style);
      setErrors(parsed.errors);
      setAsked(new Set(Object.keys(parsed.questions) as DraftField[]));
      return parsed;
    },
    reset(next: WeekDraft) {
      setDraft(next);
      setErrors({});
      setAsked(new Set());
    },
  };
}

type PendingSave = { key: WeekKey; input: WeekRecordInput; changes: ImplausibleChange[] };

/**
 * Saves a week, first asking "are you sure?" when a figure moved implausibly against the
 * founder's last weeks (decision 111). Nothing is blocked: confirming saves as typed.
 */
export function useConfirmedSave(history: readonly WeekRecord[], persist: (key: WeekKey, input: WeekRecordInput) => Promise<void>) {
  const [pending, setPending] = useState<PendingSave | null>(null);
  return {
    pending,
    async request(key: WeekKey, input: WeekRecordInput) {
      const changes = implausibleChanges(key, input, history);
      if (changes.length > 0) setPending({ key, input, changes });
      else await persist(key, input);
    },
    async confirm() {
      if (!pending) return;
      setPending(null);
      await persist(pending.key, pending.input);
    },
    cancel: () => setPending(null),
  };
}
