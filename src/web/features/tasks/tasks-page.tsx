import { CalendarCheck, CheckCircle2, ListChecks, Loader2, Pencil, PlusCircle, Sparkles } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatIceTotal } from '../../../core/tasks/ice.ts';
import type { TaskDraft } from '../../../core/mentor/task-draft.ts';
import { TASK_METRIC_KEYS } from '../../../core/tasks/task-metrics.ts';
import type { Task } from '../../../core/tasks/task-schema.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { PageWithProgress } from '../gamification/progress-card.tsx';
import { useMentorDraft } from '../mentor/use-mentor-draft.tsx';
import { useStrategy } from '../strategy/api.ts';
import { newIdempotencyKey, requestTaskDraft, useCompleteTask, useCreateTask, useLatestMetrics, useTasks, useUpdateTask } from './api.ts';
import { Field, Modal, describedBy, inputClass } from './form-controls.tsx';
import { EMPTY_TASK_FORM, TaskForm, type TaskFormValues, serverFieldErrors } from './task-form.tsx';
import { intlLocale } from './format.ts';
import { buttonClass } from '../../components/form/buttons.ts';

type Tab = 'create' | 'active' | 'done';

function useFormatters() {
  const { i18n } = useTranslation();
  return {
    date: (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(iso)),
    value: (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 2 }).format(value),
    ice: (total: number) => formatIceTotal(total, intlLocale(i18n.language)),
  };
}

/** The draft as form values: a metric the form does not offer, or no target, is left for the founder. */
function draftToFormValues(draft: TaskDraft): TaskFormValues {
  return {
    ...EMPTY_TASK_FORM,
    hypothesis: draft.hypothesis,
    whyRelevant: draft.whyRelevant,
    metric: (TASK_METRIC_KEYS as readonly string[]).includes(draft.metric) ? draft.metric : '',
    targetValue: draft.targetValue === null ? '' : String(draft.targetValue),
    impact: draft.impact,
    confidence: draft.confidence,
    ease: draft.ease,
  };
}

/**
 * 'Generate first task' (no tasks yet) or 'Suggest a task': asks the mentor for a draft
 * through the AI gate (consent and the AI assistance preference) and hands it to the form.
 */
function DraftButton({ onDraft }: { onDraft: (values: TaskFormValues) => void }) {
  const { t } = useTranslation('tasks');
  const active = useTasks('active');
  const done = useTasks('done');
  const first = active.data?.length === 0 && done.data?.length === 0;
  const { generate, generating, liveRegion, dialog } = useMentorDraft(
    () => requestTaskDraft(currentLanguage()),
    (draft) => onDraft(draftToFormValues(draft)),
    { pending: t('draft.generating'), ready: t('draft.ready'), readyOffline: t('draft.readyOffline'), failed: t('draft.failed') },
  );
  // The onboarding welcome's 'Generate your first task' lands here with ?draft=first:
  // the draft starts at once, and the address forgets it so a reload does not ask again.
  const [searchParams, setSearchParams] = useSearchParams();
  const draftRequested = searchParams.get('draft') === 'first';
  const draftStarted = useRef(false);
  useEffect(() => {
    if (!draftRequested || draftStarted.current) return;
    draftStarted.current = true;
    setSearchParams({}, { replace: true });
    void generate();
    // Once per arrival: generate is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftRequested]);

  return (
    <div className="mb-6 flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{t(first ? 'draft.hintFirst' : 'draft.hint')}</p>
      <button type="button" onClick={generate} disabled={generating} aria-busy={generating} className={`${buttonClass.secondary} shrink-0`}>
        {generating ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Sparkles aria-hidden="true" className="size-4" />}
        {generating ? t('draft.generating') : t(first ? 'draft.first' : 'draft.suggest')}
      </button>
      {liveRegion}
      {dialog}
    </div>
  );
}

function CreateTab({ maximas, onCreated }: { maximas: string[]; onCreated: () => void }) {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  // One key per submission: a double click or a retry of the same submission makes one task.
  const idempotencyKey = useRef(newIdempotencyKey());
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState(EMPTY_TASK_FORM);
  return (
    <>
      <DraftButton
        onDraft={(values) => {
          setInitial(values);
          setFormKey((key) => key + 1);
        }}
      />
      <TaskForm
        key={formKey}
        initial={initial}
        maximas={maximas}
        submitLabel={t('create.submit')}
        pendingLabel={t('create.pending')}
        pending={create.isPending}
        onSubmit={async (input) => {
          try {
            await create.mutateAsync({ input, idempotencyKey: idempotencyKey.current });
          } catch (error) {
            const fields = serverFieldErrors(error);
            if (fields) return fields;
            // SPEC §10: 'Rate limit exceeded', and how long to wait before creating another.
            showErrorToast(error, error instanceof ApiError && error.code === 'RATE_LIMITED' ? t('create.rateLimited') : t('create.error'));
            return null;
          }
          idempotencyKey.current = newIdempotencyKey();
          toast.success(t('create.success'), { description: t('create.points') });
          setInitial(EMPTY_TASK_FORM);
          setFormKey((key) => key + 1);
          onCreated();
          return null;
        }}
      />
    </>
  );
}

function toFormValues(task: Task): TaskFormValues {
  return {
    hypothesis: task.hypothesis,
    whyRelevant: task.whyRelevant,
    targetValue: String(task.targetValue),
    metric: task.metric,
    impact: task.impact,
    confidence: task.confidence,
    ease: task.ease,
    maximaIndex: task.maximaIndex === null ? '' : String(task.maximaIndex),
  };
}

function EditDialog({ task, maximas, onClose }: { task: Task; maximas: string[]; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateTask();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('edit.title')}>
      <TaskForm
        initial={toFormValues(task)}
        maximas={maximas}
        submitLabel={t('edit.submit')}
        pendingLabel={t('edit.pending')}
        pending={update.isPending}
        onSubmit={async (input) => {
          try {
            await update.mutateAsync({ id: task.id, changes: { ...input, maximaIndex: input.maximaIndex ?? null } });
          } catch (error) {
            const fields = serverFieldErrors(error);
            if (fields) return fields;
            showErrorToast(error, t('edit.error'));
            return null;
          }
          toast.success(t('edit.success'));
          onClose();
          return null;
        }}
      />
    </Modal>
  );
}

function CompleteDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const complete = useCompleteTask();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('complete.title')} description={task.hypothesis}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (notes.trim() === '') {
            setError(t('validation.completionNotes'));
            return;
          }
          try {
            await complete.mutateAsync({ id: task.id, completionNotes: notes });
          } catch (failure) {
            showErrorToast(failure, t('complete.error'));
            return;
          }
          toast.success(t('complete.success'), { description: t('complete.points') });
          onClose();
        }}
      >
        <Field id="completion-notes" label={t('complete.notes')} hint={t('complete.hint')} error={error}>
          <textarea
            id="completion-notes"
            rows={4}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy('completion-notes', { hint: true, error: Boolean(error) })}
            className={inputClass}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={complete.isPending}>
            {complete.isPending ? t('complete.pending') : t('complete.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ListState({ state, emptyKey }: { state: 'loading' | 'error' | 'empty'; emptyKey: string }) {
  const { t } = useTranslation('tasks');
  if (state === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label={t('list.loading')} className="flex flex-col gap-3">
        <div className="h-24 animate-pulse rounded-lg bg-muted" />
        <div className="h-24 animate-pulse rounded-lg bg-muted" />
      </div>
    );
  }
  return (
    <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
      {state === 'error' ? t('list.error') : t(emptyKey)}
    </p>
  );
}

function TaskSummary({ task, maximas }: { task: Task; maximas: string[] }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const maxima = task.maximaIndex === null ? undefined : maximas[task.maximaIndex];
  return (
    <>
      <h3 className="font-medium">{task.hypothesis}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{task.whyRelevant}</p>
      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>{t('task.metric')}</dt>
          <dd className="font-medium text-foreground">{t(`metrics.${task.metric}`)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('task.target')}</dt>
          <dd className="font-medium text-foreground">{format.value(task.targetValue)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('task.ice')}</dt>
          <dd className="font-medium text-foreground">
            {t('task.iceParts', { impact: task.impact, confidence: task.confidence, ease: task.ease })}
          </dd>
        </div>
        {maxima && (
          <div className="flex gap-1">
            <dt>{t('task.maxima')}</dt>
            <dd className="font-medium text-foreground">{maxima}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

function ActiveTab({ maximas }: { maximas: string[] }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const { data, isPending, isError } = useTasks('active');
  const [editing, setEditing] = useState<Task | null>(null);
  const [completing, setCompleting] = useState<Task | null>(null);
  if (isPending) return <ListState state="loading" emptyKey="" />;
  if (isError) return <ListState state="error" emptyKey="" />;
  if (data.length === 0) return <ListState state="empty" emptyKey="active.empty" />;
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label={t('active.label')}>
        {data.map((task, rank) => (
          <li key={task.id} className="rounded-lg border border-border bg-card p-4 text-card-foreground">
            <div className="flex items-start gap-4">
              <div className="flex w-14 shrink-0 flex-col items-center rounded-md bg-accent py-2 text-accent-foreground">
                <span className="text-xs">{t('active.rank', { rank: rank + 1 })}</span>
                <span className="text-lg font-semibold tabular-nums" aria-label={t('task.iceTotalLabel', { total: format.ice(task.iceTotal) })}>
                  {format.ice(task.iceTotal)}
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <TaskSummary task={task} maximas={maximas} />
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className={buttonClass.secondary} onClick={() => setEditing(task)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('active.edit')}
                    <span className="sr-only">{task.hypothesis}</span>
                  </button>
                  <button type="button" className={buttonClass.primary} onClick={() => setCompleting(task)}>
                    <CheckCircle2 aria-hidden="true" className="size-4" />
                    {t('active.complete')}
                    <span className="sr-only">{task.hypothesis}</span>
                  </button>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {editing && <EditDialog task={editing} maximas={maximas} onClose={() => setEditing(null)} />}
      {completing && <CompleteDialog task={completing} onClose={() => setCompleting(null)} />}
    </>
  );
}

function DoneTab({ maximas }: { maximas: string[] }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const { data, isPending, isError } = useTasks('done');
  const latest = useLatestMetrics();
  if (isPending) return <ListState state="loading" emptyKey="" />;
  if (isError) return <ListState state="error" emptyKey="" />;
  if (data.length === 0) return <ListState state="empty" emptyKey="done.empty" />;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('done.label')}>
      {data.map((task) => (
        <li key={task.id} className="rounded-lg border border-border bg-card p-4 text-card-foreground">
          <TaskSummary task={task} maximas={maximas} />
          <div className="mt-3 rounded-md bg-muted p-3 text-sm">
            <p className="text-xs font-medium text-muted-foreground">{t('done.notes')}</p>
            <p className="mt-1 whitespace-pre-line">{task.completionNotes}</p>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-5">
            <div>
              <dt className="text-muted-foreground">{t('done.created')}</dt>
              <dd>{format.date(task.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.completed')}</dt>
              <dd>{task.completedAt ? format.date(task.completedAt) : '—'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.then')}</dt>
              <dd>{format.value(task.metricValueAtCreation)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.atCompletion')}</dt>
              <dd>{format.value(task.metricValueAtCompletion)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.now')}</dt>
              <dd>{format.value(latest.data?.latest?.[task.metric])}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /high-performance-tasks: Create, Active (by ICE) and Done (spec §2 "Tasks page"). */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const [tab, setTab] = useState<Tab>('create');
  const strategy = useStrategy();
  const maximas = strategy.data?.maximas ?? [];
  const tabClass =
    'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm text-muted-foreground data-[state=active]:bg-background data-[state=active]:font-medium data-[state=active]:text-foreground data-[state=active]:shadow-sm';
  return (
    <PageWithProgress id="tasks-title" title={t('title')} intro={t('intro')}>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label={t('tabs.label')} className="inline-flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="create" className={tabClass}>
            <PlusCircle aria-hidden="true" className="size-4" />
            {t('tabs.create')}
          </Tabs.Trigger>
          <Tabs.Trigger value="active" className={tabClass}>
            <ListChecks aria-hidden="true" className="size-4" />
            {t('tabs.active')}
          </Tabs.Trigger>
          <Tabs.Trigger value="done" className={tabClass}>
            <CalendarCheck aria-hidden="true" className="size-4" />
            {t('tabs.done')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="create" className="mt-5">
          <CreateTab maximas={maximas} onCreated={() => setTab('active')} />
        </Tabs.Content>
        <Tabs.Content value="active" className="mt-5">
          <ActiveTab maximas={maximas} />
        </Tabs.Content>
        <Tabs.Content value="done" className="mt-5">
          <DoneTab maximas={maximas} />
        </Tabs.Content>
      </Tabs.Root>
    </PageWithProgress>
  );
}
