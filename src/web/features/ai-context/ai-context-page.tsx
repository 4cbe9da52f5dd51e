import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Image as ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONTEXT_TYPES, type ContextType } from '../../../core/mentor/mentor-schema.ts';
import { TEXT_MAX } from '../../../core/security/validate.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { gamificationQueryKey } from '../../lib/api/gamification-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { CONTEXT_FILE_ACCEPT, fileErrorKey } from '../../lib/file-reasons.ts';
import { buttonClass } from '../../components/form/buttons.ts';

type ContextFile = { id: string; name: string; mediaType: string; sizeBytes: number; hasText: boolean; textNote: string | null };
type ContextEntry = { id: string; type: ContextType; description: string; origin: string; createdAt: string; files: ContextFile[] };
type SaveResult = { entry: ContextEntry; skipped: { name: string; message: string }[] };

const ENTRIES_KEY = ['ai-context', 'entries'];

/** An entry earns 10 points when added (undone by a delete the same day): both lists change. */
function refreshEntriesAndPoints(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ENTRIES_KEY }), queryClient.invalidateQueries({ queryKey: gamificationQueryKey })]);
}

const isImage = (file: ContextFile) => file.mediaType.startsWith('image/');

/** What the mentor got from a PDF or CSV (the server's note, decision 104). */
function fileTextKey(file: ContextFile) {
  if (file.hasText) return file.textNote === 'truncated' ? 'file.truncated' : 'file.read';
  if (file.textNote === 'timed-out') return 'file.timedOut';
  if (file.textNote === 'unreadable') return 'file.unreadable';
  return 'file.noText';
}

function formatSize(bytes: number, language: string) {
  const number = (n: number) => n.toLocaleString(language, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}


function useSkippedToast() {
  const { t } = useTranslation('aiContext');
  return (skipped: SaveResult['skipped']) => {
    if (skipped.length === 0) return;
    toast.error(t('skipped.title'), {
      description: skipped.map((file) => t('skipped.line', { name: file.name, reason: t(`fileErrors.${fileErrorKey(file.message)}`) })).join('\n'),
    });
  };
}

/** The form for a new entry, and for editing one (where files are added to what it has). */
function EntryForm(props: {
  initial?: ContextEntry;
  submitLabel: string;
  onSubmit: (form: FormData) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('aiContext');
  const ids = { type: useId(), description: useId(), files: useId(), error: useId(), removeHint: useId() };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!form.get('type')) return setError(t('validation.type'));
    if (String(form.get('description') ?? '').trim() === '') return setError(t('validation.description'));
    for (const [name, value] of [...form.entries()]) if (name === 'files' && value instanceof File && value.size === 0 && value.name === '') form.delete('files');
    setError(null);
    setBusy(true);
    try {
      await props.onSubmit(form);
      if (!props.initial) formRef.current?.reset();
    } catch {
      // The caller has told the founder why; the form keeps what they typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={error ? ids.error : undefined}>
      <div>
        <label htmlFor={ids.type} className="text-sm font-medium">
          {t('fields.type')}
        </label>
        <select id={ids.type} name="type" defaultValue={props.initial?.type ?? ''} required className="mt-1 block h-11 w-full rounded-md border border-input bg-background px-3 text-base">
          <option value="" disabled>
            {t('fields.typePlaceholder')}
          </option>
          {CONTEXT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.description} className="text-sm font-medium">
          {t('fields.description')}
        </label>
        <textarea
          id={ids.description}
          name="description"
          required
          rows={4}
          maxLength={TEXT_MAX}
          defaultValue={props.initial?.description}
          placeholder={t('fields.descriptionPlaceholder')}
          className="mt-1 block w-full rounded-md border border-input bg-background p-3 text-base"
        />
      </div>
      {props.initial && props.initial.files.length > 0 && (
        // Checked files are sent as `removeFileIds` with the rest of the form (PATCH /api/context/:id).
        <fieldset aria-describedby={ids.removeHint}>
          <legend className="text-sm font-medium">{t('fields.currentFiles')}</legend>
          <p id={ids.removeHint} className="mt-1 text-xs text-muted-foreground">
            {t('fields.removeHint')}
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {props.initial.files.map((file) => (
              <li key={file.id}>
                <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm has-[:checked]:text-muted-foreground has-[:checked]:line-through">
                  <input type="checkbox" name="removeFileIds" value={file.id} className="size-4 accent-[var(--destructive)]" />
                  {t('removeFile', { name: file.name })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div>
        <label htmlFor={ids.files} className="text-sm font-medium">
          {t(props.initial ? 'fields.addFiles' : 'fields.files')}
        </label>
        <input id={ids.files} name="files" type="file" multiple accept={CONTEXT_FILE_ACCEPT} className="mt-1 block w-full text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-input file:bg-background file:px-3" />
        <p className="mt-1 text-xs text-muted-foreground">{t('fields.filesHint')}</p>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t('saving') : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel} className="h-10 rounded-md border border-input px-4 text-sm hover:bg-muted">
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function EntryCard({ entry }: { entry: ContextEntry }) {
  const { t, i18n } = useTranslation('aiContext');
  const queryClient = useQueryClient();
  const showSkipped = useSkippedToast();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiFetch<null>(`/api/context/${entry.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await refreshEntriesAndPoints(queryClient);
      toast.success(t('toast.deleted'));
    },
    onError: (error) => showErrorToast(error, t('toast.deleteError')),
  });

  if (editing) {
    return (
      <li className="rounded-lg border border-border p-4">
        <EntryForm
          initial={entry}
          submitLabel={t('save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (form) => {
            try {
              const result = await apiFetch<SaveResult>(`/api/context/${entry.id}`, { method: 'PATCH', body: form });
              showSkipped(result.skipped);
              await refreshEntriesAndPoints(queryClient);
              toast.success(t('toast.updated'));
              setEditing(false);
            } catch (error) {
              showErrorToast(error, t('toast.updateError'));
              throw error;
            }
          }}
        />
      </li>
    );
  }

  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-primary uppercase">{t(`types.${entry.type}`)}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {new Date(entry.createdAt).toLocaleDateString(i18n.language)}
            {entry.origin === 'conversation' && ` · ${t('fromConversation')}`}
          </p>
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={t('edit')}
            className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('confirmDelete'))) remove.mutate();
            }}
            aria-label={t('delete')}
            className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap">{entry.description}</p>
      {entry.files.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1" aria-label={t('filesLabel')}>
          {entry.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
              {isImage(file) ? <ImageIcon aria-hidden="true" className="size-4 text-muted-foreground" /> : <FileText aria-hidden="true" className="size-4 text-muted-foreground" />}
              <a href={`/api/context/${entry.id}/files/${file.id}`} className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline">
                {file.name}
                <Download aria-hidden="true" className="size-3.5" />
              </a>
              <span className="text-xs text-muted-foreground">
                {formatSize(file.sizeBytes, i18n.language)}
                {!isImage(file) && ` · ${t(fileTextKey(file))}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function AiContextPage() {
  const { t } = useTranslation('aiContext');
  const queryClient = useQueryClient();
  const showSkipped = useSkippedToast();
  const entries = useQuery({
    queryKey: ENTRIES_KEY,
    queryFn: async () => (await apiFetch<{ entries: ContextEntry[] }>('/api/context')).entries,
  });

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
              const result = await apiFetch<SaveResult>('/api/context', { method: 'POST', body: form });
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
