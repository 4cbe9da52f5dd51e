import { buttonClass } from '../../components/form/buttons.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedPage } from './community-api.ts';
import { intlLocale } from '../../lib/format.ts';
import { MessageFounderButton } from './chat-channel.tsx';
import { CommunitySection, MemberName } from './member-name.tsx';

/** Milestones of founders who are not hidden, newest first, as each one's visibility allows. */
export function FeedSection() {
  const { t, i18n } = useTranslation(['community', 'gamification']);
  const [page, setPage] = useState(1);
  const feed = useFeedPage(page);
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <CommunitySection id="community-feed" title={t('feed.title')} intro={t('feed.intro')}>
      {feed.isError ? (
        <p className="text-sm text-destructive">{t('error')}</p>
      ) : !feed.data ? (
        <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : feed.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('feed.empty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border" data-testid="feed">
            {feed.data.items.map((item) => (
              <li key={`${item.at}-${item.achievement}-${JSON.stringify(item.member)}`} className="py-2 text-sm">
                <MemberName member={item.member} mine={item.mine} />{' '}
                {t('feed.unlocked', { achievement: t(`gamification:achievements.${item.achievement}.name`) })}
                <span className="block text-xs text-muted-foreground">{date.format(new Date(item.at))}</span>
                <MessageFounderButton contact={item.contact} />
              </li>
            ))}
          </ul>
          <nav aria-label={t('feed.pages')} className="mt-3 flex justify-between text-sm">
            <button type="button" className={buttonClass.compact} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('newer')}
            </button>
            <button type="button" className={buttonClass.compact} disabled={!feed.data.hasMore} onClick={() => setPage(page + 1)}>
              {t('older')}
            </button>
          </nav>
        </>
      )}
    </CommunitySection>
  );
}
