import { useSearchParams } from 'react-router';

/** A query parameter of the page's address, trimmed; '' when absent. */
export function useQueryParam(name: string): string {
  const [params] = useSearchParams();
  return (params.get(name) ?? '').trim();
}
