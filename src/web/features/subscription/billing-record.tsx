import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useInvoices } from './subscription-api.ts';
import type { HistoryEntry, SubscriptionView } from './subscription-calls.ts';
import type { BillingFormat } from './billing-format.ts';
import { ColumnHeaders, DataTable } from '../../components/data-table.tsx';

/** What one change says, in the founder's words. */
function describe(entry: HistoryEntry, t: (key: string, options?: Record<string, unknown>) => string, format: BillingFormat): string {
  const plan = entry.plan ? t(`history.plan.${entry.plan}`) : '';
  const date = entry.periodEnd ? format.date(entry.periodEnd) : '';
  switch (entry.type) {
    case 'upgrade':
    case 'switch-plan':
      return t(`history.event.${entry.type}`, { plan });
    case 'cancel':
      return t(`history.event.${entry.reason ?? 'cancel'}${entry.when === 'now' ? 'Now' : 'Scheduled'}`, { date });
    case 'grant-months':
      return t('history.event.grant-months', { count: entry.months ?? 1 });
    case 'period-ended':
      return entry.status === 'free' ? t('history.event.ended') : t('history.event.renewed', { date });
    case 'provider-sync':
      return entry.status === 'free' ? t('history.event.ended') : t('history.event.synced');
    default:
      return t(`history.event.${entry.type}`);
  }
}

/** The local provider's record: every change, newest first, and who or what made it. */
export function HistorySection({ view, format }: { view: SubscriptionView; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-semibold">
        {t('history.heading')}
      </h2>
      {view.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {view.history.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 text-sm">
              <span>{describe(entry, t, format)}</span>
              <span className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{format.date(entry.at)}</time> · {t(`history.source.${entry.source}`)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const INVOICE_COLUMNS = ['date', 'number', 'amount', 'status'] as const;

/** Stripe's invoices for the founder, each opening Stripe's own page for it. */
export function InvoicesSection({ format }: { format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  const invoices = useInvoices(true);
  return (
    <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <h2 id="invoices-title" className="text-lg font-semibold">
        {t('invoices.heading')}
      </h2>
      <div aria-live="polite">
        {invoices.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : invoices.isError ? (
          <p className="text-sm text-destructive">{t('invoices.loadError')}</p>
        ) : invoices.data.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invoices.empty')}</p>
        ) : (
          <DataTable caption={t('invoices.heading')} head={<ColumnHeaders labels={INVOICE_COLUMNS.map((column) => t(`invoices.columns.${column}`))} />}>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="px-3 py-2">{format.date(invoice.createdAt)}</td>
                <th scope="row" className="px-3 py-2 font-normal">
                  {invoice.url ? (
                    <a href={invoice.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
                      {invoice.number ?? invoice.id}
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">{t('invoices.open', { number: invoice.number ?? invoice.id })}</span>
                    </a>
                  ) : (
                    (invoice.number ?? invoice.id)
                  )}
                </th>
                <td className="px-3 py-2 tabular-nums">{format.cents(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency)}</td>
                <td className="px-3 py-2">{t(`invoices.status.${invoice.status ?? 'draft'}`, { defaultValue: invoice.status ?? '' })}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </section>
  );
}
