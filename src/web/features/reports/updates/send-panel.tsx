import { buttonClass } from '../../../components/form/buttons.ts';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_RECIPIENTS, SendInput } from '../../../../core/reports/investor-update.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useInvestorList, useSendUpdate } from './updates-api.ts';

/** E-mail the saved update to the investor list: one address per line (or separated by commas). */
export function SendPanel({ updateId }: { updateId: string }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const saved = useInvestorList();
  // What the founder types, once they type; until then the list they last sent to, from any browser.
  const [typed, setList] = useState<string | null>(null);
  const list = typed ?? (saved.data ?? []).join('\n');
  const [error, setError] = useState<string | null>(null);
  const send = useSendUpdate(updateId);
  const recipients = list.split(/[\n,;]+/).map((address) => address.trim()).filter(Boolean);

  const explain = (issue: { field: string; message: string } | undefined) => {
    if (!issue) return null;
    const index = /^recipients\.(\d+)/.exec(issue.field)?.[1];
    return t(issue.message, { address: index === undefined ? '' : recipients[Number(index)], max: MAX_RECIPIENTS });
  };

  const onSend = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SendInput.safeParse({ recipients });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError(explain({ field: issue.path.join('.'), message: issue.message }));
    }
    setError(null);
    send.mutate(parsed.data.recipients, {
      onSuccess: ({ sent }) => toast.success(t('updates.send.sent', { count: sent })),
      onError: (failure) => {
        const details = failure instanceof ApiError && Array.isArray(failure.details) ? (failure.details as { field: string; message: string }[]) : [];
        if (details[0]) setError(explain(details[0]));
        else showErrorToast(failure, t('updates.send.error'));
      },
    });
  };

  return (
    <form onSubmit={onSend} className="flex flex-col gap-2 rounded-md border border-border p-3">
      <label htmlFor={`${id}-list`} className="font-medium">
        {t('updates.send.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('updates.send.hint', { max: MAX_RECIPIENTS })}
      </p>
      <textarea
        id={`${id}-list`}
        value={list}
        rows={3}
        onChange={(event) => setList(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="w-full rounded-md border border-input bg-background p-3 text-sm"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
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
