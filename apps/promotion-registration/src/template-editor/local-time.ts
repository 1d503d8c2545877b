const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD HH:mm:ss' in the operator's own time zone: the editor's schedule input is in local time ("your local
 * time"), so the times it shows back are too. Borrower pages show the market's time instead (formatDateTime of
 * @lendview/i18n); the editor is never server-rendered with its data (its calls need the operator's session), so
 * nothing here has to match a server's formatting. '' for an invalid date.
 */
export function localDateTime(d: Date | number | string): string {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
