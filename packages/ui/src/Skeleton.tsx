import type { CSSProperties } from 'react';
import { cx } from './cx.ts';

export interface SkeletonProps {
  /** Default: the whole width. */
  width?: number | string;
  height: number | string;
  radius?: number | string;
  /** No shimmer: a load that failed shows a neutral, quiet page (spec 8). */
  still?: boolean;
  /** Centred in its line, or pushed to its end (the place the arriving content takes). */
  align?: 'center' | 'end';
  className?: string;
}

/** A grey block holding the place of content that has not arrived, so nothing moves when it does. */
export function Skeleton({ width = '100%', height, radius, still = false, align, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span aria-hidden="true" className={cx('lv-skel', still && 'is-still', align && `lv-skel--${align}`, className)} style={style} />;
}
