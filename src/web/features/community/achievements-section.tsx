import { Award, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGamification } from '../gamification/index.ts';
import { cn } from '../../lib/cn.ts';
import { intlLocale } from '../../lib/format.ts';
import { CommunitySection } from './member-name.tsx';

/** Every achievement with its progress; unlocked ones with their date. The best streak beside the current one. */
export function AchievementsSection() {
  const { t, i18n } = useTranslation(['community', 'gamification']);
  const { data } = useGamification();
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <CommunitySection id="community-achievements" title={t('achievements.title')}>
      {!data ? (
        <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="streaks">
            {t('achievements.streaks', { current: t('achievements.days', { count: data.streak }), best: t('achievements.days', { count: data.longestStreak }) })}
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {data.achievements.map((achievement) => {
              const unlocked = achievement.unlockedAt !== null;
              return (
                <li key={achievement.key} className={cn('flex items-start gap-2 rounded-md border border-border p-3 text-sm', !unlocked && 'text-muted-foreground')}>
                  {unlocked ? <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-highlight" /> : <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
                  <span className="min-w-0">
                    <span className="font-medium">{t(`gamification:achievements.${achievement.key}.name`)}</span>
                    <span className="block text-xs">{t(`gamification:achievements.${achievement.key}.description`)}</span>
                    <span className="block text-xs">
                      {unlocked
                        ? t('achievements.unlockedOn', { date: date.format(new Date(achievement.unlockedAt as string)) })
                        : t('achievements.progress', { progress: achievement.progress, target: achievement.target })}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </CommunitySection>
  );
}
