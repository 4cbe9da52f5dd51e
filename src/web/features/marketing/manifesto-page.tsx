import { useTranslation } from 'react-i18next';
import { SignUpLink } from './sign-up-link.tsx';

const PRINCIPLES = [
  'honesty',
  'hypotheses',
  'focus',
  'defaultAlive',
  'customers',
  'shipping',
  'habits',
  'decide',
  'ownership',
  'privacy',
] as const;

/** `/manifesto`: what a great co-founder gives a founder, as ten principles. */
export function ManifestoPage() {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="manifesto-title" className="px-4 pt-16 pb-20 sm:pt-24 sm:pb-28">
      <div className="mx-auto max-w-2xl">
        <div>
          <p className="text-sm font-medium text-primary">{t('manifesto.eyebrow')}</p>
          <h1 id="manifesto-title" className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            {t('manifesto.title')}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-pretty text-muted-foreground">{t('manifesto.intro')}</p>
        </div>

        <ol className="mt-14 flex flex-col gap-12">
          {PRINCIPLES.map((id, position) => (
            <li key={id} className="grid gap-x-6 gap-y-2 sm:grid-cols-[3rem_1fr]">
              <span aria-hidden="true" className="font-mono text-sm font-medium text-primary tabular-nums sm:pt-1.5">
                {String(position + 1).padStart(2, '0')}
              </span>
              <div>
                <h2 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
                  {t(`manifesto.principles.${id}.title`)}
                </h2>
                <p className="mt-3 text-base leading-relaxed text-pretty text-muted-foreground">
                  {t(`manifesto.principles.${id}.body`)}
                </p>
              </div>
            </li>
          ))}
        </ol>

        <div className="mt-16 border-t border-border pt-10">
          <p className="text-lg leading-relaxed text-pretty">{t('manifesto.closing')}</p>
          <p className="mt-4 text-sm font-medium text-muted-foreground">{t('manifesto.signature')}</p>
          <SignUpLink className="mt-8">{t('manifesto.cta')}</SignUpLink>
        </div>
      </div>
    </section>
  );
}
