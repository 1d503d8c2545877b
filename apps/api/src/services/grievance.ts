import type { ComplaintEscalation } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';
import { t, type Lang } from '../i18n/messages.ts';
import { jakartaDate } from '../lib/dates.ts';
import { dueAtOf, overdueCutoff } from '../lib/working-days.ts';
import { getGrievanceOfficer, type GrievanceOfficer } from '../repositories/grievance-officer.ts';
import { holidayDates } from '../repositories/ops-console.ts';
import { jakartaDateTime } from './complaints.ts';

export type { GrievanceOfficer } from '../repositories/grievance-officer.ts';

/**
 * Grievance redressal and escalation (issue 18 item 3; docs/compliance.md): the named grievance officer, and how a
 * borrower escalates a complaint that was not answered within the promised time.
 */

/**
 * The grievance officer `{ name, phone, email, address }` from app_settings (filled at start from
 * GRIEVANCE_OFFICER_*), for the contact answer, the complaint screens and the key facts statement.
 */
export async function grievanceOfficerOf(db: Queryable): Promise<GrievanceOfficer> {
  const officer = await getGrievanceOfficer(db);
  if (!officer) throw new Error('grievance officer rows are missing from app_settings (ensureGrievanceOfficer not run)');
  return officer;
}

// --- Escalation ---------------------------------------------------------------------------------------------------

export type Regulator = ComplaintEscalation['regulator'];

/** Where a borrower escalates: the complaint portal and phone of each regulator. */
export const REGULATORS = {
  /** India: the RBI Integrated Ombudsman Scheme's complaint management system; toll-free 14448. */
  rbi: { name: 'RBI Integrated Ombudsman', url: 'https://cms.rbi.org.in', phone: '14448' },
  /** Indonesia: OJK's consumer complaint portal (Kontak OJK 157); phone 157. */
  ojk: { name: 'Kontak OJK 157', url: 'https://kontak157.ojk.go.id', phone: '157' },
} as const satisfies Record<Regulator, { name: string; url: string; phone: string }>;

/**
 * The regulator follows the request's language, the same rule as the currency symbol (docs/decisions.md): English is
 * the India market (₹, RBI), Indonesian the Indonesia market (Rp, OJK).
 */
export const regulatorOf = (lang: Lang): Regulator => (lang === 'en' ? 'rbi' : 'ojk');

/** The working-day calendar of one request: holidays read once, the overdue split computed once. */
export interface DueCalendar {
  holidays: ReadonlySet<string>;
  /** Waiting items that arrived before this instant are overdue (lib/working-days.ts overdueCutoff). */
  cutoff: Date;
  now: Date;
}

export async function dueCalendarAt(db: Queryable, now: Date): Promise<DueCalendar> {
  const holidays = await holidayDates(db);
  return { holidays, cutoff: overdueCutoff(now, holidays), now };
}

/** The smallest time from arrival to due: the due time is the end of a day at least 3 days after the arrival day. */
const MIN_DUE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Whether a complaint may be past its due time at `now` without reading the calendar: every due time is more than
 * 3 days after arrival, so a younger complaint is never overdue (the complaint list skips the holidays query).
 */
export const mayBeOverdue = (c: { state: string; createdAt: Date }, now: Date) =>
  c.state === 'processing' && now.getTime() - c.createdAt.getTime() > MIN_DUE_MS;

/**
 * A complaint the borrower is shown how to escalate: still waiting for the answer and past its due time (the
 * console's Overdue rule, same cutoff). The support console flags exactly these as Escalated.
 */
export const isEscalated = (c: { state: string; createdAt: Date }, cal: DueCalendar) =>
  c.state === 'processing' && c.createdAt.getTime() < cal.cutoff.getTime();

/**
 * How to escalate the complaint, in the request's language, or null while it is within its time or answered.
 * The officer comes first (its name in the text); the regulator is the language's (regulatorOf).
 */
export function escalationOf(
  c: { state: string; createdAt: Date },
  cal: DueCalendar,
  lang: Lang,
  officer: Pick<GrievanceOfficer, 'name'>,
): ComplaintEscalation | null {
  if (!isEscalated(c, cal)) return null;
  const dueAt = dueAtOf(c.createdAt, cal.holidays);
  const regulator = regulatorOf(lang);
  const r = REGULATORS[regulator];
  return {
    overdue: true,
    dueAt: dueAt.toISOString(),
    due: jakartaDateTime(dueAt),
    regulator,
    regulatorName: r.name,
    url: r.url,
    phone: r.phone,
    title: t(lang, 'escalationTitle'),
    text: t(lang, 'escalationText', { date: jakartaDate(dueAt), officer: officer.name }),
    regulatorText: t(lang, regulator === 'rbi' ? 'escalationRbi' : 'escalationOjk', { name: r.name, phone: r.phone }),
  };
}

/**
 * Escalations of several complaints of one request: the calendar and the officer are read only when some complaint
 * is old enough to be overdue (mayBeOverdue), so the usual list costs no extra query.
 */
export async function escalationsOf<C extends { id: number; state: string; createdAt: Date }>(
  db: Queryable,
  complaints: readonly C[],
  input: { lang: Lang; now: Date },
): Promise<Map<number, ComplaintEscalation>> {
  const out = new Map<number, ComplaintEscalation>();
  if (!complaints.some((c) => mayBeOverdue(c, input.now))) return out;
  const [cal, officer] = await Promise.all([dueCalendarAt(db, input.now), grievanceOfficerOf(db)]);
  for (const c of complaints) {
    const e = escalationOf(c, cal, input.lang, officer);
    if (e) out.set(c.id, e);
  }
  return out;
}

/**
 * escalationsOf with the calendar and the officer from the reference data a hot read already holds
 * (repositories/reference-data.ts): no query. Same rules, same error when the officer's rows are missing.
 */
export function escalationsFrom<C extends { id: number; state: string; createdAt: Date }>(
  complaints: readonly C[],
  input: { lang: Lang; now: Date },
  ref: { holidays: ReadonlySet<string>; grievanceOfficer: GrievanceOfficer | null } | null,
): Map<number, ComplaintEscalation> {
  const out = new Map<number, ComplaintEscalation>();
  if (!ref || !complaints.some((c) => mayBeOverdue(c, input.now))) return out;
  const officer = ref.grievanceOfficer;
  if (!officer) throw new Error('grievance officer rows are missing from app_settings (ensureGrievanceOfficer not run)');
  const cal: DueCalendar = { holidays: ref.holidays, cutoff: overdueCutoff(input.now, ref.holidays), now: input.now };
  for (const c of complaints) {
    const e = escalationOf(c, cal, input.lang, officer);
    if (e) out.set(c.id, e);
  }
  return out;
}
