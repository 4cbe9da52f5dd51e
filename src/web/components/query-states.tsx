import type { ReactNode } from 'react';

type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined };

/**
 * A list read from the API, in its four states: loading (announced), failed (an alert), empty,
 * or its rows, which `children` draws. The texts are the caller's, in its own namespace.
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  empty,
  isEmpty,
  className = '',
  children,
}: {
  query: Query<T>;
  loading: string;
  failed: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  /** Spacing for the state lines, where the list sits under a heading. */
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className={`${className} text-sm text-muted-foreground`}>
        {loading}
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className={`${className} text-sm text-destructive`}>
        {failed}
      </p>
    );
  }
  return isEmpty(query.data) ? <p className={`${className} text-sm text-muted-foreground`}>{empty}</p> : children(query.data);
}
