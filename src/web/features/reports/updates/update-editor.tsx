import { buttonClass } from '../../../components/form/buttons.ts';
import { Copy, FileDown, Link2, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SECTION_KEYS, updateMarkdown, type Sections } from '../../../../core/reports/investor-update.ts';
import { periodLabel, startupInitial, weekKeyOf } from '../../../../core/reports/period-label.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { formatDay } from '../../../../core/metrics/week-label.ts';
import { SecondaryButton } from '../../../components/form/form-parts.tsx';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { METRIC_UNITS, metricFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { PolishPanel } from './polish-panel.tsx';
import { SendPanel } from './send-panel.tsx';
import { ShareLinks } from './share-links.tsx';
import { type InvestorUpdate, pdfUrl, useRevokeShares, useSaveUpdate, useShareUpdate } from './updates-api.ts';

/** One update: its KPIs, every section editable, then save (a new version), copy, PDF and share. */
export function UpdateEditor({ update, numbers }: { update: InvestorUpdate; numbers: NumberStyle }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const [sections, setSections] = useState<Sections>(update.sections);
  const [share, setShare] = useState<{ url: string; expiresAt: string } | null>(null);
  const save = useSaveUpdate(update.id);
  const shareLink = useShareUpdate(update.id);
  const revoke = useRevokeShares(update.id);
  const edited = SECTION_KEYS.some((key) => sections[key] !== update.sections[key]);
  const noData = update.kpis.every((kpi) => kpi.value === null);
  const heading = { startupName: update.startupName, period: { fromWeek: weekKeyOf(update.fromWeek), toWeek: weekKeyOf(update.toWeek) } };
  const initial = startupInitial(update.startupName);

  const onSave = () =>
    save.mutate(sections, {
      onSuccess: (saved) => toast.success(t('updates.saved', { version: saved.version })),
      onError: (error) => showErrorToast(error, t('updates.saveError')),
    });
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(updateMarkdown(sections, update.language, heading));
      toast.success(t('updates.copied'));
    } catch (error) {
      showErrorToast(error, t('updates.copyError'));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          {initial && (
            <span role="img" aria-label={t('updates.logo', { name: update.startupName })} className="inline-flex size-10 flex-none items-center justify-center rounded-lg bg-primary text-lg font-bold text-primary-foreground">
              {initial}
            </span>
          )}
          <div className="min-w-0">
            {update.startupName && <p className="truncate text-sm text-muted-foreground" data-testid="startup-name">{update.startupName}</p>}
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {t('updates.editorTitle', { period: periodLabel(heading.period, currentLanguage()) })}
            </h2>
          </div>
        </div>
        <p className="text-sm text-muted-foreground" data-testid="version">
          {t('updates.version', { version: update.version })}
        </p>
      </div>
      {noData && (
        <p role="status" className="rounded-md border border-highlight/50 bg-highlight/10 p-3 text-sm">
          {t('updates.noData')}
        </p>
      )}

      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('updates.kpiCaption')}>
        <table className="w-full text-sm">
          <caption className="sr-only">{t('updates.kpiCaption')}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 pr-3 font-medium">{t('updates.kpiColumns.metric')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('updates.kpiColumns.value')}</th>
              <th scope="col" className="py-1 pr-3 font-medium">{t('updates.kpiColumns.previous')}</th>
              <th scope="col" className="py-1 font-medium">{t('updates.kpiColumns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {update.kpis.map((kpi) => {
              const format = metricFormatter(METRIC_UNITS[kpi.key], numbers);
              return (
                <tr key={kpi.key} className="border-t border-border">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">{t(`updates.kpis.${kpi.key}`)}</th>
                  <td className="py-1 pr-3">{kpi.value === null ? t('updates.noValue') : format(kpi.value)}</td>
                  <td className="py-1 pr-3">{kpi.previous === null ? t('updates.noValue') : format(kpi.previous)}</td>
                  <td className="py-1">
                    {kpi.needsWeeks ? (
                      <span className="text-muted-foreground">{t('updates.status.tooLittleHistory', { count: kpi.needsWeeks })}</span>
                    ) : kpi.status ? (
                      t(`updates.status.${kpi.status}`)
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {SECTION_KEYS.map((key) => (
        <div key={key} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${key}`} className="font-medium">
            {t(`updates.sections.${key}`)}
          </label>
          <textarea
            id={`${id}-${key}`}
            value={sections[key]}
            placeholder={key === 'asks' ? t('updates.asksPlaceholder') : undefined}
            rows={Math.min(14, Math.max(3, sections[key].split('\n').length + 1))}
            maxLength={10_000}
            onChange={(event) => setSections({ ...sections, [key]: event.target.value })}
            className="w-full rounded-md border border-input bg-background p-3 font-mono text-sm"
          />
        </div>
      ))}

      <div id="update-actions" className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onSave}
          disabled={!edited || save.isPending}
          aria-busy={save.isPending || undefined}
          className={buttonClass.primary}
        >
          <Save aria-hidden="true" className="size-4" />
          {t('updates.save')}
        </button>
        <SecondaryButton onClick={() => void onCopy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('updates.copy')}
        </SecondaryButton>
        <a href={pdfUrl(update.id)} download className="inline-flex h-11 items-center gap-2 rounded-md border border-input bg-background px-4 font-medium hover:bg-muted">
          <FileDown aria-hidden="true" className="size-4" />
          {t('updates.pdf')}
        </a>
        <SecondaryButton
          disabled={shareLink.isPending}
          onClick={() => shareLink.mutate(undefined, { onSuccess: setShare, onError: (error) => showErrorToast(error, t('updates.shareError')) })}
        >
          <Link2 aria-hidden="true" className="size-4" />
          {t('updates.share')}
        </SecondaryButton>
      </div>
      {edited && <p className="text-sm text-muted-foreground">{t('updates.unsaved')}</p>}

      <PolishPanel update={update} edited={edited} />

      {!noData && <SendPanel updateId={update.id} />}

      <ShareLinks updateId={update.id} />

      {share && (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
          <p>{t('updates.shareReady', { date: formatDay(new Date(share.expiresAt), currentLanguage()) })}</p>
          <input readOnly value={share.url} aria-label={t('updates.shareUrl')} className="h-11 w-full rounded-md border border-input bg-background px-3 font-mono text-sm" onFocus={(event) => event.target.select()} />
          <SecondaryButton
            className="self-start"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setShare(null);
                  toast.success(t('updates.revoked'));
                },
                onError: (error) => showErrorToast(error, t('updates.revokeError')),
              })
            }
          >
            {t('updates.revoke')}
          </SecondaryButton>
        </div>
      )}
    </section>
  );
}
