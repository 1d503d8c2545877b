/**
 * The registration form's progress in sessionStorage (issue 13 item 4), so a reload of the landing keeps the
 * phone, the typed captcha and SMS code, the captcha on screen and the captcha the last code was sent with.
 * (Moving between the hash routes needs none of this: the form stays mounted, PromoPage.) Only within the
 * server's lifetimes: a captcha lives 5 minutes from get-sid, a binding 10 minutes from get-sms
 * (docs/promotion.md); an older one would only earn "Please enter the image captcha correctly!".
 */
export interface SentWith {
  phone: string;
  sid: string;
  capcode: string;
}

export interface SavedRegistration {
  phone: string;
  captchaText: string;
  sms: string;
  /** The captcha on screen and when get-sid issued it (ms). */
  captcha: { sid: string; at: number } | null;
  sentWith: (SentWith & { at: number }) | null;
}

/** A little under the server's 5 and 10 minutes, so a restored captcha is not one that expires on the way. */
export const CAPTCHA_KEEP_MS = 4 * 60_000;
export const SENT_WITH_KEEP_MS = 9 * 60_000;

/** The value with the time it was taken (ms), for the freshness checks of loadRegistration. */
export function stamped<T extends object>(value: T): T & { at: number } {
  return { ...value, at: Date.now() };
}

const keyOf = (templateId: number) => `lendview.promo.registration.${templateId}`;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function loadRegistration(templateId: number, now = Date.now()): SavedRegistration | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(keyOf(templateId)) ?? 'null');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const p = parsed as Record<string, unknown>;
  const captcha = p.captcha as { sid?: unknown; at?: unknown } | null | undefined;
  const sent = p.sentWith as { phone?: unknown; sid?: unknown; capcode?: unknown; at?: unknown } | null | undefined;
  const fresh = (at: unknown, keep: number) => typeof at === 'number' && now - at >= 0 && now - at < keep;
  return {
    phone: str(p.phone),
    captchaText: str(p.captchaText),
    sms: str(p.sms),
    captcha: captcha && str(captcha.sid) && fresh(captcha.at, CAPTCHA_KEEP_MS) ? { sid: str(captcha.sid), at: captcha.at as number } : null,
    sentWith:
      sent && str(sent.sid) && fresh(sent.at, SENT_WITH_KEEP_MS)
        ? { phone: str(sent.phone), sid: str(sent.sid), capcode: str(sent.capcode), at: sent.at as number }
        : null,
  };
}

export function saveRegistration(templateId: number, state: SavedRegistration): void {
  try {
    sessionStorage.setItem(keyOf(templateId), JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): the form still works, a reload just starts it again.
  }
}

export function clearRegistration(templateId: number): void {
  try {
    sessionStorage.removeItem(keyOf(templateId));
  } catch {
    // As above.
  }
}
