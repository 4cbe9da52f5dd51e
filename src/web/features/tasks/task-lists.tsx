import { CheckCircle2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIceTotal } from '../../../core/tasks/ice.ts';
import { useMe } from '../../lib/get-me.ts';
import { type Task, useLatestMetrics, useTasks } from './tasks-api.ts';
import { useSession } from '../../lib/auth-client.ts';
import { intlLocale } from '../../lib/format.ts';
import { useMetricText } from '../../lib/metric-text.ts';
import { numberStyleOf } from '../../lib/number-style.ts';
import { CompleteDialog, EditDialog } from './task-dialogs.tsx';
import { buttonClass } from '../../components/form/buttons.ts';

/** Dates in the founder's language; metric values in the metric's unit and the founder's number style, as on Metrics. */
function useFormatters() {
  const { i18n } = useTranslation();
  const style = numberStyleOf(useMe(useSession().data?.user.id).data);
  const metricText = useMetricText(style);
  return {
    date: (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(iso)),
    /** A calendar day (YYYY-MM-DD) as written, whatever the browser's time zone. */
    day: (day: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
    metric: (task: Task, value: number | null | undefined) => metricText(task.metric, value),
    ice: (total: number) => formatIceTotal(total, style.convention),
  };
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
  const latest = useLatestMetrics();
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
          <dd className="font-medium text-foreground">{format.metric(task, task.targetValue)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('task.now')}</dt>
          <dd className="font-medium text-foreground">{format.metric(task, latest.data?.latest?.[task.metric])}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('task.ice')}</dt>
          <dd className="font-medium text-foreground">
            {t('task.iceParts', { impact: task.impact, confidence: task.confidence, ease: task.ease })}
          </dd>
        </div>
        {task.dueDate && task.status === 'active' && (
          <div className="flex gap-1">
            <dt>{t('task.due')}</dt>
            <dd className="font-medium text-foreground">{format.day(task.dueDate)}</dd>
          </div>
        )}
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

export function ActiveTab({ maximas }: { maximas: string[] }) {
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

export function DoneTab({ maximas }: { maximas: string[] }) {
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
            {task.outcome && (
              <p className="mb-2 text-sm">
                <span className="text-xs font-medium text-muted-foreground">{t('done.outcome')} </span>
                <span className="font-medium" data-outcome={task.outcome}>
                  {t(`outcome.${task.outcome}`)}
                </span>
              </p>
            )}
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
              <dd>{format.metric(task, task.metricValueAtCreation)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.atCompletion')}</dt>
              <dd>{format.metric(task, task.metricValueAtCompletion)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('done.now')}</dt>
              <dd>{format.metric(task, latest.data?.latest?.[task.metric])}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
