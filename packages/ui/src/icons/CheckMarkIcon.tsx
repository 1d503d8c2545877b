import { decorative, type IconProps } from './icon-props.ts';

/** The small bold tick of a chosen option or a ticked box (16 px). */
export function CheckMarkIcon(props: IconProps) {
  return (
    <svg {...decorative} viewBox="0 0 16 16" width={16} height={16} {...props}>
      <path
        d="M3.5 8.5 6.5 11.5 12.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
