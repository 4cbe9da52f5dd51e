import { cn } from '../../../lib/cn.ts';

/** A row of pressed/unpressed buttons choosing one option (a chart's range or grouping). */
export function ToggleGroup<Option extends string>({
  label,
  options,
  value,
  onChange,
  optionLabel,
}: {
  label: string;
  options: readonly Option[];
  value: Option;
  onChange: (option: Option) => void;
  optionLabel: (option: Option) => string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-border p-0.5">
      {options.map((option) => (
        // Not buttonClass: a segment of a toggle group, filled when chosen.
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn('rounded px-2.5 py-1 text-sm', value === option ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted')}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
