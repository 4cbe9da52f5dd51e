/**
 * Billing periods are counted in calendar months from an anchor instant, in UTC, as
 * payment providers do: a period started on Jan 31 renews on Feb 28 (Feb 29 in a leap
 * year), then Mar 31, never drifting to the 28th. Working on the UTC instant keeps a
 * period's length independent of the server's and the founder's time zones; only the
 * day a date is shown on depends on the founder's zone (`calendarDay`).
 */

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `months` calendar months after `anchor`, at the anchor's UTC time of day; a day the
 * target month lacks (the 31st, Feb 29) becomes its last day.
 */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/** Whole calendar months from `anchor` to `date` by UTC month number (the day is not weighed). */
export function monthsFrom(anchor: Date, date: Date): number {
  return (date.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (date.getUTCMonth() - anchor.getUTCMonth());
}

/** `months` more months after `periodEnd`, still counted from the anchor so the day never drifts. */
export function extendFromAnchor(anchor: Date, periodEnd: Date, months: number): Date {
  return addMonths(anchor, monthsFrom(anchor, periodEnd) + months);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left until `end`, counting a started day as a whole one (0 once it has passed). */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
