import { Award, Flame, Star, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGamification } from './api/resources.ts';
import { OverviewCard, SkeletonTiles, cardState } from './card.tsx';

const STATS = [
  { key: 'points', icon: Star },
  { key: 'level', icon: Trophy },
  { key: 'streak', icon: Flame },
  { key: 'badges', icon: Trophy },
] as const;

/** Points, level, streak and the achievements unlocked (GET /api/me/gamification), on the Overview. */
export function AchievementsSummary({ title }: { title?: string }) {
  const { t } = useTranslation(['overview', 'gamification']);
  const gamification = useGamification();
  const data = gamification.data;
  const badges = data?.badges ?? [];
  // A new founder's standing (0 points, no streak, no badge) is not progress to show:
  // the card says how to earn some instead, like the other empty cards.
  const nothingEarnedYet = !data || (data.points === 0 && data.streak === 0 && badges.length === 0);
  return (
    <OverviewCard
      id="achievements"
      title={title ?? t('achievements.title')}
      state={cardState(gamification, nothingEarnedYet)}
      onRetry={() => void gamification.refetch()}
      empty={t('achievements.empty')}
      skeleton={<SkeletonTiles count={STATS.length} className="grid grid-cols-2 gap-3 sm:grid-cols-4" tileClassName="h-[4.5rem]" />}
    >
      {data && !nothingEarnedYet ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {STATS.map(({ key, icon: Icon }) => (
              <div key={key} className="rounded-md bg-muted p-3">
                <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Icon aria-hidden="true" className="size-3.5" />
                  {t(`achievements.${key}`)}
                </dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={`overview-${key}`}>
                  {key === 'streak' ? t('achievements.days', { count: data.streak }) : key === 'badges' ? badges.length : data[key]}
                </dd>
              </div>
            ))}
          </dl>
          {badges.length > 0 ? (
            <>
              <h3 id="overview-unlocked" className="mt-4 text-sm font-medium">
                {t('achievements.unlocked')}
              </h3>
              <ul aria-labelledby="overview-unlocked" className="mt-2 flex flex-wrap gap-2">
                {badges.map((badge) => (
                  <li key={badge.key} className="inline-flex items-center gap-1.5 rounded-full border border-border px-2.5 py-1 text-sm">
                    <Award aria-hidden="true" className="size-4 text-highlight" />
                    {t(`gamification:achievements.${badge.key}.name`)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </OverviewCard>
  );
}
