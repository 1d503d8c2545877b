import type { CSSProperties } from 'react';

/** A grey block holding the place of content that has not arrived, so nothing moves when it does. */
export function Skeleton({ width = '100%', height, radius, className }: {
  width?: number | string;
  height: number | string;
  radius?: number | string;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span aria-hidden="true" className={['cc-skel', className].filter(Boolean).join(' ')} style={style} />;
}
