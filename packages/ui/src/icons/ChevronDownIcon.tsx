import { decorative, type IconProps } from './icon-props.ts';

/** ChevronRightIcon turned down: an open group. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <svg {...decorative} viewBox="0 0 20 20" width={20} height={20} {...props}>
      <path d="M4.5 7.5 10 13l5.5-5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
