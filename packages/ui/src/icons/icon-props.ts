import type { SVGProps } from 'react';

/** Every icon is decorative (the text next to it says the same); any SVG attribute overrides the defaults. */
export type IconProps = SVGProps<SVGSVGElement>;

export const decorative = { 'aria-hidden': true, focusable: false } as const;
