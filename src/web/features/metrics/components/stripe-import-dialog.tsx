import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatWeek } from '../../../../core/metrics/iso-week.ts';
import { type StripeBaseline, StripeKeyInput } from '../../../../core/metrics/stripe-import.ts';
import type { StripeConnectionStatus } from '../../../../server/features/metrics/stripe-import.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { Modal } from '../../../components/modal.tsx';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useApplyStripe, useConnectStripe, useDisconnectStripe, useStripeStatus } from '../metrics-api.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { useWeekDraft } from '../week-entry.ts';
import { emptyDraft, type FieldErrors, readDraftField } from '../week-values.ts';
import { NumberField } from './number-field.tsx';
import { WeeksPreview } from './weeks-preview.tsx';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; numbers: NumberStyle };

/**
 * Import from Stripe (decision 118): a restricted key, the reading's progress, the weeks
 * found to review before saving, then the weekly sync's state. Says so when the server
 * has it switched off.
 */
export function StripeImportDialog({ open, onOpenChange, numbers }: Props) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const status = useStripeStatus(open);
  const connection = status.data?.connection ?? null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('stripe.title')} description={t('stripe.description')}>
      <div className="space-y-4">
        {status.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : status.isError ? (
          <p role="alert">{t('loadError')}</p>
        ) : !status.data.available ? (
          <p role="status" className="rounded-md border border-highlight p-3 text-sm">
            {t('stripe.off')}
          </p>
        ) : (
          <>
            {connection && <ConnectionSummary connection={connection} />}
            {(!connection || connection.status === 'failed') && <KeyForm />}
            {connection?.status === 'reading' && <Reading connection={connection} />}
            {connection?.status === 'ready' && connection.preview && <Review preview={connection.preview} numbers={numbers} />}
          </>
        )}
      </div>
    </Modal>
  );
}

/** Which key is connected, how far the sync has recorded, the last failure, and the way out. */
function ConnectionSummary({ connection }: { connection: StripeConnectionStatus }) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const disconnect = useDisconnectStripe();
  async function onDisconnect() {
    try {
      await disconnect.mutateAsync();
      toast.success(t('stripe.disconnected'));
    } catch (error) {
      showErrorToast(error);
    }
  }
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 rounded-md bg-muted/50 p-3 text-sm">
      <div className="space-y-1">
        <p>
          {t('stripe.connected', { key: connection.keyHint })}
          {!connection.livemode && <span className="ml-2 rounded bg-highlight/20 px-1.5 py-0.5 text-xs">{t('stripe.testMode')}</span>}
        </p>
        {connection.status === 'synced' && connection.syncedThrough && <p>{t('stripe.syncedThrough', { week: formatWeek(connection.syncedThrough) })}</p>}
        {connection.error && (
          <p role="alert" className="text-destructive">
            {t('stripe.lastError', { reason: t(connection.error, { ns: ['metrics', 'validation'] }) })}
          </p>
        )}
      </div>
      <button type="button" onClick={onDisconnect} disabled={disconnect.isPending} className={buttonClass.ghost}>
        {t('stripe.disconnect')}
      </button>
    </div>
  );
}

/** The steps to create a read-only key, and the field to paste it in: checked here as the server checks it. */
function KeyForm() {
  const { t } = useTranslation('metrics');
  const connect = useConnectStripe();
  const form = useSchemaForm(StripeKeyInput, { key: '' }, {
    // The schema's messages are `validation:` keys; Stripe's own refusals are keys of this namespace.
    translate: ({ message, params }) => t(message, params),
    onSubmit: async ({ key }) => {
      await connect.mutateAsync(key);
      form.reset();
    },
    onError: (failure, onFields) => onFields || showErrorToast(failure, t('stripe.connectError')),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} className="space-y-3">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>{t('stripe.steps.create')}</li>
        <li>{t('stripe.steps.permissions')}</li>
        <li>{t('stripe.steps.paste')}</li>
      </ol>
      <div>
        <label htmlFor={form.id('key')} className="text-sm font-medium">
          {t('stripe.key')}
        </label>
        <input
          {...form.field('key')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          className="mt-1 block h-10 w-full rounded-md border border-input bg-background px-3 font-mono text-sm"
        />
        {form.errors.key && (
          <p id={form.errorId('key')} role="alert" className="mt-1 text-sm text-destructive">
            {form.errors.key}
          </p>
        )}
      </div>
      <button type="submit" disabled={form.submitting} className={buttonClass.primary}>
        {t(form.submitting ? 'stripe.connecting' : 'stripe.connect')}
      </button>
    </form>
  );
}

function Reading({ connection }: { connection: StripeConnectionStatus }) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const id = useId();
  return (
    <div>
      <p id={id} role="status" className="text-sm">
        {t('stripe.reading', { subscriptions: connection.progress.subscriptions, invoices: connection.progress.invoices })}
      </p>
      {/* No total to measure against (Stripe's lists do not say how long they are): an indeterminate bar. */}
      <div role="progressbar" aria-labelledby={id} className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
      </div>
    </div>
  );
}

const PREVIEW_COLUMNS = ['startingCustomers', 'newCustomers', 'lostCustomers', 'weeklyRevenue', 'churnedRevenue', 'expansions', 'downgrades'] as const;
const BASELINE_FIELDS = ['weeklyCosts', 'marketingCosts', 'cashBalance', 'weeklyActiveUsers'] as const;

/** The weeks found, newest first, and what saving them does; the baseline when the founder has no week yet. */
function Review({ preview, numbers }: { preview: NonNullable<StripeConnectionStatus['preview']>; numbers: NumberStyle }) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const id = useId();
  const apply = useApplyStripe();
  const baseline = useWeekDraft(emptyDraft, numbers);
  const { weeks } = preview;

  /** The baseline as typed, or null with its errors and questions shown. */
  function readBaseline(): StripeBaseline | null {
    const values: Partial<Record<(typeof BASELINE_FIELDS)[number], number>> = {};
    const errors: FieldErrors = {};
    for (const field of BASELINE_FIELDS) {
      const read = readDraftField(baseline.draft, field, numbers);
      if (read.status === 'value') values[field] = read.value;
      else if (read.status === 'ambiguous') baseline.blur(field);
      else errors[field] = read.status === 'empty' ? 'validation:metrics.required' : 'validation:metrics.number';
    }
    baseline.setErrors(errors);
    if (Object.keys(values).length < BASELINE_FIELDS.length) return null;
    return values as StripeBaseline;
  }

  async function onSave() {
    const input = preview.needsBaseline ? readBaseline() : undefined;
    if (input === null) return;
    try {
      const { imported } = await apply.mutateAsync(input ? { baseline: input } : {});
      toast.success(t('stripe.saved', { count: imported }));
    } catch (error) {
      showErrorToast(error, t('stripe.saveError'));
    }
  }

  if (weeks.length === 0) return <p className="text-sm">{t('stripe.noWeeks')}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">{t('stripe.found', { count: weeks.length, first: formatWeek(weeks[0]!), last: formatWeek(weeks.at(-1)!) })}</p>
      <p className="text-sm text-muted-foreground">{t('stripe.replaces')}</p>
      {preview.otherCurrency > 0 && <p className="text-sm text-muted-foreground">{t('stripe.otherCurrency', { count: preview.otherCurrency, currency: numbers.currency })}</p>}
      {/* Scrollable, so reachable by keyboard (a focusable, named region). */}
      <div role="region" tabIndex={0} aria-label={t('stripe.previewCaption')} className="max-h-72 overflow-auto rounded-md border border-border">
        <WeeksPreview weeks={[...weeks].reverse()} fields={PREVIEW_COLUMNS} numbers={numbers} caption={t('stripe.previewCaption')} noteOf={(week) => (week.recorded ? t('stripe.recorded') : null)} />
      </div>
      {preview.needsBaseline && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">{t('stripe.baseline')}</legend>
          {BASELINE_FIELDS.map((field) => (
            <div key={field}>
              <NumberField idPrefix={id} field={field} form={baseline} numbers={numbers} />
            </div>
          ))}
        </fieldset>
      )}
      <button type="button" onClick={onSave} disabled={apply.isPending} className={buttonClass.primary}>
        {t(apply.isPending ? 'stripe.saving' : 'stripe.save', { count: weeks.length })}
      </button>
    </div>
  );
}
