/**
 * Public holidays of the demo calendar (issue 13: the support console's working days). Indonesian and Indian
 * dates of 2026, since the demo's borrowers are in both markets; operators edit the list in the console. Religious
 * holidays follow the announced dates (Nyepi, Idul Fitri), which can move by a day when officially confirmed.
 */
export const DEMO_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: '2026-01-01', name: "New Year's Day / Tahun Baru Masehi" },
  { date: '2026-01-26', name: 'Republic Day (India)' },
  { date: '2026-03-19', name: 'Hari Suci Nyepi (Indonesia)' },
  { date: '2026-03-20', name: 'Idul Fitri 1447 H (Indonesia)' },
  { date: '2026-08-15', name: 'Independence Day (India)' },
  { date: '2026-08-17', name: 'Hari Kemerdekaan RI (Indonesia)' },
  { date: '2026-10-02', name: 'Gandhi Jayanti (India)' },
  { date: '2026-12-25', name: 'Christmas / Hari Raya Natal' },
];
