import type { CSSProperties } from 'react';
import { cx } from '../utils/cx';

export interface SkeletonProps {
  /** `text` is a line of text, `rect` a block (image, card), `circle` an avatar. */
  variant?: 'text' | 'rect' | 'circle';
  /** CSS width; text lines fill their container by default. */
  width?: number | string;
  /** CSS height; by default a text line's height, or the width for circles. */
  height?: number | string;
  /** Renders this many text lines, the last one shorter. */
  lines?: number;
  /** Stops the shimmer (it also stops when the user prefers reduced motion). */
  isStatic?: boolean;
  className?: string;
}

/**
 * A placeholder shaped like content that is loading. Purely visual (hidden from assistive technology):
 * mark the loading region with `aria-busy` and give it a label.
 */
export function Skeleton({ variant = 'text', width, height, lines = 1, isStatic, className }: SkeletonProps) {
  const style: CSSProperties = {
    ...(width !== undefined && { width }),
    ...(height !== undefined
      ? { height }
      : variant === 'circle' && width !== undefined
        ? { height: width }
        : {}),
  };
  const shape = (key?: number, last?: boolean) => (
    <span
      key={key}
      className={cx('bl-skeleton', className)}
      data-variant={variant}
      data-static={isStatic || undefined}
      data-last={last || undefined}
      style={style}
      aria-hidden="true"
    />
  );
  if (variant !== 'text' || lines <= 1) return shape();
  return (
    <span className="bl-skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => shape(index, index === lines - 1))}
    </span>
  );
}
