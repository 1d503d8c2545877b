import { OPS_TIMEZONE } from '@lendview/contracts/routes';

// The console shows every time in the product's timezone, as the API's ready-made `time`/`due` fields are, so an
// answer's time and the audit trail's agree whatever the agent's device is set to.
const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: OPS_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Jakarta; '' for a missing or invalid instant. */
export function jakartaDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** 'YYYY-MM-DD' in Asia/Jakarta. */
export function jakartaDate(iso: string | null | undefined): string {
  return jakartaDateTime(iso).slice(0, 10);
}
