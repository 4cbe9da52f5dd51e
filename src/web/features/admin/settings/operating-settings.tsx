import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RuntimeSettings, RuntimeSettingsInput } from '../../../../core/admin/runtime-settings.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-toast.ts';

const adminSettingsKey = ['admin', 'settings'] as const;
const ZONE_LIST = 'timeZone';
/** Suggestions for the zone field: UTC and every IANA zone the browser knows. */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf(ZONE_LIST)];

/** A whole number typed by the admin, or NaN for anything else (the server's schema refuses it with its message). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function SettingsForm({ answer }: { answer: ApiAnswer<'GET /api/admin/settings'> }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const queryClient = useQueryClient();
  const current: RuntimeSettings = answer.settings;
  const [trialDays, setTrialDays] = useState(String(current.trialDays));
  const [autoStart, setAutoStart] = useState(current.guidedToursAutoStart);
  const [timeZone, setTimeZone] = useState(current.adminWorkingHours.timeZone);
  const [fromHour, setFromHour] = useState(String(current.adminWorkingHours.fromHour));
  const [toHour, setToHour] = useState(String(current.adminWorkingHours.toHour));
  const [monday, setMonday] = useState(current.emailHours.monday);
  const [friday, setFriday] = useState(current.emailHours.friday);
  const save = useMutation({
    mutationFn: (input: RuntimeSettingsInput) => api('PUT /api/admin/settings', { json: input }),
    onSuccess: (next) => {
      toast.success(t('settings.runtime.saved'));
      queryClient.setQueryData(adminSettingsKey, next);
    },
    onError: (error) => toast.error(t('settings.runtime.saveError'), { description: errorMessage(error) }),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      trialDays: wholeNumber(trialDays),
      guidedToursAutoStart: autoStart,
      adminWorkingHours: { timeZone: timeZone.trim(), fromHour: wholeNumber(fromHour), toHour: wholeNumber(toHour) },
      emailHours: { monday, friday },
    });
  }
  const zones = `${id}-zones`;
  return (
    <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} className="mt-3 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
      <h3 id={`${id}-title`} className="font-medium sm:col-span-2">
        {t('settings.runtime.title')}
      </h3>
      <Field id={`${id}-trial`} label={t('settings.runtime.trialDays')} hint={t('settings.runtime.trialDaysHint', { days: answer.defaults.trialDays })}>
        <input id={`${id}-trial`} type="text" inputMode="numeric" autoComplete="off" required value={trialDays} onChange={(event) => setTrialDays(event.target.value)} aria-describedby={`${id}-trial-hint`} className={cn(inputClass, 'h-10')} />
      </Field>
      <div className="flex items-start gap-2 self-center">
        <input id={`${id}-tours`} type="checkbox" checked={autoStart} onChange={(event) => setAutoStart(event.target.checked)} className="mt-1 size-4" />
        <label htmlFor={`${id}-tours`} className="text-sm">
          {t('settings.runtime.toursAutoStart')}
        </label>
      </div>
      <Field id={`${id}-zone`} label={t('settings.runtime.timeZone')} hint={t('settings.runtime.workingHoursHint')}>
        <input id={`${id}-zone`} type="text" list={zones} autoComplete="off" required value={timeZone} onChange={(event) => setTimeZone(event.target.value)} aria-describedby={`${id}-zone-hint`} className={cn(inputClass, 'h-10')} />
        <datalist id={zones}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-from`} label={t('settings.runtime.fromHour')}>
          <input id={`${id}-from`} type="text" inputMode="numeric" autoComplete="off" required value={fromHour} onChange={(event) => setFromHour(event.target.value)} className={cn(inputClass, 'h-10')} />
        </Field>
        <Field id={`${id}-to`} label={t('settings.runtime.toHour')}>
          <input id={`${id}-to`} type="text" inputMode="numeric" autoComplete="off" required value={toHour} onChange={(event) => setToHour(event.target.value)} className={cn(inputClass, 'h-10')} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <Field id={`${id}-monday`} label={t('settings.runtime.mondayHour')}>
          <input id={`${id}-monday`} type="time" required value={monday} onChange={(event) => setMonday(event.target.value)} className={cn(inputClass, 'h-10')} />
        </Field>
        <Field id={`${id}-friday`} label={t('settings.runtime.fridayHour')} hint={t('settings.runtime.emailHoursHint')}>
          <input id={`${id}-friday`} type="time" required value={friday} onChange={(event) => setFriday(event.target.value)} aria-describedby={`${id}-friday-hint`} className={cn(inputClass, 'h-10')} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {t('settings.runtime.save')}
        </button>
      </div>
    </form>
  );
}

/** Admin › Settings' operating settings (decision 289): in force on every instance as soon as they are saved. */
export function OperatingSettings() {
  const { t } = useTranslation('admin');
  const settings = useQuery({ queryKey: adminSettingsKey, queryFn: () => api('GET /api/admin/settings') });
  if (settings.isPending) return <p className="mt-3 text-sm text-muted-foreground">{t('settings.runtime.loading')}</p>;
  if (settings.isError) return <p className="mt-3 text-sm text-destructive">{t('settings.runtime.loadError')}</p>;
  return <SettingsForm key={settings.data.updatedAt ?? 'defaults'} answer={settings.data} />;
}
