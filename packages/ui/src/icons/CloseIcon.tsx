import { decorative, type IconProps } from './icon-props.ts';

export function CloseIcon(props: IconProps) {
  return (
    <svg
      {...decorative}
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      {...props}
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
