/**
 * A 12-week line drawn as plain SVG: fifteen cards each with a chart should not wait for
 * recharts, which the trend chart loads lazily. It stretches to the card's width; missing
 * weeks break the line, as in the trend chart (`connectNulls={false}`).
 */
const WIDTH = 120;
const HEIGHT = 28;
const PAD = 2;

export function Sparkline({ values, label }: { values: (number | null)[]; label: string }) {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return null;
  const low = Math.min(...known);
  const span = Math.max(...known) - low || 1;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (value: number) => HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / span;
  // One "M x y L x y…" run per stretch of recorded weeks.
  let path = '';
  values.forEach((value, index) => {
    if (value === null) return;
    path += `${index > 0 && values[index - 1] !== null ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)}`;
  });
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="mt-2 h-7 w-full text-primary" data-testid="sparkline">
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
