import { ButtonLink, Link, Skeleton } from '@backline/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '../../contract';
import { useFormat } from './format';
import { PlayButton } from './play-button';
import { itemContext, type PlayableItem, usePlayItem } from './use-play-item';

interface MediaCardProps {
  href: string;
  title: string;
  subtitle?: ReactNode;
  image: string | null;
  /** Artists and listeners have round pictures. */
  round?: boolean;
  /** Something to play from the card (a round play button over the picture). */
  playable?: PlayableItem;
}

/**
 * A cover with a title and a line below. The card is one link (its title names it); the play button sits
 * beside the link, not inside it, so each stays its own control for the keyboard and screen readers.
 */
export function MediaCard({ href, title, subtitle, image, round, playable }: MediaCardProps) {
  const playItem = usePlayItem();
  return (
    <div className="music-card" data-round={round || undefined}>
      <div className="music-card__art">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="music-card__placeholder" aria-hidden="true" />
        )}
        {playable ? (
          <PlayButton
            className="music-card__play"
            name={title}
            context={itemContext(playable)}
            onPlay={() => void playItem(playable)}
          />
        ) : null}
      </div>
      <Link href={href} variant="inherit" className="music-card__title">
        {title}
      </Link>
      {subtitle ? <div className="music-card__subtitle">{subtitle}</div> : null}
    </div>
  );
}

/** The card of any channel or search item. */
export function ItemCard({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  switch (item.model_type) {
    case 'artist':
      return (
        <MediaCard
          href={item.path}
          title={item.name}
          image={item.image_small}
          round
          subtitle={t('Artist')}
          playable={item}
        />
      );
    case 'album':
      return (
        <MediaCard
          href={item.path}
          title={item.name}
          image={item.image}
          subtitle={[format.year(item.release_date), item.artists.map((artist) => artist.name).join(', ')]
            .filter(Boolean)
            .join(' · ')}
          playable={item}
        />
      );
    case 'track':
      return (
        <MediaCard
          href={item.path}
          title={item.name}
          image={item.image}
          subtitle={item.artists.map((artist) => artist.name).join(', ')}
          playable={item}
        />
      );
    case 'playlist':
      return (
        <MediaCard
          href={item.path}
          title={item.name}
          image={item.image}
          subtitle={t('By :name', { name: item.owner.display_name })}
          playable={item}
        />
      );
    case 'genre':
      return <GenreCard name={item.display_name} href={item.path} image={item.image} />;
    case 'user':
      return (
        <MediaCard
          href={item.path}
          title={item.display_name}
          image={item.avatar}
          round
          subtitle={t(':count followers', {
            count: item.followers_count,
            defaultValue_one: ':count follower',
          })}
        />
      );
  }
}

/** A genre tile: its picture under its name. */
export function GenreCard({ name, href, image }: { name: string; href: string; image: string | null }) {
  return (
    <Link href={href} variant="inherit" className="music-genre-card">
      {image ? (
        <img className="music-genre-card__image" src={image} alt="" loading="lazy" decoding="async" />
      ) : null}
      <span className="music-genre-card__name">{name}</span>
    </Link>
  );
}

/** A responsive grid of cards. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="music-grid" aria-label={label}>
      {Array.isArray(children) ? (
        children.map((child, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the children carry their own keys; this wrapper only adds the list role.
          <li key={index}>{child}</li>
        ))
      ) : (
        <li>{children}</li>
      )}
    </ul>
  );
}

/** A titled section: a heading, an optional "See all" link, and its content. */
export function Section({
  title,
  seeAllHref,
  children,
  headingLevel = 2,
}: {
  title: string;
  seeAllHref?: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="music-section" aria-label={title}>
      <div className="music-section__header">
        <Heading className="music-section__title">{title}</Heading>
        {seeAllHref ? (
          <ButtonLink
            href={seeAllHref}
            variant="text"
            size="sm"
            aria-label={t('See all: :name', { name: title })}
          >
            {t('See all')}
          </ButtonLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Cards standing in for a grid that is loading. */
export function CardGridSkeleton({ count = 6, round }: { count?: number; round?: boolean }) {
  return (
    <div className="music-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="music-card" data-round={round || undefined}>
          <Skeleton variant={round ? 'circle' : 'rect'} className="music-card__art-skeleton" />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </div>
      ))}
    </div>
  );
}
