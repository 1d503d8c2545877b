import { decorative, type IconProps } from './icon-props.ts';

/** The tick of a success toast. */
export function CheckIcon(props: IconProps) {
  return (
    <svg
      {...decorative}
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
