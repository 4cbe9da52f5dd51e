import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buildRoadmap } from '../../../core/strategy/roadmap.ts';
import type { StrategyVersion } from '../strategy/index.ts';
import { useTasks } from './tasks-api.ts';

/**
 * The MECE roadmap (docs/product.md#strategy-builder): core problem → maximas → the tasks serving each. Maximas
 * with no task and tasks serving no maxima are flagged, so gaps and strays show.
 */
export function MeceRoadmap({ strategy }: { strategy: StrategyVersion }) {
  const { t } = useTranslation('strategy');
  const active = useTasks('active');
  const done = useTasks('done');
  if (active.isPending || done.isPending) return <div role="status" aria-busy="true" aria-label={t('loading')} className="mt-3 h-24 animate-pulse rounded-md bg-muted" />;
  if (active.isError || done.isError) return <p className="mt-3 text-sm text-muted-foreground">{t('error')}</p>;
  const roadmap = buildRoadmap({ maximas: strategy.maximas, tasks: [...active.data, ...done.data] });
  const flag = (text: string) => (
    <span className="mt-1 inline-flex items-center gap-1 rounded-md bg-muted px-2 py-0.5 text-xs text-highlight">
      <AlertTriangle aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
  return (
    <div className="mt-3 text-sm">
      <p className="rounded-md bg-accent p-3 text-accent-foreground">
        <span className="block text-xs font-medium">{t('roadmap.coreProblem')}</span>
        {strategy.coreProblem}
      </p>
      <ul className="mt-3 flex flex-col gap-3 border-l-2 border-border pl-4" aria-label={t('roadmap.maximasLabel')}>
        {roadmap.branches.map((branch) => (
          <li key={branch.index}>
            <p className="font-medium">{branch.maxima}</p>
            {branch.tasks.length === 0 ? (
              flag(t('roadmap.noTasks'))
            ) : (
              <ul className="mt-1 flex flex-col gap-1 border-l border-border pl-4">
                {branch.tasks.map((task) => (
                  <li key={task.id} className="text-muted-foreground">
                    {task.hypothesis}
                    {task.status === 'done' && <span className="ml-2 text-xs">{t('roadmap.done')}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {roadmap.unlinkedTasks.length > 0 && (
        <div className="mt-4">
          {flag(t('roadmap.unlinked', { count: roadmap.unlinkedTasks.length }))}
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {roadmap.unlinkedTasks.map((task) => (
              <li key={task.id}>{task.hypothesis}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
