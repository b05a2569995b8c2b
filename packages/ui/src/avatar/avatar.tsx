import { type CSSProperties, useState } from 'react';
import { cx } from '../utils/cx';
import { initials } from './initials';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** The person's name: the image's alternative text, and the initials when there is no image. */
  name: string;
  /** Image URL; falls back to initials when missing or when it fails to load. */
  src?: string | null;
  /** 24, 32, 40, 56 or 90 px (90 is the profile preview size). */
  size?: AvatarSize;
  shape?: 'circle' | 'square';
  /** Hides the avatar from assistive technology when the name is already shown beside it. */
  isDecorative?: boolean;
  className?: string;
}

/** A user's picture, or their initials on a colour derived from the name. */
export function Avatar({ name, src, size = 'md', shape = 'circle', isDecorative, className }: AvatarProps) {
  // Remembers which URL failed, so a new URL gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = Boolean(src) && failedSrc === src;
  const common = {
    className: cx('bl-avatar', className),
    'data-size': size,
    'data-shape': shape,
  };
  if (src && !failed) {
    return <img {...common} src={src} alt={isDecorative ? '' : name} onError={() => setFailedSrc(src)} />;
  }
  if (isDecorative) {
    // Drawn by CSS from an attribute: a decorative avatar adds no text beside the name it decorates.
    return (
      <span
        {...common}
        style={{ '--bl-avatar-hue': hue(name) } as CSSProperties}
        data-initials={initials(name)}
        aria-hidden="true"
      />
    );
  }
  return (
    <span {...common} style={{ '--bl-avatar-hue': hue(name) } as CSSProperties} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
}

/** A stable hue per name, so the same person always gets the same colour. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}
