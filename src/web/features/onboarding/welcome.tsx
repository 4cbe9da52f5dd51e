import { BarChart3, ListChecks, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const NEXT_STEPS = [
  { to: '/talk-rumbo', key: 'chat', icon: MessageCircle },
  { to: '/metrics', key: 'metrics', icon: BarChart3 },
  { to: '/high-performance-tasks?draft=first', key: 'task', icon: ListChecks },
] as const;

/** After onboarding (docs/product.md#onboarding): chat with the mentor, configure metrics, or generate the first task. */
export function Welcome({ name }: { name: string | null }) {
  const { t } = useTranslation('onboarding');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="welcome-title" className="mx-auto max-w-2xl text-center">
      <h1 id="welcome-title" ref={heading} tabIndex={-1} className="text-3xl font-semibold tracking-tight outline-none">
        {name ? t('welcome.titleNamed', { name }) : t('welcome.title')}
      </h1>
      <p className="mt-3 text-muted-foreground">{t('welcome.body')}</p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-3">
        {NEXT_STEPS.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-2 rounded-lg border border-border bg-card p-5 text-card-foreground hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <span className="font-medium">{t(`welcome.actions.${key}.label`)}</span>
              <span className="text-sm text-muted-foreground">{t(`welcome.actions.${key}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/overview" className="mt-8 inline-block text-sm text-primary underline-offset-4 hover:underline">
        {t('welcome.overview')}
      </Link>
    </section>
  );
}
