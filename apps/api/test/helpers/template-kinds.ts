// The starting points of a test file's database (template-db.ts makes them once per run, setup.ts copies one),
// and the rows they hold. Kept apart from setup.ts so the global setup imports no vitest hooks.

/** empty: no table; migrated: every migration plus the support and grievance rows; seeded: migrated + demo data. */
export const TEMPLATE_KINDS = ['empty', 'migrated', 'seeded'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const SUPPORT = { email: 'help@lendview.test', phone: '+62 811 0000 1234' };
/** The grievance officer rows every test app gets (app_settings grievance_officer_*, as the server writes them). */
export const GRIEVANCE_OFFICER = {
  name: 'Test Grievance Officer',
  phone: '+91 80 0000 5678',
  email: 'grievance@lendview.test',
  address: '1 Test Street, Bengaluru 560001, India',
};
/** The demo data's "now", which is also every test app's manual clock at start. */
export const SEED_NOW = new Date('2026-03-02T03:00:00.000Z');
