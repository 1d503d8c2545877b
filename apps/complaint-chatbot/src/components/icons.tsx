/** Icons of this remote only (decorative: aria-hidden); the shared ones are in @lendview/ui. */
const svg = { 'aria-hidden': true, focusable: false } as const;

export function CameraIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className} width="28" height="28" viewBox="0 0 24 24">
      <path d="M4 8h3l1.6-2.4h6.8L17 8h3v11H4z" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
      <circle cx="12" cy="13.3" r="3.4" fill="none" stroke="currentColor" strokeWidth="1.7" />
    </svg>
  );
}

export function CloseSmall({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className} width="14" height="14" viewBox="0 0 14 14">
      <path d="M3 3l8 8M11 3l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function RetryIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className} width="18" height="18" viewBox="0 0 20 20">
      <path d="M15.5 7.5A6 6 0 1 0 16 11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M16 3.5v4h-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ListIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className} width="20" height="20" viewBox="0 0 20 20">
      <path d="M5 3.5h10v13H5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M7.5 7.5h5M7.5 10.5h5M7.5 13.5h3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** The assistant's face in the chat. */
export function BotIcon({ className }: { className?: string }) {
  return (
    <svg {...svg} className={className} width="32" height="32" viewBox="0 0 32 32">
      <circle cx="16" cy="16" r="16" fill="#e8f0fe" />
      <rect x="8" y="11" width="16" height="12" rx="4" fill="#2158d6" />
      <circle cx="13" cy="17" r="1.8" fill="#fff" />
      <circle cx="19" cy="17" r="1.8" fill="#fff" />
      <path d="M16 7.5v3.5" stroke="#2158d6" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="16" cy="7" r="1.6" fill="#2158d6" />
    </svg>
  );
}

/** Topic tile marks on the problem grid, chosen by position. */
export function TopicIcon({ index, className }: { index: number; className?: string }) {
  const paths = [
    // document
    <path key="d" d="M8 4.5h9l4 4V23H8z M17 4.5v4h4 M11 13h7M11 16.5h7M11 20h4" />,
    // wallet
    <path key="w" d="M5 9h18v13H5z M5 9l13-4v4 M18.5 15.5h4.5" />,
    // shield
    <path key="s" d="M14 4l8 3v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V7z M10.5 13.5l2.5 2.5 4.5-5" />,
    // chat
    <path key="c" d="M5 7h18v11H12l-5 4v-4H5z M10 12.5h8" />,
  ];
  return (
    <svg
      {...svg}
      className={className}
      width="28"
      height="28"
      viewBox="0 0 28 28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[index % paths.length]}
    </svg>
  );
}
