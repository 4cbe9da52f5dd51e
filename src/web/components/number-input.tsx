import { type InputHTMLAttributes, useState } from 'react';
import { formatField } from '../../core/numbers/format-number.ts';
import { NumberQuestion } from './number-question.tsx';
import type { NumberStyle } from '../lib/number-style.ts';

/** What a number field's text says: a value, a question between two readings, or nothing to read yet. */
export type NumberTextReading =
  | { status: 'value'; value: number }
  | { status: 'ambiguous'; readings: [number, number] }
  /** A bare number where a share is stored (`3` for a churn): 300 % or 3 %; readings in percent, answered with a `%` sign. */
  | { status: 'share'; readings: [number, number] }
  | { status: 'empty' }
  | { status: 'invalid'; reason: 'format' | 'exponent' };

/** The message under a field whose text is not one number, or null when it reads. */
export function numberTextError(read: NumberTextReading): string | null {
  if (read.status === 'invalid') return read.reason === 'exponent' ? 'validation:metrics.exponent' : 'validation:numbers.notANumber';
  if (read.status === 'ambiguous' || read.status === 'share') return 'validation:numbers.chooseReading';
  return null;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  value: string;
  onChange: (text: string) => void;
  /** How the text reads (core/numbers), with the founder's convention and remembered answers. */
  read: (text: string) => NumberTextReading;
  /** A value as the field writes it once settled, in the founder's convention (`65.000`, `2,5 %`). */
  textOf: (value: number) => string;
  numbers: NumberStyle;
  /** Ask now whatever the focus: set when a save stopped at this field. */
  ask?: boolean;
};

/**
 * Every number a founder types outside the week form (decision 252): a text input read by
 * the one reader (core/numbers), never a browser number input (which drops `65.000` to 65 in a
 * Spanish browser and refuses `12,5 %`). When the founder leaves it, the value is written
 * back in their convention; a text that reads two ways asks under the field and the
 * answer rewrites it so it reads one way.
 */
export function NumberInput({ value, onChange, read, textOf, numbers, ask = false, onBlur, id, ...input }: Props) {
  const [left, setLeft] = useState(false);
  const reading = read(value);
  const question = (left || ask) && (reading.status === 'ambiguous' || reading.status === 'share') ? reading : null;
  return (
    <>
      <input
        {...input}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setLeft(false);
          onChange(event.target.value);
        }}
        onBlur={(event) => {
          setLeft(true);
          if (reading.status === 'value') {
            const tidy = textOf(reading.value);
            const again = read(tidy);
            // Written back only when it reads as the same value (`1,234` money with 3 decimals stays to be refused).
            if (tidy !== value && again.status === 'value' && again.value === reading.value) onChange(tidy);
          }
          onBlur?.(event);
        }}
      />
      <div aria-live="polite">
        {question && (
          <NumberQuestion
            typed={value}
            readings={question.readings}
            numbers={numbers}
            unit={question.status === 'share' ? '%' : undefined}
            firstChoiceId={id ? `${id}-choice` : undefined}
            onAnswer={(chosen) => onChange(question.status === 'share' ? `${formatField(chosen, { unit: 'percent' }, numbers.convention)} %` : textOf(chosen))}
          />
        )}
      </div>
    </>
  );
}
