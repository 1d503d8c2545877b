import { useSearchParams } from 'react-router';
import { useQueryParam } from '@lendview/ui';

/** A query parameter that must be a whole number ≥ 0; undefined when absent or not one. */
export function parseIndex(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The selected order of the entry and grid pages: `orderNo` from the address, and a setter that replaces it
 * (other query params kept, no new history entry), which makes the page load that order's data.
 */
export function useSelectedOrder(): [string, (next: string) => void] {
  const orderNo = useQueryParam('orderNo');
  const [, setSearchParams] = useSearchParams();
  const pick = (next: string) =>
    setSearchParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('orderNo', next);
        return p;
      },
      { replace: true },
    );
  return [orderNo, pick];
}
