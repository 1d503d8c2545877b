/** Small inline icons (decorative: the text next to them says the same). */
export function PlusIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="rl-icon">
      <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="rl-icon">
      <rect x="4" y="9" width="12" height="8" rx="2" stroke="currentColor" strokeWidth="1.8" fill="none" />
      <path d="M7 9V6.5a3 3 0 0 1 6 0V9" stroke="currentColor" strokeWidth="1.8" fill="none" />
    </svg>
  );
}

export function CardIcon() {
  return (
    <svg width="26" height="20" viewBox="0 0 26 20" aria-hidden="true" focusable="false" className="rl-icon">
      <rect x="1" y="1" width="24" height="18" rx="3" stroke="currentColor" strokeWidth="2" fill="none" />
      <path d="M1 7h24" stroke="currentColor" strokeWidth="3" />
      <path d="M5 14h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
