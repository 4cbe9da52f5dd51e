import { Award, Flame, Lock, type LucideIcon, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { useGamification } from './gamification-api.ts';
import { intlLocale } from '../../lib/format.ts';

function Stat({ icon: Icon, label, testId, children }: { icon: LucideIcon; label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center justify-center gap-1 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Points, level (with progress to the next), streak, and optionally every achievement
 * with its progress (folded). Meant for the profile and Overview too.
 */
export function ProgressCard({ showAchievements = false }: { showAchievements?: boolean }) {
  const { t, i18n } = useTranslation('gamification');
  const { data, isPending, isError } = useGamification();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));

  if (isPending) {
    // As tall as the card it stands for (border, padding, the figures, the bar and its line,
    // and the folded achievements' summary), so nothing below moves when the card arrives.
    return (
      <div
        role="status"
        className={cn('animate-pulse rounded-lg border border-border bg-muted', showAchievements ? 'h-[154px]' : 'h-[122px]')}
        aria-busy="true"
        aria-label={t('loading')}
      />
    );
  }
  if (isError) return <p className="rounded-lg border border-border p-4 text-sm text-muted-foreground">{t('error')}</p>;

  const levelPercent = data.pointsIntoLevel;
  return (
    <section aria-labelledby="progress-title" className="rounded-lg border border-border bg-card p-4 text-card-foreground">
      <h2 id="progress-title" className="sr-only">
        {t('title')}
      </h2>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <Stat icon={Star} label={t('points')} testId="points-total">
          {number.format(data.points)}
        </Stat>
        <Stat icon={Award} label={t('level')} testId="level">
          {number.format(data.level)}
        </Stat>
        <Stat icon={Flame} label={t('streak')}>
          {t('days', { count: data.streak })}
        </Stat>
      </dl>
      <div className="mt-3">
        <div
          role="progressbar"
          aria-label={t('nextLevel', { count: data.pointsToNextLevel, level: data.level + 1 })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={levelPercent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${levelPercent}%` }} />
        </div>
        <p className="mt-1 text-xs text-muted-foreground">{t('nextLevel', { count: data.pointsToNextLevel, level: data.level + 1 })}</p>
      </div>
      {showAchievements && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">
            {t('achievementsSummary', { unlocked: data.badges.length, total: data.achievements.length })}
          </summary>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t('achievementsLabel')}>
            {data.achievements.map((achievement) => {
              const unlocked = achievement.unlockedAt !== null;
              return (
                <li
                  key={achievement.key}
                  className={cn('flex items-start gap-2 rounded-md border border-border p-2 text-sm', !unlocked && 'text-muted-foreground')}
                >
                  {unlocked ? (
                    <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-highlight" />
                  ) : (
                    <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  )}
                  <span>
                    <span className="font-medium">{t(`achievements.${achievement.key}.name`)}</span>
                    <span className="sr-only">{unlocked ? t('unlocked') : t('locked')}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t(`achievements.${achievement.key}.description`)} ·{' '}
                      {t('progress', { progress: achievement.progress, target: achievement.target })}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </section>
  );
}

/** The frame of a page that shows the founder's progress: title, intro, points card, content. */
export function PageWithProgress({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 id={id} className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{intro}</p>
      </header>
      <ProgressCard showAchievements />
      {children}
    </section>
  );
}
