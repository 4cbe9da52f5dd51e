/**
 * Joins class names, without cn's Tailwind override merging. The public pages use it:
 * they load before the app, and tailwind-merge would take about 7 kB gzip of their
 * 150 kB budget. Where a caller's class must override a default one, use cn.
 */
export { clsx as cx } from 'clsx';
