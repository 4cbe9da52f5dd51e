import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/form/buttons.ts';
import { Modal } from '../../../components/modal.tsx';
import { api } from '../../../lib/api-routes.ts';
import { intlLocale } from '../../../lib/format.ts';
import type { AccountRef } from './users-api.ts';
import { ColumnHeaders, DataTable } from '../../../components/data-table.tsx';

/** A founder's subscription and its whole history, for an admin to read (changing it is the founder's). */
export function SubscriptionButton({ user }: { user: AccountRef }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass.secondary} aria-label={t('usersSection.subscription.openLabel', { email: user.email })} onClick={() => setOpen(true)}>
        <CreditCard aria-hidden="true" className="size-4" />
        {t('usersSection.subscription.open')}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('usersSection.subscription.title', { email: user.email })} description={t('usersSection.subscription.body')}>
        {open ? <SubscriptionDetails userId={user.id} /> : null}
      </Modal>
    </>
  );
}

const HISTORY_COLUMNS = ['date', 'change', 'source', 'result'] as const;

/** The state an entry led to, with a scheduled end told apart. */
const stateKey = (entry: { status: string; cancelAtPeriodEnd: boolean }) => (entry.cancelAtPeriodEnd ? 'ending' : entry.status);

/** The subscription's facts and history table; in the users list's dialog and on the user page. */
export function SubscriptionDetails({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'usersSection.subscription' });
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('none'));
  const query = useQuery({
    queryKey: ['admin', 'users', userId, 'subscription'],
    queryFn: () => api('GET /api/admin/users/:userId/subscription', { params: { userId } }),
  });
  if (query.isPending) return <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  if (query.isError) return <p className="text-sm text-destructive">{t('loadError')}</p>;
  const { subscription: view, events } = query.data;
  const facts: [string, string][] = [
    [t('plan'), view.phase === 'premium' ? t(`plans.${view.plan ?? 'granted'}`) : t(`phase.${view.phase}`)],
    [t('status'), t(`states.${stateKey(view)}`)],
    [t('periodEnd'), date(view.periodEnd)],
    [t('trialDaysLeft'), String(view.trialDaysLeft)],
    [t('provider'), t(`providers.${view.provider}`)],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby={`history-${userId}`}>
        <h3 id={`history-${userId}`} className="font-medium">
          {t('history')}
        </h3>
        {events.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <DataTable caption={t('history')} className="mt-2" head={<ColumnHeaders labels={HISTORY_COLUMNS.map((column) => t(`columns.${column}`))} />}>
            {events.map((entry) => (
              <tr key={entry.id} className="border-t border-border">
                <td className="px-3 py-2 whitespace-nowrap">{date(entry.at)}</td>
                <th scope="row" className="px-3 py-2 font-normal">
                  {t(`types.${entry.reason ?? entry.type}`)}
                  {entry.plan ? ` · ${t(`plans.${entry.plan}`)}` : ''}
                  {entry.when ? ` · ${t(`when.${entry.when}`)}` : ''}
                </th>
                <td className="px-3 py-2">{t(`sources.${entry.source}`)}</td>
                <td className="px-3 py-2">
                  {t(`states.${stateKey(entry)}`)}
                  {entry.periodEnd ? ` · ${date(entry.periodEnd)}` : ''}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
