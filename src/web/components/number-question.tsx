import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnambiguous } from '../../core/numbers/format-number.ts';
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
  firstChoiceId?: string;
};

/**
 * "Did you mean 198 900 or 198,9?" under a field whose text reads two ways (decision 110):
 * each reading is written so it cannot be misread, and nothing is saved until one is chosen.
 */
export function NumberQuestion({ typed, readings, numbers, onAnswer, firstChoiceId }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const whole = Math.max(...readings);
  return (
    <div role="group" aria-labelledby={id} className="mt-2 rounded-md border border-highlight bg-muted/40 p-3">
      <p id={id} className="text-sm font-medium">
        {t('entry.question', { typed })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {readings.map((value, index) => (
          <button key={value} id={index === 0 ? firstChoiceId : undefined} type="button" onClick={() => onAnswer(value)} className={buttonClass.secondary}>
            <span className="tabular-nums">{formatUnambiguous(value, numbers.convention)}</span>
            <span className="font-normal text-muted-foreground">{t(value === whole ? 'entry.wholeNumber' : 'entry.withDecimals')}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
