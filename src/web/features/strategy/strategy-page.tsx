import { Check, GitBranch, History, RotateCcw } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { STRATEGY_STEPS, StrategyInput, type StrategyStep, isStepComplete } from '../../../core/strategy/strategy-schema.ts';
import { cn } from '../../lib/cn.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { PageWithProgress } from '../gamification/index.ts';
import { Modal } from '../../components/form/form-controls.tsx';
import { type StrategyVersion, useRestoreVersion, useSaveStrategy, useStrategy, useStrategyVersions } from './strategy-api.ts';
import { type StrategyDraft, StrategyStepFields } from './strategy-steps.tsx';
import { StrategySuggestion } from './strategy-suggestion.tsx';
import { intlLocale } from '../../lib/format.ts';
import { wordDiff } from '../../../core/text/word-diff.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useStrategyDraft } from '../../lib/strategy-draft.ts';

const draftOf = (version: StrategyVersion): StrategyDraft => ({
  coreProblem: version.coreProblem,
  maximas: version.maximas.length > 0 ? version.maximas : [''],
  statement: version.statement,
});

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
}

/** The three steps; a step opens only when the ones before it are complete. */
function Builder({ initial }: { initial: StrategyVersion }) {
  const { t } = useTranslation('strategy');
  // Unsaved words survive a reload (src/web/lib/strategy-draft.ts).
  const { draft, setDraft, saved: draftSaved } = useStrategyDraft(useSession().data?.user.id, initial.version, () => draftOf(initial));
  const [step, setStep] = useState<StrategyStep>('coreProblem');
  const save = useSaveStrategy();
  const stepIndex = STRATEGY_STEPS.indexOf(step);
  const reachable = (index: number) => STRATEGY_STEPS.slice(0, index).every((before) => isStepComplete(before, draft));
  const complete = isStepComplete(step, draft);
  const last = stepIndex === STRATEGY_STEPS.length - 1;

  async function onSave() {
    const parsed = StrategyInput.safeParse(draft);
    if (!parsed.success) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      draftSaved(saved.version);
      toast.success(t('save.success', { version: saved.version }));
    } catch (error) {
      showErrorToast(error, t('save.error'));
    }
  }

  return (
    <section aria-labelledby="builder-title" className="rounded-lg border border-border bg-card p-5 text-card-foreground">
      <h2 id="builder-title" className="sr-only">
        {t('builder')}
      </h2>
      <ol className="flex flex-wrap gap-2" aria-label={t('stepsLabel')}>
        {STRATEGY_STEPS.map((name, index) => {
          const done = isStepComplete(name, draft);
          return (
            <li key={name}>
              {/* Not buttonClass: a step of the builder's stepper, marked current or done. */}
              <button
                type="button"
                disabled={!reachable(index)}
                aria-current={name === step ? 'step' : undefined}
                onClick={() => setStep(name)}
                className={cn(
                  'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm disabled:opacity-50',
                  name === step ? 'border-primary bg-accent font-medium text-accent-foreground' : 'border-border',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('flex size-5 items-center justify-center rounded-full text-xs', done ? 'bg-primary text-primary-foreground' : 'bg-muted')}
                >
                  {done ? <Check className="size-3" /> : index + 1}
                </span>
                {t(`steps.${name}.title`)}
                {done && <span className="sr-only">{t('stepDone')}</span>}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="mt-5">
        <h3 className="text-lg font-semibold">{t(`steps.${step}.title`)}</h3>
        <StrategySuggestion step={step} draft={draft} onChange={setDraft} />
        <div className="mt-3">
          <StrategyStepFields step={step} draft={draft} onChange={setDraft} />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={buttonClass.secondary} disabled={stepIndex === 0} onClick={() => setStep(STRATEGY_STEPS[stepIndex - 1] ?? step)}>
          {t('back')}
        </button>
        {last ? (
          <button type="button" className={buttonClass.primary} disabled={!reachable(STRATEGY_STEPS.length) || save.isPending} onClick={onSave}>
            {save.isPending ? t('save.pending') : t('save.submit')}
          </button>
        ) : (
          <button type="button" className={buttonClass.primary} disabled={!complete} onClick={() => setStep(STRATEGY_STEPS[stepIndex + 1] ?? step)}>
            {t('next')}
          </button>
        )}
      </div>
      {!complete && <p className="mt-2 text-right text-xs text-muted-foreground">{t('completeFirst')}</p>}
    </section>
  );
}

type Side = 'before' | 'after';

/** A text with what changed marked: words removed (struck, on the older side) or added (underlined, on the current side). */
function DiffText({ before, after, side }: { before: string; after: string; side: Side }) {
  const { t } = useTranslation('strategy');
  const parts = wordDiff(before, after)[side];
  const Mark = side === 'before' ? 'del' : 'ins';
  const markClass =
    side === 'before'
      ? 'rounded-sm bg-destructive/15 text-foreground line-through decoration-2'
      : 'rounded-sm bg-primary/15 text-foreground underline decoration-2 underline-offset-2';
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 && ' '}
          {part.changed ? (
            <Mark className={markClass}>
              <span className="sr-only">{t(side === 'before' ? 'versions.removed' : 'versions.added')} </span>
              {part.text}
            </Mark>
          ) : (
            part.text
          )}
        </span>
      ))}
    </>
  );
}

/** One side of the comparison; `other` is the version it is compared with. */
function VersionColumn({ title, version, other, side }: { title: string; version: StrategyVersion; other: StrategyVersion; side: Side }) {
  const { t } = useTranslation('strategy');
  const [before, after] = side === 'before' ? [version, other] : [other, version];
  const positions = Math.max(before.maximas.length, after.maximas.length);
  return (
    <div className="min-w-0 flex-1 rounded-md border border-border p-3 text-sm">
      <h3 className="font-semibold">{title}</h3>
      <h4 className="mt-2 text-xs font-medium text-muted-foreground">{t('steps.coreProblem.title')}</h4>
      <p>
        <DiffText before={before.coreProblem} after={after.coreProblem} side={side} />
      </p>
      <h4 className="mt-2 text-xs font-medium text-muted-foreground">{t('steps.maximas.title')}</h4>
      <ol className="list-decimal pl-5">
        {/* Keyed and compared by position: maximas are identified by it (decision 053), and two may read the same. */}
        {Array.from({ length: positions }, (_, position) => position)
          .filter((position) => version.maximas[position] !== undefined)
          .map((position) => (
            <li key={position}>
              <DiffText before={before.maximas[position] ?? ''} after={after.maximas[position] ?? ''} side={side} />
            </li>
          ))}
      </ol>
      <h4 className="mt-2 text-xs font-medium text-muted-foreground">{t('steps.statement.title')}</h4>
      <p>
        <DiffText before={before.statement} after={after.statement} side={side} />
      </p>
    </div>
  );
}

function Versions({ current, onRestored }: { current: StrategyVersion; onRestored: () => void }) {
  const { t } = useTranslation('strategy');
  const formatDate = useDateTime();
  const versions = useStrategyVersions();
  const restore = useRestoreVersion();
  const [viewing, setViewing] = useState<StrategyVersion | null>(null);

  async function onRestore(version: number) {
    try {
      const saved = await restore.mutateAsync(version);
      toast.success(t('versions.restored', { version, newVersion: saved.version }));
      setViewing(null);
      onRestored();
    } catch (error) {
      showErrorToast(error, t('save.error'));
    }
  }

  return (
    <section aria-labelledby="versions-title" className="rounded-lg border border-border p-5">
      <h2 id="versions-title" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden="true" className="size-5" />
        {t('versions.title')}
      </h2>
      {versions.isPending && <div role="status" aria-busy="true" aria-label={t('loading')} className="mt-3 h-16 animate-pulse rounded-md bg-muted" />}
      {versions.isError && <p className="mt-3 text-sm text-muted-foreground">{t('error')}</p>}
      {versions.data?.length === 0 && <p className="mt-3 text-sm text-muted-foreground">{t('versions.empty')}</p>}
      {versions.data && versions.data.length > 0 && (
        <ul className="mt-3 divide-y divide-border">
          {versions.data.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <span className="font-medium">{t('versions.version', { version: version.version })}</span>{' '}
                <span className="text-muted-foreground">{formatDate(version.savedAt)}</span>
                {version.version === current.version && <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-foreground">{t('versions.current')}</span>}
                {version.restoredFrom !== null && (
                  <span className="ml-2 text-xs text-muted-foreground">{t('versions.restoredFrom', { version: version.restoredFrom })}</span>
                )}
              </span>
              <span className="flex gap-1">
                <button type="button" className={buttonClass.ghost} onClick={() => setViewing(version)}>
                  {t('versions.view', { version: version.version })}
                </button>
                {version.version !== current.version && (
                  <button type="button" className={buttonClass.ghost} disabled={restore.isPending} onClick={() => onRestore(version.version)}>
                    <RotateCcw aria-hidden="true" className="size-4" />
                    {t('versions.restore', { version: version.version })}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <Modal open onOpenChange={(open) => !open && setViewing(null)} title={t('versions.compareTitle', { version: viewing.version })}>
          <p className="mb-3 text-xs text-muted-foreground">{t('versions.legend')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <VersionColumn title={t('versions.version', { version: viewing.version })} version={viewing} other={current} side="before" />
            <VersionColumn title={t('versions.currentVersion', { version: current.version })} version={current} other={viewing} side="after" />
          </div>
          {viewing.version !== current.version && (
            <div className="mt-4 flex justify-end">
              <button type="button" className={buttonClass.primary} disabled={restore.isPending} onClick={() => onRestore(viewing.version)}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('versions.restore', { version: viewing.version })}
              </button>
            </div>
          )}
        </Modal>
      )}
    </section>
  );
}

/** /strategy-builder: the 3-step builder, its versions and the MECE roadmap (docs/product.md#strategy-builder). */
/** The roadmap under the strategy shows the tasks, another feature's: the router hands it in (src/web/app/routes.tsx). */
export function StrategyPage({ roadmap: Roadmap }: { roadmap: ComponentType<{ strategy: StrategyVersion }> }) {
  const { t } = useTranslation('strategy');
  const strategy = useStrategy();
  // A restore replaces the builder's draft with the restored content.
  const [builderKey, setBuilderKey] = useState(0);
  return (
    <PageWithProgress id="strategy-title" title={t('title')} intro={t('intro')}>
      {strategy.isPending && <div role="status" aria-busy="true" aria-label={t('loading')} className="h-64 animate-pulse rounded-lg bg-muted" />}
      {strategy.isError && <p className="rounded-lg border border-border p-4 text-sm text-muted-foreground">{t('error')}</p>}
      {strategy.data && (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {strategy.data.version === 0 ? t('unsaved') : t('currentVersion', { version: strategy.data.version })}
          </p>
          <Builder key={builderKey} initial={strategy.data} />
          {strategy.data.version > 0 && (
            <>
              <section aria-labelledby="roadmap-title" className="rounded-lg border border-border p-5">
                <h2 id="roadmap-title" className="flex items-center gap-2 text-lg font-semibold">
                  <GitBranch aria-hidden="true" className="size-5" />
                  {t('roadmap.title')}
                </h2>
                <Roadmap strategy={strategy.data} />
              </section>
              <Versions current={strategy.data} onRestored={() => setBuilderKey((key) => key + 1)} />
            </>
          )}
        </>
      )}
    </PageWithProgress>
  );
}

