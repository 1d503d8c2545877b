import { OPS_DUE_WORKING_DAYS } from '@lendview/contracts';
import { addDays, jakartaDate } from './dates.ts';

/**
 * The support promise (issue 13): an answer within 3 working days. A working day is Monday to Friday in
 * Asia/Jakarta that is not a public holiday (public_holidays, edited by operators). The day an item arrives
 * does not count, whatever the hour: the due time is the END of the third working day after it (23:59:59.999
 * Jakarta). Monday 10:00 → Thursday 23:59:59; Friday 17:00 → Wednesday 23:59:59; Saturday → Wednesday.
 */

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
/** Scanning never goes further than this (a calendar where an operator marked years as holidays). */
const MAX_SCAN_DAYS = 3660;

export const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

export const isWorkingDay = (date: string, holidays: ReadonlySet<string>) => !isWeekend(date) && !holidays.has(date);

/** The Jakarta date of the due day of an item that arrived on `arrivalDate`. */
export function dueDateOf(arrivalDate: string, holidays: ReadonlySet<string>, workingDays = OPS_DUE_WORKING_DAYS): string {
  let date = arrivalDate;
  for (let counted = 0, scanned = 0; counted < workingDays && scanned < MAX_SCAN_DAYS; scanned++) {
    date = addDays(date, 1);
    if (isWorkingDay(date, holidays)) counted++;
  }
  return date;
}

/** The first instant of a Jakarta date. */
export const jakartaStartOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - JAKARTA_OFFSET_MS);

/** The due instant of an item created at `createdAt`: the last millisecond of its due day in Jakarta. */
export function dueAtOf(createdAt: Date, holidays: ReadonlySet<string>): Date {
  return new Date(jakartaStartOf(addDays(dueDateOf(jakartaDate(createdAt), holidays), 1)).getTime() - 1);
}

/**
 * Items still waiting that arrived before the returned instant are overdue at `now`; those that arrived at or
 * after it are not. The due day never moves back when the arrival moves forward, so this one instant splits
 * the queue, and SQL can sort "overdue first" and filter "overdue only" without computing each due time.
 */
export function overdueCutoff(now: Date, holidays: ReadonlySet<string>): Date {
  const today = jakartaDate(now);
  // Overdue ⇔ the due day ended before today began. Walk back from yesterday to the latest arrival day for which
  // that holds; every later day is not overdue.
  let arrival = addDays(today, -1);
  for (let scanned = 0; scanned < MAX_SCAN_DAYS && dueDateOf(arrival, holidays) >= today; scanned++) arrival = addDays(arrival, -1);
  return jakartaStartOf(addDays(arrival, 1));
}
