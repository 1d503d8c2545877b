import type { CSSProperties } from 'react';

/**
 * A grey block holding the place of content that has not arrived, so nothing moves when it does.
 * `still`: no shimmer (a load that failed).
 */
export function Skeleton({ width = '100%', height, radius, still = false, className }: {
  width?: number | string;
  height: number | string;
  radius?: number | string;
  still?: boolean;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span aria-hidden="true" className={['rp-skel', still && 'is-still', className].filter(Boolean).join(' ')} style={style} />;
}
