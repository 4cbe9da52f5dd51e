import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showErrorToast } from '../../lib/error-toast.ts';
import { createEntry, refreshEntriesAndPoints, useContextEntries } from './context-entries-api.ts';
import { EntryCard } from './entry-card.tsx';
import { EntryForm } from './entry-form.tsx';
import { useSkippedToast } from './use-skipped-toast.ts';

/** What the mentor knows beyond the numbers: the founder's notes and files, added, edited and removed here. */
export function AiContextPage() {
  const { t } = useTranslation('aiContext');
  const queryClient = useQueryClient();
  const showSkipped = useSkippedToast();
  const entries = useContextEntries();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      </header>
      <section aria-labelledby="new-entry" className="rounded-lg border border-border bg-card p-4 sm:p-6">
        <h2 id="new-entry" className="mb-4 text-lg font-semibold">
          {t('newEntry')}
        </h2>
        <EntryForm
          submitLabel={t('add')}
          onSubmit={async (form) => {
            try {
              const result = await createEntry(form);
              showSkipped(result.skipped);
              await refreshEntriesAndPoints(queryClient);
              toast.success(t('toast.saved'));
            } catch (error) {
              showErrorToast(error, t('toast.saveError'));
              throw error;
            }
          }}
        />
      </section>
      <section aria-labelledby="entries-title" aria-busy={entries.isPending}>
        <h2 id="entries-title" className="mb-4 text-lg font-semibold">
          {t('entries')}
        </h2>
        {entries.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : entries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('loadError')}
          </p>
        ) : entries.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {entries.data.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
