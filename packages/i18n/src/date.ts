import { getLang } from './instance.ts';
import type { Lang } from './lang-code.ts';

/** A date as a Date, epoch milliseconds or a string Date can parse. */
export type DateInput = Date | number | string;

function toDate(d: DateInput): Date | undefined {
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The time zone dates and times are shown in: the market of the language, as the currency symbol is (English: India,
 * Indonesian: Indonesia's western zone, where the business calendar is: apps/api/src/lib/dates.ts). Not the phone's own
 * zone: a server-rendered page (issue 14) is formatted on a server whose zone is not the phone's, and the browser must
 * draw the same text when it hydrates (docs/performance.md, "Dates").
 */
export function timeZoneOf(lang: Lang): string {
  return lang === 'en' ? 'Asia/Kolkata' : 'Asia/Jakarta';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, lang: Lang): Record<string, string> {
  const zone = timeZoneOf(lang);
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** 'YYYY-MM-DD' (spec 9) in the language's market time (timeZoneOf). '' for an invalid date. */
export function formatDate(d: DateInput, lang: Lang = getLang()): string {
  const date = toDate(d);
  if (!date) return '';
  const p = partsOf(date, lang);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'YYYY-MM-DD HH:mm:ss' (spec 9) in the language's market time (timeZoneOf). '' for an invalid date. */
export function formatDateTime(d: DateInput, lang: Lang = getLang()): string {
  const date = toDate(d);
  if (!date) return '';
  const p = partsOf(date, lang);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
