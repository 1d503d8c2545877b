import type { Queryable } from '../db/types.ts';

// The grievance officer's rows in app_settings (docs/compliance.md "Grievance redressal and escalation"), kept like
// the support contact (repositories/settings.ts): filled at start from GRIEVANCE_OFFICER_* when missing, never
// overwritten, read on every request (no cache: an edited row shows at once).

export const GRIEVANCE_OFFICER_SETTING = {
  name: 'grievance_officer_name',
  phone: 'grievance_officer_phone',
  email: 'grievance_officer_email',
  address: 'grievance_officer_address',
} as const;

/** The named officer a borrower may write to (RBI: grievance redressal officer; OJK: the complaint-handling unit). */
export interface GrievanceOfficer {
  name: string;
  phone: string;
  email: string;
  address: string;
}

/**
 * The officer of the demo and of a server started without GRIEVANCE_OFFICER_*: placeholder details that production
 * refuses to start with (services/startup-checks.ts grievanceOfficerProblems).
 */
export const DEMO_GRIEVANCE_OFFICER: Readonly<GrievanceOfficer> = Object.freeze({
  name: 'Ananya Rao',
  phone: '+91 80 4718 2000',
  email: 'grievance@lendview.co.id',
  address: 'Lendview Grievance Cell, 7th Floor, Tower B, 21 Residency Road, Bengaluru 560025, Karnataka, India',
});

const FIELDS = ['name', 'phone', 'email', 'address'] as const satisfies readonly (keyof GrievanceOfficer)[];

/** The stored officer fields; a field whose row is missing is absent. */
export async function getGrievanceOfficerRows(db: Queryable): Promise<Partial<GrievanceOfficer>> {
  const rows = await db.query<{ key: string; value: string }>('SELECT key, value FROM app_settings WHERE key = ANY($1)', [
    FIELDS.map((f) => GRIEVANCE_OFFICER_SETTING[f]),
  ]);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const officer: Partial<GrievanceOfficer> = {};
  for (const field of FIELDS) {
    const value = byKey.get(GRIEVANCE_OFFICER_SETTING[field]);
    if (value !== undefined) officer[field] = value;
  }
  return officer;
}

/** The grievance officer, or null while any of its four rows is missing. */
export async function getGrievanceOfficer(db: Queryable): Promise<GrievanceOfficer | null> {
  const o = await getGrievanceOfficerRows(db);
  return o.name !== undefined && o.phone !== undefined && o.email !== undefined && o.address !== undefined
    ? { name: o.name, phone: o.phone, email: o.email, address: o.address }
    : null;
}

/** Inserts the officer rows that are missing (values from GRIEVANCE_OFFICER_*); never overwrites. */
export async function ensureGrievanceOfficer(db: Queryable, defaults: GrievanceOfficer): Promise<void> {
  await db.query(
    'INSERT INTO app_settings (key, value) VALUES ($1, $2), ($3, $4), ($5, $6), ($7, $8) ON CONFLICT (key) DO NOTHING',
    FIELDS.flatMap((f) => [GRIEVANCE_OFFICER_SETTING[f], defaults[f]]),
  );
}
