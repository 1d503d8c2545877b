import type { OpsRole } from '@lendview/contracts';

/** sessionStorage key of the operator's session: gone when the tab closes, never shared with borrower pages. */
export const OPS_SESSION_KEY = 'lv.ops.session';

export interface OpsSession {
  token: string;
  username: string;
  role: OpsRole;
}

function store(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSession(): OpsSession | null {
  try {
    const raw = store()?.getItem(OPS_SESSION_KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    if (v && typeof v === 'object' && 'token' in v && 'username' in v && 'role' in v) {
      const s = v as Record<string, unknown>;
      if (typeof s.token === 'string' && typeof s.username === 'string' && (s.role === 'support' || s.role === 'marketing')) {
        return { token: s.token, username: s.username, role: s.role };
      }
    }
  } catch {
    // Bad JSON or blocked storage: no session.
  }
  return null;
}

export function saveSession(session: OpsSession): void {
  try {
    store()?.setItem(OPS_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Blocked storage: the operator signs in again on the next load.
  }
}

export function clearSession(): void {
  try {
    store()?.removeItem(OPS_SESSION_KEY);
  } catch {
    // Nothing to clear.
  }
}

export function authHeaders(): Record<string, string> {
  const s = readSession();
  return s ? { Authorization: `Bearer ${s.token}` } : {};
}
