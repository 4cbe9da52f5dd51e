import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CtaBand } from './cta-band.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { HeroPreview } from './hero-preview.tsx';
import { PricingTable } from './pricing-table.tsx';
import { RotatingWords } from './rotating-words.tsx';
import { SectionHeading } from './section-heading.tsx';
import { SignUpLink } from './sign-up-link.tsx';

const STEPS = ['setup', 'measure', 'act'] as const;

/**
 * `/`: hero, how it works, the product itself, product areas, pricing and a closing call to action.
 * The product itself (`showcase`) shows other features: the router composes it (src/web/app/showcase-section.tsx).
 */
export function LandingPage({ showcase }: { showcase: ReactNode }) {
  return (
    <>
      <Hero />
      <HowItWorks />
      {showcase}
      <Features />
      <Pricing />
      <CtaBand />
    </>
  );
}

function Hero() {
  const { t } = useTranslation('marketing');
  const words = t('hero.words', { returnObjects: true }) as string[];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pb-28">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="rounded-full border border-border bg-background px-3 py-1 text-xs font-medium text-muted-foreground sm:text-sm">
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-6 text-[2rem] leading-tight font-semibold tracking-tight sm:text-5xl lg:text-6xl">
            {/* Screen readers get the whole sentence once; the rotating version is visual only. */}
            <span className="sr-only">{t('hero.titleFull')}</span>
            <span aria-hidden="true" className="block">
              <span className="block text-balance">{t('hero.titleLead')}</span>
              <RotatingWords words={words} className="text-primary" />
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {t('hero.subtitle')}
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <SignUpLink>{t('hero.primaryCta')}</SignUpLink>
            <Link
              to="/pricing"
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-border bg-background px-6 text-base font-medium text-foreground transition-colors hover:bg-muted"
            >
              {t('hero.secondaryCta')}
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('hero.note')}</p>
        </div>
        <div className="flex justify-center">
          <HeroPreview />
        </div>
      </div>
    </section>
  );
}

/** A soft glow and a faint grid, drawn inline: nothing to download, nothing to shift. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute top-[-10rem] left-1/2 h-[32rem] w-[56rem] max-w-[200%] -translate-x-1/2 rounded-full bg-accent opacity-70 blur-3xl" />
      <svg className="absolute inset-0 size-full text-border [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]">
        <defs>
          <pattern id="hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
            <path d="M48 0H0v48" fill="none" stroke="currentColor" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
    </div>
  );
}

/** One of the landing's sections: its eyebrow, title and subtitle are `<name>.…` of the marketing texts, its heading's id `<name>-title`. */
function LandingSection({ name, anchor, className, children }: { name: string; anchor?: string; className: string; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  return (
    <section id={anchor} aria-labelledby={`${name}-title`} className={className}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id={`${name}-title`} eyebrow={t(`${name}.eyebrow`)} title={t(`${name}.title`)} subtitle={t(`${name}.subtitle`)} />
        {children}
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <LandingSection name="how" className="px-4 py-20 sm:py-24">
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, position) => (
          <li key={step} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6 text-card-foreground">
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {position + 1}
            </span>
            <h3 className="text-lg font-semibold">{t(`how.steps.${step}.title`)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(`how.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

function Features() {
  return (
    <LandingSection name="features" anchor="features" className="bg-muted px-4 py-20 sm:py-24">
      <div className="mt-12">
        <FeatureCards />
      </div>
    </LandingSection>
  );
}

function Pricing() {
  const { t } = useTranslation('marketing');
  return (
    <LandingSection name="pricing" anchor="pricing" className="px-4 py-20 sm:py-24">
      <div className="mt-10">
        <PricingTable headingLevel="h3" />
      </div>
      <p className="mt-6 text-center">
        <Link
          to="/pricing"
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('pricing.moreLink')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </LandingSection>
  );
}
