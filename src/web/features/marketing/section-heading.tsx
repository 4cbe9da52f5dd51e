import { cx } from '../../lib/cx.ts';

/** Eyebrow, h2 and intro shared by the marketing sections. `id` labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  className?: string;
}) {
  return (
    <div className={cx('mx-auto flex max-w-2xl flex-col items-center gap-3 text-center', className)}>
      <p className="text-sm font-medium text-primary">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">{subtitle}</p> : null}
    </div>
  );
}
