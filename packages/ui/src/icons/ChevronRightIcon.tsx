import { decorative, type IconProps } from './icon-props.ts';

/** '›' of a row that opens something (20 px; `width`/`height` resize it). */
export function ChevronRightIcon(props: IconProps) {
  return (
    <svg {...decorative} viewBox="0 0 20 20" width={20} height={20} {...props}>
      <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
