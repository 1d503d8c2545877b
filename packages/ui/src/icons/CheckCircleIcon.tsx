import { decorative, type IconProps } from './icon-props.ts';

/** A white tick on a filled disc in the current colour: something paid or done (20 px). */
export function CheckCircleIcon(props: IconProps) {
  return (
    <svg {...decorative} viewBox="0 0 20 20" width={20} height={20} {...props}>
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M6.3 10.3 8.8 12.8 13.8 7.6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
