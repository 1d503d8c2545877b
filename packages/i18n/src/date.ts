/** A date as a Date, epoch milliseconds or a string Date can parse. */
export type DateInput = Date | number | string;

function toDate(d: DateInput): Date | undefined {
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' in local time (spec 9). '' for an invalid date. */
export function formatDate(d: DateInput): string {
  const date = toDate(d);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time (spec 9). '' for an invalid date. */
export function formatDateTime(d: DateInput): string {
  const date = toDate(d);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
