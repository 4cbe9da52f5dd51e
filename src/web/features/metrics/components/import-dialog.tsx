import { buttonClass } from '../../../components/form/buttons.ts';
import { Download, Upload } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type CsvRowError, type CsvTable, csvTemplate, type DecodedFile, decodeCsvBytes, type ImportPlan, importTable, parseWeeksCsv, readCsvTable, suggestImport, weeksToCsv } from '../../../../core/metrics/csv.ts';
import { latestRecordableWeek } from '../../../../core/metrics/editing-window.ts';
import { formatWeek } from '../../../../core/metrics/iso-week.ts';
import { LANGUAGES } from '../../../../core/i18n/language.ts';
import type { WeekInputField } from '../../../../core/metrics/week-record.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { importRowErrors, useImportCsv } from '../metrics-api.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { ImportMapping } from './import-mapping.tsx';
import { WeeksPreview } from './weeks-preview.tsx';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';

/** The server refuses request bodies over 1 MB; ten years of weeks take about 80 KB. */
const MAX_FILE_BYTES = 1024 * 1024;
const PREVIEW_ROWS = 8;
const PREVIEW_FIELDS = ['weeklyRevenue', 'startingCustomers', 'cashBalance'] as const satisfies readonly WeekInputField[];

type Props = { open: boolean; onOpenChange: (open: boolean) => void; numbers: NumberStyle };

/** The template to fill in, in each language, as a link's download. */
const templateHref = (language: (typeof LANGUAGES)[number]) => `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate(language))}`;

/**
 * Pick a CSV (any columns, either language, weeks or months; decision 117), check how its
 * columns are read, see the weeks it holds (or every bad row), then import it all at once.
 */
export function ImportDialog({ open, onOpenChange, numbers }: Props) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const id = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<{ decoded: DecodedFile; table: CsvTable | null } | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<CsvRowError[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const importCsv = useImportCsv();
  const parsed = useMemo(() => {
    if (!file) return null;
    // A file with no line of content: the reader's own 'empty file' answer.
    if (!file.table || !plan) return parseWeeksCsv('');
    return importTable(file.table, { notAfter: latestRecordableWeek(new Date()), plan });
  }, [file, plan]);

  function reset() {
    setFileName(null);
    setFile(null);
    setPlan(null);
    setFileError(null);
    setServerErrors([]);
    setProgress(null);
  }

  async function onFile(chosen: File | undefined) {
    reset();
    if (!chosen) return;
    setFileName(chosen.name);
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError('import.fileTooLarge');
      return;
    }
    const decoded = decodeCsvBytes(new Uint8Array(await chosen.arrayBuffer()));
    const table = readCsvTable(decoded.text);
    const suggested = table ? suggestImport(table, currentLanguage()) : null;
    setFile({ decoded, table });
    setPlan(suggested);
    const result = table && suggested ? importTable(table, { notAfter: latestRecordableWeek(new Date()), plan: suggested }) : null;
    if (!result || result.errors.length > 0) toast.error(t('import.error'), { description: t('import.rowErrors', { count: result?.errors.length ?? 1 }) });
  }

  function changePlan(next: ImportPlan) {
    setServerErrors([]);
    setPlan(next);
  }

  async function onImport() {
    if (!parsed || parsed.records.length === 0) return;
    const lines = parsed.lines;
    setServerErrors([]);
    setProgress(0);
    try {
      // The weeks as read here, in Rumbo's own format: the server checks every one again.
      const { imported } = await importCsv.mutateAsync({ text: weeksToCsv(parsed.records), onProgress: setProgress });
      toast.success(t('import.done', { count: imported }));
      reset();
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      // The server names rows of the file it was sent: name the founder's lines instead.
      setServerErrors(importRowErrors(error).map((rowError) => ({ ...rowError, row: lines[rowError.row - 2] ?? rowError.row })));
      toast.error(t('import.error'), { description: errorMessage(error) });
    }
  }

  const errors = serverErrors.length > 0 ? serverErrors : (parsed?.errors ?? []);
  const records = parsed?.records ?? [];
  const canImport = parsed !== null && parsed.errors.length === 0 && records.length > 0 && !importCsv.isPending;
  const zeroed = parsed?.zeroed ?? [];

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(94vw,46rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">{t('import.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t('import.description')}</Dialog.Description>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {LANGUAGES.map((language) => (
              <a key={language} href={templateHref(language)} download={`rumbo-template-${language}.csv`} className="inline-flex items-center gap-1.5 underline underline-offset-4">
                <Download aria-hidden="true" className="size-4" />
                {t(`import.template.${language}`)}
              </a>
            ))}
          </p>

          <label htmlFor={`${id}-file`} className="mt-4 flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-border p-6 text-center hover:bg-muted">
            <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
            <span className="font-medium">{fileName ?? t('import.choose')}</span>
            <span className="text-xs text-muted-foreground">{t('import.formats')}</span>
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="sr-only"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />

          <div aria-live="polite" className="mt-4 space-y-3">
            {fileError && <p className="text-sm text-destructive">{t(fileError)}</p>}
            {file?.decoded.encoding === 'windows-1252' && <p className="text-xs text-muted-foreground">{t('import.latin1')}</p>}
            {file?.table && plan && <ImportMapping table={file.table} plan={plan} onChange={changePlan} locale={numbers.locale} />}
            {parsed && errors.length === 0 && records.length > 0 && (
              <div>
                <p className="text-sm font-medium">
                  {t('import.preview', {
                    count: records.length,
                    first: formatWeek(records[0]!),
                    last: formatWeek(records.at(-1)!),
                  })}
                </p>
                {parsed.delimiter !== ',' && (
                  <p className="text-xs text-muted-foreground">{t(parsed.decimalComma ? 'import.spanishFormat' : 'import.pointFormat')}</p>
                )}
                <div className="mt-2 overflow-x-auto">
                  <WeeksPreview weeks={records.slice(-PREVIEW_ROWS).reverse()} fields={PREVIEW_FIELDS} numbers={numbers} caption={t('import.previewCaption')} />
                </div>
                {zeroed.length > 0 && (
                  <p className="mt-2 text-xs text-muted-foreground">{t('import.zeroed', { fields: zeroed.map((field) => t(`fields.${field}`)).join(', ') })}</p>
                )}
                <p className="mt-2 text-xs text-muted-foreground">{t('import.replaces')}</p>
              </div>
            )}
            {parsed && records.length === 0 && errors.length === 0 && <p className="text-sm text-muted-foreground">{t('import.noRows')}</p>}
            {errors.length > 0 && (
              <div role="alert" className="rounded-lg border border-destructive/40 p-3">
                <p className="text-sm font-medium text-destructive">{t('import.rowErrors', { count: errors.length })}</p>
                <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm">
                  {errors.map((error, index) => (
                    <li key={`${error.row}-${error.field ?? ''}-${index}`}>
                      {t('import.rowError', {
                        row: error.row,
                        field: error.field ? t(`fields.${error.field}`, { defaultValue: error.field }) : t('import.file'),
                        reason: t(error.message),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {progress !== null && (
              <div>
                <p id={`${id}-progress`} className="text-sm">{t('import.uploading')}</p>
                <div
                  role="progressbar"
                  aria-labelledby={`${id}-progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="mt-1 h-2 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
                </div>
              </div>
            )}
          </div>

          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className="rounded-md border border-border px-4 py-2">{t('history.cancel')}</Dialog.Close>
            <button
              type="button"
              onClick={onImport}
              disabled={!canImport}
              className={buttonClass.primary}
            >
              {t(importCsv.isPending ? 'import.importing' : 'import.submit', { count: records.length })}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
