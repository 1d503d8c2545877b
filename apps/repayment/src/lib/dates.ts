import { formatDate, formatDateTime } from '@lendview/i18n';

/** A server date: 'YYYY-MM-DD' is shown as it is (no time-zone shift); anything else through formatDate. */
export function showDate(value: string): string {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  return formatDate(v) || v;
}

/** A moment (ISO 8601) as 'YYYY-MM-DD HH:mm:ss' in the market's time of the page's language (spec 9; formatDateTime). */
export function showDateTime(value: string): string {
  return formatDateTime(value) || value;
}
