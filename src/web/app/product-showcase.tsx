import { useTranslation } from 'react-i18next';
import { HTML_LANG, languageFromTag } from '../../core/i18n/language.ts';
import type { MetricKey } from '../../core/metrics/formulas.ts';
import { numberConvention } from '../../core/numbers/convention.ts';
import { useMetricText } from '../lib/metric-text.ts';
import type { NumberStyle } from '../lib/number-style.ts';
import { MetricCards } from '../features/metrics/components/metric-cards.tsx';
import { sample, sampleNeeds, sampleSeries, sampleStatuses } from '../features/metrics/sample-weeks.ts';
import type { ChatMessage } from '../features/mentor/chat-message.ts';
import { MessageBubble } from '../features/mentor/message-bubble.tsx';
import { SectionHeading } from '../features/marketing/section-heading.tsx';

/** The dashboard cards a visitor sees first: money in, time left, the leak, the return on acquisition. */
const SHOWN_METRICS: readonly MetricKey[] = ['mrr', 'runwayWeeks', 'churnRate', 'ltvToCac'];

const frame = 'rounded-2xl border border-border bg-background p-3 shadow-sm sm:p-4';

/**
 * The product itself on the landing page (decision 223), composed here in app/ because it
 * shows two features at once (the layout of decision 135): the Metrics dashboard's own cards and
 * the mentor's own message bubbles, over the sample startup's weeks (the real formulas). Each
 * is a figure captioned as an example; the rendering inside is inert (nothing to click or
 * focus) and hidden from screen readers, which read the caption's summary instead.
 */
export function ProductShowcase() {
  const { t, i18n } = useTranslation('showcase');
  const language = languageFromTag(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  const numbers: NumberStyle = { locale: HTML_LANG[language], currency: 'USD', convention: numberConvention({ language, currency: 'USD' }) };
  const metricText = useMetricText(numbers);
  const values = {
    mrr: metricText('mrr', sample.mrr),
    runway: metricText('runwayWeeks', sample.runwayWeeks),
    churn: metricText('churnRate', sample.churnRate),
    ltvToCac: metricText('ltvToCac', sample.ltvToCac),
  };
  const conversation: ChatMessage[] = [
    { key: 'question', role: 'user', content: t('mentor.question'), status: 'done' },
    { key: 'answer', role: 'assistant', content: t('mentor.answer', values), status: 'done' },
  ];
  return (
    <section aria-labelledby="showcase-title" className="px-4 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="showcase-title" eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
        <div className="mt-12 grid gap-6 lg:grid-cols-[1.2fr_1fr]">
      <figure className="flex min-w-0 flex-col gap-3">
        <figcaption className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('dashboard.caption')}</span> {t('dashboard.summary', values)}
        </figcaption>
        <div inert aria-hidden="true" className={frame} data-testid="showcase-dashboard">
          <MetricCards
            snapshot={sample}
            statuses={sampleStatuses}
            series={sampleSeries}
            needsWeeks={sampleNeeds}
            numbers={numbers}
            only={SHOWN_METRICS}
            className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2"
            sample
          />
        </div>
      </figure>
      <figure className="flex min-w-0 flex-col gap-3">
        <figcaption className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('mentor.caption')}</span> {t('mentor.summary')}
        </figcaption>
        <div inert aria-hidden="true" className={`${frame} flex flex-col gap-3`} data-testid="showcase-mentor">
          {conversation.map((message) => (
            <MessageBubble key={message.key} message={message} onRetry={() => {}} numberStyle={numbers} />
          ))}
        </div>
      </figure>
        </div>
      </div>
    </section>
  );
}
