import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnambiguous } from '../../core/numbers/format-number.ts';
import { answerOf } from '../../core/numbers/read-number.ts';
import { useUpdateMe } from '../lib/update-me.ts';
import { buttonClass } from './form/buttons.ts';
import type { NumberStyle } from '../lib/number-style.ts';

type Props = {
  /** What the founder typed, quoted back to them. */
  typed: string;
  /** Both readings, the founder's convention first. */
  readings: [number, number];
  numbers: NumberStyle;
  onAnswer: (value: number) => void;
  /** Set on the first choice, so a save that stopped here can move focus to it. */
  firstChoiceId?: string | undefined;
  /** A unit written after each reading (`1 %` or `0,01 %`) instead of "whole number" / "with decimals". */
  unit?: string | undefined;
};

/**
 * "Did you mean 198 900 or 198,9?" under a field whose text reads two ways (decision 110):
 * each reading is written so it cannot be misread, and nothing is saved until one is chosen.
 * The answer is kept on the founder's profile for that mark (decision 250): the next
 * `65.000` in any field reads the same way without asking.
 */
export function NumberQuestion({ typed, readings, numbers, onAnswer, firstChoiceId, unit }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const remember = useUpdateMe();
  const whole = Math.max(...readings);
  const choose = (value: number) => {
    onAnswer(value);
    const answer = answerOf(typed, value);
    // Remembering is a convenience: the value is answered whether or not it is saved.
    if (answer) remember.mutate({ separatorAnswers: { ...numbers.answers, ...answer } }, { onError: () => {} });
  };
  return (
    <div role="group" aria-labelledby={id} className="mt-2 rounded-md border border-highlight bg-muted/40 p-3">
      <p id={id} className="text-sm font-medium">
        {t('entry.question', { typed })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {readings.map((value, index) => (
          <button key={value} id={index === 0 ? firstChoiceId : undefined} type="button" onClick={() => choose(value)} className={buttonClass.secondary}>
            <span className="tabular-nums">
              {formatUnambiguous(value, numbers.convention)}
              {unit && `\u00A0${unit}`}
            </span>
            {!unit && <span className="font-normal text-muted-foreground">{t(value === whole ? 'entry.wholeNumber' : 'entry.withDecimals')}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
