import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';

/**
 * A bordered table that scrolls sideways on a narrow screen, with a caption for screen
 * readers and a shaded header row: the admin lists and the billing record share this frame.
 * `head` is the header row's cells (`ColumnHeaders`, or cells of the caller's own); `children`
 * are the body's rows.
 */
export function DataTable({ caption, head, className, children }: { caption: string; head: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={cx('overflow-x-auto rounded-lg border border-border', className)}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The plain header cells of a DataTable, one per (translated) label. */
export function ColumnHeaders({ labels, nowrap = false }: { labels: readonly string[]; nowrap?: boolean }) {
  return labels.map((label) => (
    <th key={label} scope="col" className={cx('px-3 py-2 font-medium', nowrap && 'whitespace-nowrap')}>
      {label}
    </th>
  ));
}
