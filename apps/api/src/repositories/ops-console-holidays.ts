import type { Queryable } from '../db/types.ts';

// The support console (migration 011; repositories/ops-console.ts re-exports every part): holidays.

export interface HolidayRow {
  date: string;
  name: string;
  createdBy: string;
  createdAt: Date;
}

const HOLIDAY_SELECT = `SELECT to_char(h.holiday_date, 'YYYY-MM-DD') AS date, h.name, COALESCE(o.username, '') AS created_by, h.created_at
  FROM public_holidays h LEFT JOIN operators o ON o.id = h.created_by`;

type RawHoliday = { date: string; name: string; created_by: string; created_at: Date };
const toHoliday = (r: RawHoliday): HolidayRow => ({ date: r.date, name: r.name, createdBy: r.created_by, createdAt: r.created_at });

export async function listHolidays(db: Queryable, year: number | null): Promise<HolidayRow[]> {
  const rows = await db.query<RawHoliday>(
    `${HOLIDAY_SELECT} WHERE $1::integer IS NULL OR extract(year FROM h.holiday_date) = $1::integer ORDER BY h.holiday_date`,
    [year],
  );
  return rows.map(toHoliday);
}

/** Every holiday date (the working-day calendar), 'YYYY-MM-DD'. */
export async function holidayDates(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ date: string }>(`SELECT to_char(holiday_date, 'YYYY-MM-DD') AS date FROM public_holidays`);
  return new Set(rows.map((r) => r.date));
}

/** Adds a holiday; null when the date already is one. */
export async function insertHoliday(
  tx: Queryable,
  h: { date: string; name: string; operatorId: number | null; now: Date },
): Promise<HolidayRow | null> {
  const inserted = await tx.query<{ date: string }>(
    `INSERT INTO public_holidays (holiday_date, name, created_by, created_at) VALUES ($1::date, $2, $3, $4)
     ON CONFLICT (holiday_date) DO NOTHING RETURNING to_char(holiday_date, 'YYYY-MM-DD') AS date`,
    [h.date, h.name, h.operatorId, h.now],
  );
  if (inserted.length === 0) return null;
  const [row] = await tx.query<RawHoliday>(`${HOLIDAY_SELECT} WHERE h.holiday_date = $1::date`, [h.date]);
  return row ? toHoliday(row) : null;
}

/** Removes a holiday; its name, or null when the date was not one. */
export async function deleteHoliday(tx: Queryable, date: string): Promise<string | null> {
  const [row] = await tx.query<{ name: string }>('DELETE FROM public_holidays WHERE holiday_date = $1::date RETURNING name', [date]);
  return row ? row.name : null;
}
