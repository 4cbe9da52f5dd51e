import { useTranslation } from 'react-i18next';
import { SignUpLink } from './sign-up-link.tsx';

/** The closing call to action of the landing and pricing pages (an h2 section). */
export function CtaBand() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:pb-28">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-5 rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12 sm:py-16">
        <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="max-w-xl text-base leading-relaxed text-pretty sm:text-lg">{t('cta.body')}</p>
        <SignUpLink tone="onBrand" className="mt-2">
          {t('cta.button')}
        </SignUpLink>
      </div>
    </section>
  );
}
