import { Flame, Star, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGamification } from './api/resources.ts';
import { OverviewCard, cardState } from './card.tsx';

const STATS = [
  { key: 'points', icon: Star },
  { key: 'level', icon: Trophy },
  { key: 'streak', icon: Flame },
  { key: 'badges', icon: Trophy },
] as const;

/** Points, level, streak and badges (GET /api/me/gamification); shown on the Overview and the profile. */
export function AchievementsSummary({ title }: { title?: string }) {
  const { t } = useTranslation('overview');
  const gamification = useGamification();
  const data = gamification.data;
  const badges = Array.isArray(data?.badges) ? data.badges.length : 0;
  // A new founder's standing (0 points, no streak, no badge) is not progress to show:
  // the card says how to earn some instead, like the other empty cards.
  const nothingEarnedYet = !data || (data.points === 0 && data.streak === 0 && badges === 0);
  return (
    <OverviewCard
      id="achievements"
      title={title ?? t('achievements.title')}
      state={cardState(gamification, nothingEarnedYet)}
      onRetry={() => void gamification.refetch()}
      empty={t('achievements.empty')}
    >
      {data && !nothingEarnedYet ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {STATS.map(({ key, icon: Icon }) => (
            <div key={key} className="rounded-md bg-muted p-3">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Icon aria-hidden="true" className="size-3.5" />
                {t(`achievements.${key}`)}
              </dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">
                {key === 'streak' ? t('achievements.days', { count: data.streak }) : key === 'badges' ? badges : data[key]}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </OverviewCard>
  );
}
