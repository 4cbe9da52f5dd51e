/**
 * Calendar days in a time zone, as `YYYY-MM-DD`. Streaks count calendar days, not 24-hour
 * spans, so a day that is 23 or 25 hours long (a DST change) is still one day: the
 * arithmetic below works on the date alone, never on instants.
 */
export type CalendarDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone this runtime knows (IANA name or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day `at` falls on in `timeZone`; an unknown zone counts as UTC. */
export function calendarDay(at: Date, timeZone: string | null | undefined): CalendarDay {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = formatterFor(zone).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day `offset` days after `day` (negative for before). */
export function addDays(day: CalendarDay, offset: number): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}
