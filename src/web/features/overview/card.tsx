import { buttonClass } from '../../components/form/buttons.ts';
import { AlertCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One Overview card with its designed states: loading (a skeleton, aria-busy), error
 * (what happened and a retry), empty (what to do next) and the content. `skeleton` is the
 * content's own shape at its final size, so nothing below moves when the data arrives
 * (docs/benchmarks.md, signed-in pages: layout shift ≤ 0.1).
 */
export function OverviewCard({
  title, id, state, onRetry, empty, skeleton, children,
}: {
  skeleton?: ReactNode;
  title: string;
  id: string;
  state: 'loading' | 'error' | 'empty' | 'ready';
  onRetry?: () => void;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('overview');
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={state === 'loading'} className="flex flex-col rounded-lg border border-border bg-card p-5 text-card-foreground">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <div className="mt-3 flex-1" aria-live="polite">
        {state === 'loading' ? (
          <div className="space-y-2" role="status">
            <span className="sr-only">{t('card.loading')}</span>
            {skeleton ?? (
              <>
                <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
                <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
                <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
              </>
            )}
          </div>
        ) : state === 'error' ? (
          <div className="flex flex-col items-start gap-2 text-sm">
            <p className="flex items-center gap-2 text-destructive">
              <AlertCircle aria-hidden="true" className="size-4" />
              {t('card.error')}
            </p>
            {onRetry ? (
              <button type="button" onClick={onRetry} className={buttonClass.compact}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {t('card.retry')}
              </button>
            ) : null}
          </div>
        ) : state === 'empty' ? (
          <div className="text-sm text-muted-foreground">{empty}</div>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** A query's card state: null data (nothing yet, or the route not deployed) is empty. */
export function cardState(query: { isPending: boolean; isError: boolean }, isEmpty: boolean) {
  if (query.isPending) return 'loading' as const;
  if (query.isError) return 'error' as const;
  return isEmpty ? ('empty' as const) : ('ready' as const);
}

/** Placeholder tiles in a card's grid, each the height of the tile it stands for. */
export function SkeletonTiles({ count, className, tileClassName }: { count: number; className: string; tileClassName: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`animate-pulse rounded-md bg-muted ${tileClassName}`} />
      ))}
    </div>
  );
}
