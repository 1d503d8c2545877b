/**
 * The landing's query (spec 2.6, 7.4): templateId, and the channel parameters that travel with the visitor to
 * the download and agreement pages and go out with tracking, get-sms and register.
 */
export interface PromoQuery {
  /** The template: `templateId`, or `id` on a link straight to a hash route (`#/downloadTemplate?id=1`). */
  templateId: number | null;
  app_from: string;
  user_from: string;
  utm_tag: string;
  invite_code: string;
  /** Spec 2.6: links_id or down_id, whichever the link carried (kept under its own name). */
  links_id: string;
  down_id: string;
}

/** Page query: the search plus the query of a hash route (`#/agreementTemplate?app_from=x`); the search wins. */
export function readQuery(search: string, hash: string): URLSearchParams {
  const params = new URLSearchParams(search);
  const q = hash.indexOf('?');
  if (q >= 0) for (const [k, v] of new URLSearchParams(hash.slice(q + 1))) if (!params.has(k)) params.append(k, v);
  return params;
}

// Channel values are short tags; the contract caps them at 64 characters.
const text = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim().slice(0, 64);

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
}

export function parsePromoQuery(params: URLSearchParams): PromoQuery {
  return {
    templateId: positiveInt(params.get('templateId')) ?? positiveInt(params.get('id')),
    app_from: text(params, 'app_from'),
    user_from: text(params, 'user_from'),
    utm_tag: text(params, 'utm_tag'),
    invite_code: text(params, 'invite_code'),
    links_id: text(params, 'links_id'),
    down_id: text(params, 'down_id'),
  };
}

export type PromoScreen = 'landing' | 'download' | 'agreement';

/** The hash routes of spec 2.6 on /promo. */
export const HASH_ROUTES: Record<Exclude<PromoScreen, 'landing'>, string> = {
  download: '#/downloadTemplate',
  agreement: '#/agreementTemplate',
};

export function screenOf(hash: string): PromoScreen {
  const route = hash.split('?')[0];
  if (route === HASH_ROUTES.download) return 'download';
  if (route === HASH_ROUTES.agreement) return 'agreement';
  return 'landing';
}

/**
 * The hash of a download / agreement page: the route plus the query of spec 2.6 (app_from, user_from, utm_tag,
 * id, and links_id or down_id). Empty values are left out.
 */
export function hashFor(screen: Exclude<PromoScreen, 'landing'>, q: PromoQuery): string {
  const params = new URLSearchParams();
  const add = (k: string, v: string | number | null) => {
    if (v !== null && v !== '') params.set(k, String(v));
  };
  add('app_from', q.app_from);
  add('user_from', q.user_from);
  add('utm_tag', q.utm_tag);
  add('id', q.templateId);
  if (q.links_id) add('links_id', q.links_id);
  else add('down_id', q.down_id);
  const qs = params.toString();
  return `${HASH_ROUTES[screen]}${qs ? `?${qs}` : ''}`;
}

export type ClientType = 'ios' | 'android' | 'other';

/** Spec 7.4 client_type: ios or android from the user agent (iPadOS 13+ says "Macintosh" with touch). */
export function clientTypeOf(userAgent: string, maxTouchPoints = 0): ClientType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

export function currentClientType(): ClientType {
  if (typeof navigator === 'undefined') return 'other';
  return clientTypeOf(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
