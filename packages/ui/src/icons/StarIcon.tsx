import { decorative, type IconProps } from './icon-props.ts';

export function StarIcon(props: IconProps) {
  return (
    <svg {...decorative} viewBox="0 0 24 24" width={24} height={24} {...props}>
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8z" />
    </svg>
  );
}
