import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fileErrorKey } from '../../lib/file-reasons.ts';
import type { SavedEntry } from './context-entries-api.ts';

/** One toast that names every file the server refused and why; the rest of the entry was saved. */
export function useSkippedToast() {
  const { t } = useTranslation('aiContext');
  return (skipped: SavedEntry['skipped']) => {
    if (skipped.length === 0) return;
    toast.error(t('skipped.title'), {
      description: skipped.map((file) => t('skipped.line', { name: file.name, reason: t(`fileErrors.${fileErrorKey(file.message)}`) })).join('\n'),
    });
  };
}
