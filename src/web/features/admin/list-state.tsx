import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An admin list's answer, announced politely: loading, failed, empty, or its rows.
 * `area` names the keys of the admin namespace (`<area>.loading`, `.loadError`, `.empty`).
 */
export function ListState<Data>({ query, area, isEmpty, children }: { query: UseQueryResult<Data>; area: string; isEmpty: (data: Data) => boolean; children: (data: Data) => ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div aria-live="polite" aria-busy={query.isFetching} className="mt-4">
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">{t(`${area}.loading`)}</p>
      ) : query.isError ? (
        <p className="text-sm text-destructive">{t(`${area}.loadError`)}</p>
      ) : isEmpty(query.data) ? (
        <p className="text-sm text-muted-foreground">{t(`${area}.empty`)}</p>
      ) : (
        children(query.data)
      )}
    </div>
  );
}
