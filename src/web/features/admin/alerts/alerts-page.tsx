import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ALERT_NOTE_MAX } from '../../../../core/admin/security-alerts.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { ListState } from '../list-state.tsx';

/** The security alerts' answers: the server's types, as JSON. */
type SecurityAlerts = ApiAnswer<'GET /api/admin/security-alerts'>;
type SecurityAlert = SecurityAlerts['alerts'][number];

const alertsKey = ['admin', 'security-alerts'] as const;

function AcknowledgeForm({ alert }: { alert: SecurityAlert }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const ack = useMutation({
    mutationFn: () => api('POST /api/admin/security-alerts/:id/acknowledge', { params: { id: alert.id }, json: { note } }),
    onSuccess: async () => {
      toast.success(t('alerts.acknowledged'));
      await queryClient.invalidateQueries({ queryKey: alertsKey });
    },
    onError: (error) => toast.error(t('alerts.ackError'), { description: errorMessage(error) }),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    ack.mutate();
  }
  return (
    <form onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('alerts.note')}
        </label>
        <input id={id} value={note} maxLength={ALERT_NOTE_MAX} onChange={(event) => setNote(event.target.value)} className={cn(inputClass, 'h-10')} />
      </div>
      <button type="submit" className={buttonClass.secondary} disabled={ack.isPending}>
        {t('alerts.acknowledge')}
      </button>
    </form>
  );
}

/** What each kind of alert says, in a sentence (decisions 208 and 187). */
function AlertDetails({ alert }: { alert: SecurityAlert }) {
  const { t, i18n } = useTranslation('admin');
  const details = alert.details;
  const admin = String(details.adminEmail ?? '—');
  switch (alert.kind) {
    case 'failed_sign_ins':
      return t('alerts.signInDetails', { email: String(details.email ?? '—'), address: String(details.ipAddress ?? '—') });
    case 'role_changes':
      return t('alerts.roleDetails', { count: Number(details.count ?? 0) });
    case 'admin_actions':
      return t('alerts.adminActionsDetails', { admin, count: Number(details.count ?? 0) });
    case 'impersonation_off_hours': {
      const at = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short', timeZone: String(details.timeZone ?? 'UTC') });
      return t('alerts.offHoursDetails', { admin, target: String(details.targetEmail ?? '—'), when: at.format(new Date(String(details.at))), timeZone: String(details.timeZone ?? 'UTC') });
    }
    case 'admin_new_country': {
      const names = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
      const name = (code: unknown) => names.of(String(code)) ?? String(code);
      const known = Array.isArray(details.knownCountries) ? details.knownCountries.map(name).join(', ') : '—';
      return t('alerts.newCountryDetails', { admin, country: name(details.country), known, address: String(details.ipAddress ?? '—') });
    }
  }
}

function AlertCard({ alert }: { alert: SecurityAlert }) {
  const { t, i18n } = useTranslation('admin');
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-lg border border-border p-4">
      <h3 className="font-medium">
        {t(`alerts.kind.${alert.kind}`)} · {t(`alerts.severity.${alert.severity}`)}
      </h3>
      <p className="text-sm text-muted-foreground">
        {when.format(new Date(alert.createdAt))} ·{' '}
        <AlertDetails alert={alert} />
      </p>
      {alert.acknowledgedAt ? (
        <p className="mt-2 text-sm">
          {t('alerts.acknowledgedAt', { when: when.format(new Date(alert.acknowledgedAt)) })}
          {alert.note ? ` · ${alert.note}` : null}
        </p>
      ) : (
        <AcknowledgeForm alert={alert} />
      )}
    </li>
  );
}

/** /admin/alerts: the security alerts the job raised, open first (decision 208). */
export function AlertsPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: alertsKey, queryFn: () => api('GET /api/admin/security-alerts') });
  const scan = useMutation({
    mutationFn: () => api('POST /api/admin/security-alerts/scan'),
    onSuccess: async (result) => {
      toast.success(t('alerts.scanned', { count: result.raised }));
      await queryClient.invalidateQueries({ queryKey: alertsKey });
    },
    onError: (error) => toast.error(t('alerts.scanError'), { description: errorMessage(error) }),
  });
  return (
    <section aria-labelledby="admin-alerts-title" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-alerts-title" className="text-lg font-semibold">
          {t('alerts.title')}
        </h2>
        <button type="button" className={buttonClass.secondary} disabled={scan.isPending} onClick={() => scan.mutate()}>
          {t('alerts.scan')}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('alerts.intro')}</p>
      <ListState query={alerts} area="alerts" isEmpty={(data) => data.alerts.length === 0}>
        {(data) => (
          <ul className="space-y-4">
            {data.alerts.map((alert) => (
              <AlertCard key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
