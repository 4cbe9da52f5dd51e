import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod, type StartupPhase } from '../../../core/community/community-values.ts';
import { STARTUP_PHASES } from '../../../core/profile/profile-choices.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import { useLeaderboard } from './community-api.ts';
import { cn } from '../../lib/cn.ts';
import { MessageFounderButton } from './chat-channel.tsx';
import { CommunitySection, MemberName } from './member-name.tsx';

/** Shapes of rows behind the blur that tier 1 sees: no one's data, only the look of a board. */
const PREVIEW_ROWS = [980, 860, 740, 610, 550];

/** Tier 2: points this week, month or ever, top 50, the founder's own rank always; tier 1: a blurred preview and the upgrade prompt. */
export function LeaderboardSection({ premium }: { premium: boolean }) {
  const { t } = useTranslation(['community', 'profile']);
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const [phase, setPhase] = useState<StartupPhase | null>(null);
  const board = useLeaderboard(period, phase, premium);
  return (
    <CommunitySection id="community-leaderboard" title={t('leaderboard.title')} intro={t('leaderboard.intro')}>
      {!premium ? (
        <div className="flex flex-col gap-3">
          <ol aria-hidden="true" className="pointer-events-none select-none blur-sm" data-testid="leaderboard-preview">
            {PREVIEW_ROWS.map((points, index) => (
              <li key={points} className="flex justify-between border-b border-border py-2 text-sm">
                <span>{index + 1}. {t('member.pseudonym', { number: 1000 + index })}</span>
                <span>{points}</span>
              </li>
            ))}
          </ol>
          <UpgradePrompt title={t('leaderboard.upgradeTitle')} body={t('leaderboard.upgradeBody')} />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <div role="group" aria-label={t('leaderboard.period')} className="flex gap-1">
              {LEADERBOARD_PERIODS.map((value) => (
                // Not buttonClass: a segmented toggle (aria-pressed), filled on the chosen period.
                <button
                  key={value}
                  type="button"
                  aria-pressed={period === value}
                  onClick={() => setPeriod(value)}
                  className={cn('rounded-md border border-border px-3 py-1.5 text-sm', period === value && 'bg-primary text-primary-foreground')}
                >
                  {t(`leaderboard.periods.${value}`)}
                </button>
              ))}
            </div>
            <label className="flex items-center gap-2 text-sm">
              {t('leaderboard.phase')}
              <select
                value={phase ?? ''}
                onChange={(event) => setPhase(event.target.value === '' ? null : (event.target.value as StartupPhase))}
                className="rounded-md border border-border bg-background px-2 py-1.5"
              >
                <option value="">{t('leaderboard.allPhases')}</option>
                {STARTUP_PHASES.map((value) => (
                  <option key={value} value={value}>
                    {t(`profile:options.phase.${value}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {board.isError ? (
            <p className="mt-3 text-sm text-destructive">{t('error')}</p>
          ) : !board.data ? (
            <p role="status" className="mt-3 text-sm text-muted-foreground">{t('loading')}</p>
          ) : (
            <>
              <p className="mt-3 text-sm font-medium" data-testid="own-rank">
                {board.data.me.rank === null
                  ? t('leaderboard.noRank', { count: board.data.me.points })
                  : t('leaderboard.ownRank', { rank: board.data.me.rank, count: board.data.me.points })}
              </p>
              {board.data.rows.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">{t('leaderboard.empty')}</p>
              ) : (
                <ol className="mt-2 divide-y divide-border" data-testid="leaderboard">
                  {board.data.rows.map((row, index) => (
                    <li key={index} className={cn('flex justify-between gap-3 py-2 text-sm', row.mine && 'font-semibold')}>
                      <span>
                        {row.rank}. <MemberName member={row.member} mine={row.mine} /> <MessageFounderButton contact={row.contact} />
                      </span>
                      <span className="tabular-nums">{t('ledger.points', { count: row.points })}</span>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </>
      )}
    </CommunitySection>
  );
}
