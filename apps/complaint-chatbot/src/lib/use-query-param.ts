import { useSearchParams } from 'react-router';

/** A page query parameter, trimmed; '' when absent. */
export function useQueryParam(name: string): string {
  const [params] = useSearchParams();
  return (params.get(name) ?? '').trim();
}

/** A query parameter that must be a whole number ≥ 0; undefined when absent or not one. */
export function parseIndex(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}
