// The operator session of the template editor, provided by OpsGate (kept apart so that OpsGate.tsx exports
// components only: Fast Refresh).
import { createContext, useContext } from 'react';
import type { OpsSession } from './session.ts';

export interface Gate {
  session: OpsSession;
  /** Call with any error of an ops call: 401 → login form, 403 → "cannot edit". True when it was one of those. */
  handleAuthError: (e: unknown) => boolean;
  logout: () => void;
}

export const GateContext = createContext<Gate | null>(null);

export function useOpsGate(): Gate {
  const g = useContext(GateContext);
  if (!g) throw new Error('useOpsGate outside OpsGate');
  return g;
}
