import { buttonClass } from '../../components/form/buttons.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLedgerPage } from './community-api.ts';
import { intlLocale } from '../../lib/format.ts';
import { CommunitySection } from './member-name.tsx';

/** What earned what, and when: the founder's ledger, a page at a time. */
export function LedgerSection() {
  const { t, i18n } = useTranslation('community');
  const [page, setPage] = useState(1);
  const ledger = useLedgerPage(page);
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const pages = ledger.data ? Math.max(1, Math.ceil(ledger.data.total / ledger.data.pageSize)) : 1;
  return (
    <CommunitySection id="community-ledger" title={t('ledger.title')} intro={t('ledger.intro')}>
      {ledger.isError ? (
        <p className="text-sm text-destructive">{t('error')}</p>
      ) : !ledger.data ? (
        <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : ledger.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">{t('ledger.empty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border" data-testid="ledger">
            {ledger.data.rows.map((row) => (
              <li key={row.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                <span className={row.revokedAt ? 'text-muted-foreground line-through' : undefined}>
                  {t(`ledger.events.${row.event}`)}
                  <span className="block text-xs text-muted-foreground">{date.format(new Date(row.createdAt))}</span>
                </span>
                <span className="font-medium tabular-nums">
                  {row.revokedAt ? t('ledger.undone') : t('ledger.points', { count: row.points })}
                </span>
              </li>
            ))}
          </ul>
          <nav aria-label={t('ledger.pages')} className="mt-3 flex items-center justify-between text-sm">
            <button type="button" className={buttonClass.compact} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </button>
            <span>{t('pageOf', { page, pages })}</span>
            <button type="button" className={buttonClass.compact} disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('next')}
            </button>
          </nav>
        </>
      )}
    </CommunitySection>
  );
}
