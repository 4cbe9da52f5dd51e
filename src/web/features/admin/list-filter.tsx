import { useId } from 'react';
import { inputClass } from '../../components/form/fields.tsx';
import { cn } from '../../lib/cn.ts';

/** The one filter above an admin list: a labelled select of `options`, with an 'any' choice (value '') when `anyLabel` is given. */
export function ListFilter<Value extends string>({
  label,
  value,
  options,
  optionLabel,
  anyLabel,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly Value[];
  optionLabel: (option: Value) => string;
  anyLabel?: string;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <div className="mt-4 max-w-xs">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)} className={cn(inputClass, 'h-11')}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
