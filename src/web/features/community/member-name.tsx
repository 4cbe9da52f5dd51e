import { useTranslation } from 'react-i18next';
import type { CommunityMember } from '../../../core/community/community-values.ts';

/** A founder as their visibility allows: name and startup, or their pseudonym; 'you' for oneself. */
export function MemberName({ member, mine }: { member: CommunityMember; mine: boolean }) {
  const { t } = useTranslation('community');
  const label =
    member.kind === 'public'
      ? member.startupName
        ? t('member.publicWithStartup', { name: member.name, startup: member.startupName })
        : member.name
      : t('member.pseudonym', { number: member.pseudonym });
  return (
    <span>
      {label}
      {mine ? <span className="ml-1 text-xs text-muted-foreground">{t('member.you')}</span> : null}
    </span>
  );
}

/** A card of the community page: a titled section. */
export function CommunitySection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
