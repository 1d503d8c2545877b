import type { FastifyRequest } from 'fastify';
import type { Lang } from './messages.ts';

/**
 * Language of the answer (spec 1): `isNeedPop=1` in the query means English and any other isNeedPop value
 * means Indonesian, whatever the phone's language; without isNeedPop, an Accept-Language starting with `en`
 * (the page's api-client sends the page's language) means English; anything else is Indonesian.
 */
export function langOf(req: Pick<FastifyRequest, 'query' | 'headers' | 'url'>): Lang {
  let pop: unknown = (req.query as Record<string, unknown> | undefined)?.isNeedPop;
  if (pop === undefined && req.url.includes('?')) {
    // Query not parsed (an error before routing): read the raw URL.
    pop = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)).get('isNeedPop') ?? undefined;
  }
  const first: unknown = Array.isArray(pop) ? pop[0] : pop;
  if (first === '1') return 'en';
  if (first !== undefined) return 'id';
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && accept.trim().toLowerCase().startsWith('en')) return 'en';
  return 'id';
}
