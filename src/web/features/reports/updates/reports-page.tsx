import { DECIMAL_POINT } from '../../../../core/numbers/convention.ts';
import { readField } from '../../../../core/numbers/read-number.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PERIOD_WEEKS } from '../../../../core/reports/investor-update.ts';
import { periodLabel, weekKeyOf } from '../../../../core/reports/period-label.ts';
import { formatDay } from '../../../../core/metrics/week-label.ts';
import { PREMIUM_TIER } from '../../../../core/subscription/trial.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../../lib/auth-client.ts';
import { useMe } from '../../../lib/get-me.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { numberStyleOf } from '../../../lib/number-style.ts';
import { UpgradePrompt } from '../../subscription/index.ts';
import { lastWeeks, periodChoices, type PeriodChoice } from './periods.ts';
import { UpdateEditor } from './update-editor.tsx';
import { useDraftUpdate, useUpdate, useUpdates } from './updates-api.ts';

const CUSTOM = 'weeks';

/** /reports: pick a period, draft the investor update from the founder's records, edit, export and share it (docs/reports.md). */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const userId = useSession().data?.user.id;
  const me = useMe(userId);
  const premium = (me.data?.effectiveUserTier ?? 1) >= PREMIUM_TIER;
  const updates = useUpdates(premium);
  const [now] = useState(() => new Date());
  const choices = periodChoices(now);
  const [choice, setChoice] = useState(choices[1]!.id);
  const [weeks, setWeeks] = useState('4');
  const [openId, setOpenId] = useState<string | null>(null);
  const draft = useDraftUpdate();
  const update = useUpdate(openId);
  const locale = intlLocale(currentLanguage());

  const label = (period: PeriodChoice) =>
    period.label.key === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(period.label.date)
      : t('updates.quarter', { quarter: period.label.quarter, year: period.label.date.getUTCFullYear() });
  // Read like every number a founder types (core/numbers): `1.2` or letters are no count of weeks.
  const weeksRead = readField(weeks, { unit: 'count' }, DECIMAL_POINT);
  const weekCount = weeksRead.status === 'value' ? weeksRead.value : Number.NaN;
  const weeksError = choice === CUSTOM && !(Number.isInteger(weekCount) && weekCount >= 1 && weekCount <= MAX_PERIOD_WEEKS) ? t('updates.weeksError', { max: MAX_PERIOD_WEEKS }) : undefined;

  const onDraft = (event: React.FormEvent) => {
    event.preventDefault();
    if (weeksError) return;
    const period = choice === CUSTOM ? lastWeeks(weekCount, now) : choices.find((c) => c.id === choice)!;
    draft.mutate(
      { fromWeek: period.fromWeek, toWeek: period.toWeek },
      { onSuccess: (created) => setOpenId(created.id), onError: (error) => showErrorToast(error, t('updates.draftError')) },
    );
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('updates.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('updates.subtitle')}</p>
      </header>
      {me.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : !premium ? (
        <UpgradePrompt title={t('upgrade.updates.title')} body={t('upgrade.updates.body')} />
      ) : (
        <>
          <form id="update-period" onSubmit={onDraft} className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('updates.period')}
              <select value={choice} onChange={(event) => setChoice(event.target.value)} className="h-11 rounded-md border border-input bg-background px-3 text-base font-normal">
                <optgroup label={t('updates.months')}>
                  {choices.filter((c) => c.label.key === 'month').map((c) => (
                    <option key={c.id} value={c.id}>{label(c)}</option>
                  ))}
                </optgroup>
                <optgroup label={t('updates.quarters')}>
                  {choices.filter((c) => c.label.key === 'quarter').map((c) => (
                    <option key={c.id} value={c.id}>{label(c)}</option>
                  ))}
                </optgroup>
                <option value={CUSTOM}>{t('updates.lastWeeks')}</option>
              </select>
            </label>
            {choice === CUSTOM && (
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('updates.weeks')}
                <input
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={weeks}
                  onChange={(event) => setWeeks(event.target.value)}
                  aria-invalid={Boolean(weeksError)}
                  aria-describedby={weeksError ? 'weeks-error' : undefined}
                  className="h-11 w-28 rounded-md border border-input bg-background px-3 text-base font-normal"
                />
                {weeksError && <span id="weeks-error" className="font-normal text-destructive">{weeksError}</span>}
              </label>
            )}
            <button type="submit" disabled={draft.isPending} aria-busy={draft.isPending || undefined} className={buttonClass.primary}>
              {t('updates.draft')}
            </button>
          </form>

          {(updates.data?.length ?? 0) > 0 && (
            <label id="previous-updates" className="flex flex-col gap-1 text-sm font-medium">
              {t('updates.previousUpdates')}
              <select value={openId ?? ''} onChange={(event) => setOpenId(event.target.value || null)} className="h-11 rounded-md border border-input bg-background px-3 text-base font-normal">
                <option value="">{t('updates.choose')}</option>
                {updates.data!.map((item) => (
                  <option key={item.id} value={item.id}>
                    {t('updates.item', { period: periodLabel({ fromWeek: weekKeyOf(item.fromWeek), toWeek: weekKeyOf(item.toWeek) }, currentLanguage()), date: formatDay(new Date(item.updatedAt), currentLanguage()) })}
                  </option>
                ))}
              </select>
            </label>
          )}

          {update.data && <UpdateEditor key={`${update.data.id}-${update.data.version}`} update={update.data} numbers={numberStyleOf(me.data)} />}
        </>
      )}
    </div>
  );
}
