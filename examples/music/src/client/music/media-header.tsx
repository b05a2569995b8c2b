import { Link } from '@backline/ui';
import type { ReactNode } from 'react';
import type { Album } from '../../contract';

interface MediaHeaderProps {
  /** "Album", "Playlist", "Artist"… above the title. */
  kind: string;
  title: ReactNode;
  image: string | null;
  round?: boolean;
  /** Lines under the title: artists, year, counts. */
  meta?: ReactNode;
  description?: ReactNode;
  /** Play, like, follow, share and menus. */
  actions?: ReactNode;
}

/** The top of a collection page: big artwork, kind, title, details, and the actions row below. */
export function MediaHeader({ kind, title, image, round, meta, description, actions }: MediaHeaderProps) {
  return (
    <header className="music-header">
      <div
        className="music-header__backdrop"
        aria-hidden="true"
        style={image ? { backgroundImage: `url("${image}")` } : undefined}
      />
      <div className="music-header__art" data-round={round || undefined}>
        {image ? <img src={image} alt="" /> : <span className="music-card__placeholder" aria-hidden="true" />}
      </div>
      <div className="music-header__info">
        <p className="music-header__kind">{kind}</p>
        <h1 className="music-header__title">{title}</h1>
        {meta ? <div className="music-header__meta">{meta}</div> : null}
        {description ? <div className="music-header__description">{description}</div> : null}
      </div>
      {actions ? <div className="music-header__actions">{actions}</div> : null}
    </header>
  );
}

/** Joins parts of a details line with a dot, leaving out the empty ones. */
export function MetaLine({ children }: { children: ReactNode[] }) {
  const parts = children.filter(
    (part) => part !== null && part !== undefined && part !== false && part !== '',
  );
  return (
    <span className="music-meta-line">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of parts.
        <span key={index} className="music-meta-line__part">
          {part}
        </span>
      ))}
    </span>
  );
}

/** A release's or a track's artists, each a link, separated by commas (the first part of a details line). */
export function ArtistLinks({ artists }: { artists: { id: number; name: string; path: string }[] }) {
  return (
    <span>
      {artists.map((artist, index) => (
        <span key={artist.id}>
          {index > 0 ? ', ' : null}
          <Link href={artist.path} variant="inherit" className="music-strong-link">
            {artist.name}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** "Album", "Single" or "EP". */
export function albumType(t: (key: string) => string, type: Album['type']) {
  return type === 'single' ? t('Single') : type === 'ep' ? t('EP') : t('Album');
}
