import { apiPath, fillPath } from '@backline/core/contract';
import { catalogue, player, slugify } from '../../../contract';

/** The image every artist without art of its own (or of its albums) shows. */
export const DEFAULT_ARTIST_IMAGE = '/images/default-artist.svg';

/** Where stored artwork is served: `/api/v1/artwork/{id}`, or null without an entry. */
export const artworkUrl = (id: number | null | undefined): string | null =>
  id ? `/${apiPath(fillPath(catalogue.artwork.path, { id }))}` : null;

export const streamUrl = (id: number): string => `/${apiPath(fillPath(player.stream.path, { id }))}`;

export const artistPath = (id: number, name: string) => `/artist/${id}/${slugify(name)}`;
export const albumPath = (id: number, name: string, artistName: string | undefined) =>
  `/album/${id}/${artistName ? slugify(artistName) : '-'}/${slugify(name)}`;
export const trackPath = (id: number, name: string) => `/track/${id}/${slugify(name)}`;
export const genrePath = (name: string) => `/genre/${encodeURIComponent(name)}`;
export const playlistPath = (id: number, name: string) => `/playlist/${id}/${slugify(name)}`;
export const channelPath = (slug: string) => `/channel/${slug}`;
export const userPath = (id: number, displayName: string) => `/user/${id}/${slugify(displayName)}`;
