import type { ReactNode } from 'react';

type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined };

/**
 * What a page reads from the API, in its states: loading (announced), failed (an alert), empty
 * (for a list), or the data, which `children` draws. The texts are the caller's, in its own namespace.
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
  /** For a list: its text when empty, and how to tell. A single value is never empty. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
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
  return isEmpty?.(query.data) ? <p className={`${className} text-sm text-muted-foreground`}>{empty}</p> : children(query.data);
}
