import { useTranslation } from 'react-i18next';
import { VisibilitySetting } from './visibility-setting.tsx';
import { ProgressCard, useGamification } from '../gamification/index.ts';
import { useCommunitySettings } from './community-api.ts';
import { AchievementsSection } from './achievements-section.tsx';
import { ChatChannelProvider } from './chat-channel.tsx';
import { ChatSection } from './chat-section.tsx';
import { ComparisonsSection } from './comparisons-section.tsx';
import { FeedSection } from './feed-section.tsx';
import { LeaderboardSection } from './leaderboard-section.tsx';
import { LedgerSection } from './ledger-section.tsx';
import { CommunitySection } from './member-name.tsx';

/** /community (and /achievements): the founder's progress, their ledger, the milestones feed, leaderboards and comparisons. */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const settings = useCommunitySettings();
  const premium = settings.data?.premium ?? false;
  const gamification = useGamification();
  return (
    <ChatChannelProvider>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <header>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('intro')}</p>
        </header>
        <ProgressCard />
        {/* What comes below waits for the settings and the achievements: drawn first, the visibility
            setting, the feed and the ledger would be pushed down a screen or more when the achievements,
            the leaderboard, comparisons and chat arrive above them. */}
        {settings.isPending || gamification.isPending ? null : (
          <>
            <AchievementsSection />
            <CommunitySection id="community-visibility" title={t('visibility.title')}>
              <VisibilitySetting />
            </CommunitySection>
            {settings.data ? (
              <>
                <LeaderboardSection premium={premium} />
                <ComparisonsSection premium={premium} />
                <ChatSection premium={premium} />
              </>
            ) : null}
            <FeedSection />
            <LedgerSection />
          </>
        )}
      </div>
    </ChatChannelProvider>
  );
}
