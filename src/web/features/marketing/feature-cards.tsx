import {
  ChartLine,
  Compass,
  FlaskConical,
  Gift,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  NotebookPen,
  Trophy,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

type FeatureId = 'overview' | 'metrics' | 'tasks' | 'strategy' | 'context' | 'mentor' | 'community' | 'referrals';

/** One card per product area (docs/product.md#what-rumbo-does). `premium` marks areas whose best part is tier 2. */
const FEATURES: readonly { id: FeatureId; icon: LucideIcon; premium?: boolean }[] = [
  { id: 'overview', icon: LayoutDashboard },
  { id: 'metrics', icon: ChartLine },
  { id: 'tasks', icon: FlaskConical },
  { id: 'strategy', icon: Compass },
  { id: 'context', icon: NotebookPen },
  { id: 'mentor', icon: MessagesSquare },
  { id: 'community', icon: Trophy, premium: true },
  { id: 'referrals', icon: Gift },
];

/** The product-area grid. Card titles are h3: it sits under an h2. */
export function FeatureCards() {
  const { t } = useTranslation('marketing');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURES.map(({ id, icon: Icon, premium }) => (
        <li key={id} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-6 text-card-foreground">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold">{t(`features.items.${id}.title`)}</h3>
            {premium ? (
              <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-muted-foreground">
                {t('features.premiumBadge')}
              </span>
            ) : null}
          </div>
          <p className="text-sm leading-relaxed text-muted-foreground">{t(`features.items.${id}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}
