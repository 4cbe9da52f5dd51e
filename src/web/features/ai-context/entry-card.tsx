import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Image as ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showErrorToast } from '../../lib/error-toast.ts';
import { type ContextEntry, type ContextFile, deleteEntry, fileDownloadUrl, refreshEntriesAndPoints, updateEntry } from './context-entries-api.ts';
import { EntryForm } from './entry-form.tsx';
import { useSkippedToast } from './use-skipped-toast.ts';

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

/** One entry: its type, date, text and files, with edit (in place) and delete. */
export function EntryCard({ entry }: { entry: ContextEntry }) {
  const { t, i18n } = useTranslation('aiContext');
  const queryClient = useQueryClient();
  const showSkipped = useSkippedToast();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteEntry(entry.id),
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
              const result = await updateEntry(entry.id, form);
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
            className={buttonClass.icon}
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
            className={cn(buttonClass.icon, 'hover:text-destructive')}
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
              <a href={fileDownloadUrl(entry.id, file.id)} className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline">
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
