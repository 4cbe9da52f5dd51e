import { CircleCheck, FlaskConical, Sparkles, TrendingUp, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TARGETS } from '../../../core/metrics/targets.ts';

type MetricId = 'mrr' | 'runway' | 'ndr';
type Tone = 'up' | 'onTarget' | 'offTarget';

/** Status is told by text and icon shape, never by colour alone. */
const TONE: Record<Tone, { icon: LucideIcon; className: string }> = {
  up: { icon: TrendingUp, className: 'text-primary' },
  onTarget: { icon: CircleCheck, className: 'text-primary' },
  offTarget: { icon: TriangleAlert, className: 'text-highlight' },
};

const METRICS: readonly { id: MetricId; tone: Tone }[] = [
  { id: 'mrr', tone: 'up' },
  { id: 'runway', tone: 'onTarget' },
  { id: 'ndr', tone: 'offTarget' },
];

/**
 * A sample of the product drawn in HTML (no screenshot to download): a Monday check-in
 * with metrics against targets, the mentor's read and an ICE-scored hypothesis.
 */
export function HeroPreview() {
  const { t } = useTranslation('marketing');
  return (
    <figure className="w-full max-w-md lg:max-w-none">
      <figcaption className="mb-3 text-center text-xs text-muted-foreground lg:text-left">
        {t('hero.preview.caption')}
      </figcaption>
      <div className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xl sm:p-6">
        <p className="text-sm font-medium">{t('hero.preview.week')}</p>
        <p className="mt-4 text-xs font-medium uppercase tracking-wider text-muted-foreground">
          {t('hero.preview.metricsLabel')}
        </p>
        <dl className="mt-2 divide-y divide-border">
          {METRICS.map(({ id, tone }) => {
            const { icon: Icon, className } = TONE[tone];
            return (
              <div key={id} className="grid grid-cols-[1fr_auto] items-center gap-x-4 py-3">
                <dt className="text-sm text-muted-foreground">{t(`hero.preview.metrics.${id}.name`)}</dt>
                <dd className="col-start-2 row-span-2 row-start-1 text-xl font-semibold tabular-nums">
                  {t(`hero.preview.metrics.${id}.value`)}
                </dd>
                <dd className="col-start-1 mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Icon aria-hidden="true" className={`size-3.5 shrink-0 ${className}`} />
                  {/* The runway rule is the app's own (src/core/metrics/targets.ts), never restated by hand. */}
                  <span>{t(`hero.preview.metrics.${id}.status`, { weeks: TARGETS.runwayWeeks.threshold })}</span>
                </dd>
              </div>
            );
          })}
        </dl>
        <div className="mt-4 rounded-xl bg-accent p-4 text-accent-foreground">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('hero.preview.mentorLabel')}
          </p>
          <p className="mt-2 text-sm leading-relaxed">{t('hero.preview.mentorNote')}</p>
        </div>
        <div className="mt-4 flex items-start gap-3 rounded-xl border border-border p-4">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-muted-foreground">{t('hero.preview.taskLabel')}</p>
            <p className="mt-1 text-sm leading-relaxed">{t('hero.preview.task')}</p>
          </div>
          <p className="shrink-0 rounded-md bg-muted px-2 py-1 text-xs font-semibold tabular-nums">{t('hero.preview.ice')}</p>
        </div>
      </div>
    </figure>
  );
}
