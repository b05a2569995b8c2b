import { can, type Kit, type PageHead } from '@backline/server';
import type { Album, Artist, Playlist, Track } from '../../../contract';
import { loadAlbums, loadArtists, loadPlaylists, loadTracks } from '../catalogue/load';

type Ctx = Parameters<NonNullable<import('@backline/server').BacklineModule['pageHead']>>[0];

const ROUTES = /^\/(artist|album|track|playlist)\/([1-9]\d{0,9})(?:\/|$)/;
const DESCRIPTION_MAX = 200;

const clip = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
const names = (list: { name: string }[]) => list.map((item) => item.name).join(', ');
/** ISO 8601 duration (`PT3M25S`) for schema.org. */
const duration = (ms: number) => {
  const total = Math.round(ms / 1000);
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
};

/**
 * The head of the artist, album, track and playlist pages: title, description, canonical URL, Open Graph and
 * Twitter tags and schema.org JSON-LD (MusicGroup, MusicAlbum, MusicRecording, MusicPlaylist). Private
 * playlists and missing rows give no head (the page then has the site's defaults, and says nothing about them).
 */
export async function musicPageHead(ctx: Ctx, kit: Kit): Promise<PageHead | null> {
  const match = ROUTES.exec(ctx.path);
  if (!match) return null;
  // Someone who may not browse the catalogue learns nothing about it from a page's head either.
  if (!(await can(ctx, kit, 'music.view'))) return null;
  const [, kind, idText] = match;
  const id = Number(idText);
  if (id > 2_147_483_647) return null;
  const base = (kit.config.baseUrl || `${ctx.protocol}://${ctx.host}`).replace(/\/$/, '');
  const absolute = (path: string | null) => (path ? (/^https?:/.test(path) ? path : `${base}${path}`) : null);
  const siteName = String((await kit.settings.get('branding.site_name', '')) || '');
  const head = (
    title: string,
    description: string,
    path: string,
    image: string | null,
    ogType: string,
    jsonLd: Record<string, unknown>,
  ): PageHead => {
    const url = absolute(path)!;
    const img = absolute(image);
    const fullTitle = siteName ? `${title} - ${siteName}` : title;
    return {
      title: fullTitle,
      description: clip(description),
      canonical: url,
      meta: [
        { property: 'og:type', content: ogType },
        { property: 'og:title', content: title },
        { property: 'og:description', content: clip(description) },
        { property: 'og:url', content: url },
        ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
        ...(img ? [{ property: 'og:image', content: img }] : []),
        { name: 'twitter:card', content: img ? 'summary_large_image' : 'summary' },
        { name: 'twitter:title', content: title },
        { name: 'twitter:description', content: clip(description) },
        ...(img ? [{ name: 'twitter:image', content: img }] : []),
      ],
      jsonLd: [{ '@context': 'https://schema.org', url, ...(img && { image: img }), ...jsonLd }],
    };
  };
  const recording = (track: Track) => ({
    '@type': 'MusicRecording',
    name: track.name,
    url: absolute(track.path),
    duration: duration(track.duration_ms),
    byArtist: track.artists.map((a) => ({ '@type': 'MusicGroup', name: a.name, url: absolute(a.path) })),
    ...(track.album && {
      inAlbum: { '@type': 'MusicAlbum', name: track.album.name, url: absolute(track.album.path) },
    }),
  });

  switch (kind) {
    case 'artist': {
      const [artist]: Artist[] = await loadArtists(kit.knex, [id], { albums: true });
      if (!artist) return null;
      const description =
        artist.bio ||
        `Listen to ${artist.name}: ${artist.albums_count} ${artist.albums_count === 1 ? 'release' : 'releases'}.`;
      return head(artist.name, description, artist.path, artist.image_small, 'profile', {
        '@type': 'MusicGroup',
        name: artist.name,
        ...(artist.bio && { description: artist.bio }),
        genre: artist.genres.map((g) => g.display_name),
        album: (artist.albums ?? []).map((a) => ({
          '@type': 'MusicAlbum',
          name: a.name,
          url: absolute(a.path),
        })),
      });
    }
    case 'album': {
      const [album]: Album[] = await loadAlbums(kit.knex, [id], { tracks: true });
      if (!album) return null;
      const by = names(album.artists);
      const year = album.release_date?.slice(0, 4);
      const description =
        album.description ||
        `${album.name}${by ? ` by ${by}` : ''}${year ? ` (${year})` : ''}, ${album.tracks_count} tracks.`;
      return head(
        by ? `${album.name} - ${by}` : album.name,
        description,
        album.path,
        album.image,
        'music.album',
        {
          '@type': 'MusicAlbum',
          name: album.name,
          ...(album.release_date && { datePublished: album.release_date }),
          numTracks: album.tracks_count,
          byArtist: album.artists.map((a) => ({
            '@type': 'MusicGroup',
            name: a.name,
            url: absolute(a.path),
          })),
          track: (album.tracks ?? []).map(recording),
        },
      );
    }
    case 'track': {
      const [track]: Track[] = await loadTracks(kit.knex, [id]);
      if (!track) return null;
      const by = names(track.artists);
      const description = `${track.name}${by ? ` by ${by}` : ''}${track.album ? `, from ${track.album.name}` : ''}.`;
      const { url: _url, ...data } = recording(track);
      return head(
        by ? `${track.name} - ${by}` : track.name,
        description,
        track.path,
        track.image,
        'music.song',
        data,
      );
    }
    case 'playlist': {
      const [playlist]: Playlist[] = await loadPlaylists(kit.knex, [id]);
      if (!playlist?.public) return null;
      const tracks = await kit
        .knex('music_playlist_tracks')
        .where('playlist_id', id)
        .orderBy(['position', 'track_id'])
        .limit(100)
        .pluck('track_id');
      const description =
        playlist.description ||
        `A playlist by ${playlist.owner.display_name}, ${playlist.tracks_count} tracks.`;
      return head(playlist.name, description, playlist.path, playlist.image, 'music.playlist', {
        '@type': 'MusicPlaylist',
        name: playlist.name,
        numTracks: playlist.tracks_count,
        author: { '@type': 'Person', name: playlist.owner.display_name, url: absolute(playlist.owner.path) },
        track: (await loadTracks(kit.knex, tracks.map(Number))).map(recording),
      });
    }
  }
  return null;
}
