import { DECIMAL_POINT } from '../../../../core/numbers/convention.ts';
import { readField } from '../../../../core/numbers/read-number.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { FeatureFlagInput } from '../../../../core/flags/feature-flags.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { featureFlagsKey } from '../../flags/index.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { ListState } from '../list-state.tsx';
import { OperatingSettings } from './operating-settings.tsx';

const adminFlagsKey = ['admin', 'feature-flags'] as const;

type AdminFeatureFlag = ApiAnswer<'PUT /api/admin/feature-flags/:name'>;

function FlagForm({ flag }: { flag: AdminFeatureFlag }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const queryClient = useQueryClient();
  const [rollout, setRollout] = useState(String(flag.rolloutPercent));
  const [overrides, setOverrides] = useState(flag.overrideEmails.join('\n'));
  const save = useMutation({
    mutationFn: (input: FeatureFlagInput) => api('PUT /api/admin/feature-flags/:name', { params: { name: flag.name }, json: input }),
    onSuccess: async () => {
      toast.success(t('settings.saved'));
      // A changed flag clears every cached cohort, the admin's own included.
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminFlagsKey }), queryClient.removeQueries({ queryKey: featureFlagsKey })]);
    },
    onError: (error) => toast.error(t('settings.saveError'), { description: errorMessage(error) }),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const overrideEmails = overrides.split(/[\s,;]+/).filter(Boolean);
    // Read like every typed number (core/numbers): `12,5 %` or letters are refused by the server's schema, never Number()'d to NaN or 12.
    const read = readField(rollout, { unit: 'percent' }, DECIMAL_POINT);
    save.mutate({ rolloutPercent: read.status === 'value' ? read.value : Number.NaN, overrideEmails });
  }
  return (
    <li className="rounded-lg border border-border p-4">
      <h3 id={`${id}-title`} className="font-mono text-sm font-medium break-all">
        {flag.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t(`settings.flags.${flag.name}`)}</p>
      <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-rollout`} className="text-sm font-medium">
            {t('settings.rollout')}
          </label>
          <input id={`${id}-rollout`} type="text" inputMode="numeric" autoComplete="off" required value={rollout} onChange={(event) => setRollout(event.target.value)} className={cn(inputClass, 'h-10')} />
        </div>
        <div>
          <label htmlFor={`${id}-overrides`} className="text-sm font-medium">
            {t('settings.overrides')}
          </label>
          <textarea id={`${id}-overrides`} rows={2} value={overrides} onChange={(event) => setOverrides(event.target.value)} aria-describedby={`${id}-overrides-hint`} className={cn(inputClass, 'min-h-10')} />
          <p id={`${id}-overrides-hint`} className="mt-1 text-xs text-muted-foreground">
            {t('settings.overridesHint')}
          </p>
        </div>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {t('settings.save')}
        </button>
      </form>
    </li>
  );
}

/** /admin/settings: the operating settings (decision 289), then each feature flag's rollout and override list (decision 205). */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const flags = useQuery({ queryKey: adminFlagsKey, queryFn: () => api('GET /api/admin/feature-flags') });
  return (
    <>
      <OperatingSettings />
      <section aria-labelledby="admin-settings-title" className="mt-6">
        <h2 id="admin-settings-title" className="text-lg font-semibold">
          {t('settings.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('settings.intro')}</p>
        <ListState query={flags} area="settings" isEmpty={(data) => data.flags.length === 0}>
          {(data) => (
            <ul className="space-y-4">
              {data.flags.map((flag) => (
                <FlagForm key={`${flag.name}:${flag.updatedAt ?? ''}`} flag={flag} />
              ))}
            </ul>
          )}
        </ListState>
      </section>
    </>
  );
}
