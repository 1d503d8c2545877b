import { useSearchParams } from 'react-router';

/** A page query parameter, trimmed; '' when absent. */
export function useQueryParam(name: string): string {
  const [params] = useSearchParams();
  return (params.get(name) ?? '').trim();
}
