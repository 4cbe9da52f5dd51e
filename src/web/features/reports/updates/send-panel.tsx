import { buttonClass } from '../../../components/form/buttons.ts';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_RECIPIENTS, SendInput } from '../../../../core/reports/investor-update.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useInvestorList, useSendUpdate } from './updates-api.ts';

/** E-mail the saved update to the investor list: one address per line (or separated by commas). */
export function SendPanel({ updateId }: { updateId: string }) {
  const { t } = useTranslation('reports');
  const saved = useInvestorList();
  const send = useSendUpdate(updateId);
  // What the founder types, once they type; until then the list they last sent to, from any browser.
  const form = useSchemaForm(SendInput, { list: null as string | null }, {
    toInput: ({ list }) => ({ recipients: recipientsOf(list) }),
    // Every problem with an address is shown under the list, naming the address.
    fieldOf: (path) => (path.startsWith('recipients') ? 'list' : null),
    translate: ({ path, message }, { list }) => {
      const index = /^recipients\.(\d+)/.exec(path)?.[1];
      return t(message, { address: index === undefined ? '' : recipientsOf(list)[Number(index)], max: MAX_RECIPIENTS });
    },
    onSubmit: async (input) => {
      const { sent } = await send.mutateAsync(input.recipients);
      toast.success(t('updates.send.sent', { count: sent }));
    },
    onError: (failure, onFields) => onFields || showErrorToast(failure, t('updates.send.error')),
  });
  const list = form.values.list ?? (saved.data ?? []).join('\n');
  function recipientsOf(typed: string | null) {
    return (typed ?? (saved.data ?? []).join('\n')).split(/[\n,;]+/).map((address) => address.trim()).filter(Boolean);
  }
  const hint = `${form.id('list')}-hint`;

  return (
    <form onSubmit={form.handleSubmit} className="flex flex-col gap-2 rounded-md border border-border p-3">
      <label htmlFor={form.id('list')} className="font-medium">
        {t('updates.send.label')}
      </label>
      <p id={hint} className="text-sm text-muted-foreground">
        {t('updates.send.hint', { max: MAX_RECIPIENTS })}
      </p>
      <textarea {...form.field('list', [hint])} value={list} rows={3} className="w-full rounded-md border border-input bg-background p-3 text-sm" />
      {form.errors.list && (
        <p id={form.errorId('list')} className="text-sm text-destructive">
          {form.errors.list}
        </p>
      )}
      <button
        type="submit"
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
        className={buttonClass.secondary}
      >
        <Send aria-hidden="true" className="size-4" />
        {t('updates.send.submit')}
      </button>
    </form>
  );
}
