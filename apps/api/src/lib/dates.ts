/**
 * Business calendar days. Due dates, "today", quota days and days overdue are calendar days in Asia/Jakarta
 * (UTC+7, no daylight saving), written 'YYYY-MM-DD'. Arithmetic on these strings is done in UTC so that it
 * never depends on the server's own time zone.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const jakartaFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Jakarta calendar day of an instant, 'YYYY-MM-DD'. */
export function jakartaDate(d: Date): string {
  return jakartaFormat.format(d);
}

function toUtcMs(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return ms;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer: ${days}`);
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}
