// The console's addresses. The shell matches a remote's routes exactly, so an item's id is a query parameter.
export const QUEUE_PATH = '/ops';
export const ITEM_PATH = '/ops/item';
export const FUNDS_PATH = '/ops/funds';
export const HOLIDAYS_PATH = '/ops/holidays';
/** Real-user signals per remote version (issue 16 item 4). */
export const RELEASES_PATH = '/ops/releases';

export const ROUTES = [QUEUE_PATH, ITEM_PATH, FUNDS_PATH, HOLIDAYS_PATH, RELEASES_PATH];

export function itemPath(kind: 'complaint' | 'contact', id: number): string {
  return `${ITEM_PATH}?kind=${kind}&id=${id}`;
}
