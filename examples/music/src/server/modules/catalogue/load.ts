import type { Knex } from 'knex';
import type {
  Album,
  AlbumRef,
  Artist,
  ArtistRef,
  Genre,
  Playlist,
  Track,
  UserProfile,
} from '../../../contract';
import {
  albumPath,
  artistPath,
  artworkUrl,
  DEFAULT_ARTIST_IMAGE,
  genrePath,
  playlistPath,
  streamUrl,
  trackPath,
  userPath,
} from './paths';

/**
 * Loads resources by id, in the order asked, with a fixed number of queries per call whatever the count (no
 * query per row). Lists page through ids first, then load them here.
 */

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);
const isoDay = (value: unknown): string | null => {
  if (!value) return null;
  if (value instanceof Date) {
    // `date` columns arrive as local midnight; read the calendar day back in local time.
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
};

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

function ordered<T extends { id: number }>(ids: number[], items: T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
}

const artistRef = (row: { id: number; name: string }): ArtistRef => ({
  model_type: 'artist',
  id: row.id,
  name: row.name,
  slug: artistPath(row.id, row.name).split('/')[3]!,
  path: artistPath(row.id, row.name),
});

/** The artists (as references, in billing order) of albums or tracks. */
async function artistRefs(
  knex: Knex,
  pivot: 'music_album_artists' | 'music_track_artists',
  column: string,
  ids: number[],
) {
  if (!ids.length) return new Map<number, ArtistRef[]>();
  const rows = await knex(`${pivot} as p`)
    .join('music_artists as a', 'a.id', 'p.artist_id')
    .whereIn(`p.${column}`, ids)
    .orderBy([`p.${column}`, 'p.position', 'a.id'])
    .select(`p.${column} as owner`, 'a.id', 'a.name');
  const map = new Map<number, ArtistRef[]>();
  for (const row of rows as { owner: number; id: number; name: string }[]) {
    const list = map.get(row.owner) ?? [];
    list.push(artistRef(row));
    map.set(row.owner, list);
  }
  return map;
}

function genreOf(row: Row, artistsCount?: number): Genre {
  return {
    model_type: 'genre',
    id: num(row.id),
    name: String(row.name),
    display_name: String(row.display_name),
    path: genrePath(String(row.name)),
    image: artworkUrl(row.image_id as number | null),
    ...(artistsCount !== undefined && { artists_count: artistsCount }),
  };
}

export async function loadGenres(
  knex: Knex,
  ids: number[],
  options: { counts?: boolean } = {},
): Promise<Genre[]> {
  if (!ids.length) return [];
  const rows: Row[] = await knex('music_genres').whereIn('id', ids).select('*');
  let counts = new Map<number, number>();
  if (options.counts) {
    const countRows = (await knex('music_artist_genres')
      .whereIn('genre_id', ids)
      .groupBy('genre_id')
      .select('genre_id')
      .count({ count: '*' })) as Row[];
    counts = new Map(countRows.map((r) => [num(r.genre_id), num(r.count)]));
  }
  return ordered(
    ids,
    rows.map((row) => genreOf(row, options.counts ? (counts.get(num(row.id)) ?? 0) : undefined)),
  );
}

export async function loadTracks(
  knex: Knex,
  ids: number[],
  options: { genres?: boolean; addedAt?: Map<number, Date> } = {},
): Promise<Track[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows: Row[] = await knex('music_tracks as t')
    .leftJoin('music_albums as al', 'al.id', 't.album_id')
    .whereIn('t.id', unique)
    .select(
      't.id',
      't.name',
      't.number',
      't.duration_ms',
      't.plays',
      't.popularity',
      't.album_id',
      'al.name as album_name',
      'al.image_id as album_image_id',
      'al.release_date as album_release_date',
    );
  const albumIds = [...new Set(rows.map((r) => r.album_id).filter(Boolean) as number[])];
  const [trackArtists, albumArtists] = await Promise.all([
    artistRefs(knex, 'music_track_artists', 'track_id', unique),
    artistRefs(knex, 'music_album_artists', 'album_id', albumIds),
  ]);
  let genres = new Map<number, Genre[]>();
  if (options.genres) {
    const genreRows: Row[] = await knex('music_track_genres as tg')
      .join('music_genres as g', 'g.id', 'tg.genre_id')
      .whereIn('tg.track_id', unique)
      .orderBy('g.name')
      .select('tg.track_id', 'g.*');
    genres = new Map(
      [...groupBy(genreRows, (r) => num(r.track_id))].map(([k, list]) => [k, list.map((r) => genreOf(r))]),
    );
  }
  const tracks = rows.map((row): Track => {
    const id = num(row.id);
    const name = String(row.name);
    const albumId = row.album_id ? num(row.album_id) : null;
    const image = artworkUrl(row.album_image_id as number | null);
    let album: AlbumRef | null = null;
    if (albumId) {
      const albumName = String(row.album_name);
      const path = albumPath(albumId, albumName, albumArtists.get(albumId)?.[0]?.name);
      album = {
        model_type: 'album',
        id: albumId,
        name: albumName,
        slug: path.split('/')[4]!,
        path,
        image,
        release_date: isoDay(row.album_release_date),
      };
    }
    const path = trackPath(id, name);
    const addedAt = options.addedAt?.get(id);
    return {
      model_type: 'track',
      id,
      name,
      slug: path.split('/')[3]!,
      path,
      number: num(row.number),
      duration_ms: num(row.duration_ms),
      plays: num(row.plays),
      popularity: num(row.popularity),
      image,
      stream_url: streamUrl(id),
      album,
      artists: trackArtists.get(id) ?? (albumId ? albumArtists.get(albumId) : undefined) ?? [],
      ...(options.genres && { genres: genres.get(id) ?? [] }),
      ...(addedAt && { added_at: addedAt.toISOString() }),
    };
  });
  // The same track may be listed twice (a history); keep every occurrence, in order.
  const byId = new Map(tracks.map((t) => [t.id, t]));
  return ids.map((id) => byId.get(id)).filter((t): t is Track => t !== undefined);
}

export async function loadAlbums(
  knex: Knex,
  ids: number[],
  options: { tracks?: boolean; addedAt?: Map<number, Date> } = {},
): Promise<Album[]> {
  if (!ids.length) return [];
  const rows: Row[] = await knex('music_albums').whereIn('id', ids).select('*');
  const stats: Row[] = await knex('music_tracks')
    .whereIn('album_id', ids)
    .groupBy('album_id')
    .select('album_id')
    .count({ tracks_count: '*' })
    .sum({ duration_ms: 'duration_ms' });
  const statsById = new Map(stats.map((s) => [num(s.album_id), s]));
  const artists = await artistRefs(knex, 'music_album_artists', 'album_id', ids);
  let tracks = new Map<number, Track[]>();
  if (options.tracks) {
    const trackRows = await knex('music_tracks')
      .whereIn('album_id', ids)
      .orderBy(['album_id', 'number', 'id'])
      .select('id');
    const loaded = await loadTracks(
      knex,
      trackRows.map((r) => num(r.id)),
    );
    tracks = groupBy(loaded, (t) => t.album!.id);
  }
  return ordered(
    ids,
    rows.map((row): Album => {
      const id = num(row.id);
      const name = String(row.name);
      const list = artists.get(id) ?? [];
      const path = albumPath(id, name, list[0]?.name);
      const addedAt = options.addedAt?.get(id);
      return {
        model_type: 'album',
        id,
        name,
        slug: path.split('/')[4]!,
        path,
        type: row.type as Album['type'],
        release_date: isoDay(row.release_date),
        image: artworkUrl(row.image_id as number | null),
        description: (row.description as string | null) ?? null,
        artists: list,
        tracks_count: num(statsById.get(id)?.tracks_count),
        duration_ms: num(statsById.get(id)?.duration_ms),
        plays: num(row.plays),
        likes_count: num(row.likes_count),
        ...(options.tracks && { tracks: tracks.get(id) ?? [] }),
        ...(addedAt && { added_at: addedAt.toISOString() }),
      };
    }),
  );
}

export async function loadArtists(
  knex: Knex,
  ids: number[],
  options: { albums?: boolean; addedAt?: Map<number, Date> } = {},
): Promise<Artist[]> {
  if (!ids.length) return [];
  const rows: Row[] = await knex('music_artists').whereIn('id', ids).select('*');
  const albumRows: Row[] = await knex('music_album_artists as aa')
    .join('music_albums as al', 'al.id', 'aa.album_id')
    .whereIn('aa.artist_id', ids)
    .orderByRaw('aa.artist_id, al.release_date desc nulls last, al.id desc')
    .select('aa.artist_id', 'al.id', 'al.image_id');
  const albumsByArtist = groupBy(albumRows, (r) => num(r.artist_id));
  const genreRows: Row[] = await knex('music_artist_genres as ag')
    .join('music_genres as g', 'g.id', 'ag.genre_id')
    .whereIn('ag.artist_id', ids)
    .orderBy('g.name')
    .select('ag.artist_id', 'g.*');
  const genresByArtist = groupBy(genreRows, (r) => num(r.artist_id));
  let albums = new Map<number, Album[]>();
  if (options.albums) {
    const all = await loadAlbums(knex, [...new Set(albumRows.map((r) => num(r.id)))], { tracks: true });
    const byId = new Map(all.map((a) => [a.id, a]));
    albums = new Map(
      [...albumsByArtist].map(([artistId, list]) => [
        artistId,
        list.map((r) => byId.get(num(r.id))!).filter(Boolean),
      ]),
    );
  }
  return ordered(
    ids,
    rows.map((row): Artist => {
      const id = num(row.id);
      const name = String(row.name);
      const own = artworkUrl(row.image_id as number | null);
      const firstAlbumImage = artworkUrl(
        (albumsByArtist.get(id) ?? []).find((a) => a.image_id)?.image_id as number | null,
      );
      const path = artistPath(id, name);
      const addedAt = options.addedAt?.get(id);
      const links = typeof row.links === 'string' ? JSON.parse(row.links) : (row.links ?? []);
      return {
        model_type: 'artist',
        id,
        name,
        slug: path.split('/')[3]!,
        path,
        verified: Boolean(row.verified),
        image_small: own ?? firstAlbumImage ?? DEFAULT_ARTIST_IMAGE,
        image_large: own,
        bio: (row.bio as string | null) ?? null,
        links: links as Artist['links'],
        genres: (genresByArtist.get(id) ?? []).map((r) => genreOf(r)),
        followers_count: num(row.followers_count),
        plays: num(row.plays),
        albums_count: albumsByArtist.get(id)?.length ?? 0,
        ...(options.albums && { albums: albums.get(id) ?? [] }),
        ...(addedAt && { added_at: addedAt.toISOString() }),
      };
    }),
  );
}

/** A user's display name: first and last name, else the part of the email before the `@`. */
export const profileName = (row: Row) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || String(row.email).split('@')[0]!;

export async function loadProfiles(knex: Knex, ids: number[]): Promise<UserProfile[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const rows: Row[] = await knex('users')
    .whereIn('id', unique)
    .select(
      'id',
      'first_name',
      'last_name',
      'email',
      'avatar',
      knex.raw(
        '(select count(*) from music_user_follows f where f.followed_id = users.id) as followers_count',
      ),
      knex.raw('(select count(*) from music_user_follows f where f.user_id = users.id) as following_count'),
      knex.raw(
        '(select count(*) from music_playlists p where p.owner_id = users.id and p.public) as public_playlists_count',
      ),
    );
  return ordered(
    ids,
    rows.map((row): UserProfile => {
      const id = num(row.id);
      const displayName = profileName(row);
      const path = userPath(id, displayName);
      return {
        model_type: 'user',
        id,
        display_name: displayName,
        slug: path.split('/')[3]!,
        path,
        avatar: (row.avatar as string | null) ?? null,
        followers_count: num(row.followers_count),
        following_count: num(row.following_count),
        public_playlists_count: num(row.public_playlists_count),
      };
    }),
  );
}

export async function loadPlaylists(
  knex: Knex,
  ids: number[],
  options: { collaborators?: boolean } = {},
): Promise<Playlist[]> {
  if (!ids.length) return [];
  const rows: Row[] = await knex('music_playlists').whereIn('id', ids).select('*');
  const owners = await loadProfiles(
    knex,
    rows.map((r) => num(r.owner_id)),
  );
  const ownersById = new Map(owners.map((o) => [o.id, o]));
  const stats: Row[] = await knex('music_playlist_tracks as pt')
    .join('music_tracks as t', 't.id', 'pt.track_id')
    .whereIn('pt.playlist_id', ids)
    .groupBy('pt.playlist_id')
    .select('pt.playlist_id')
    .count({ tracks_count: '*' })
    .sum({ duration_ms: 't.duration_ms' });
  const statsById = new Map(stats.map((s) => [num(s.playlist_id), s]));
  // The first track's cover stands in for a playlist without an image of its own.
  const covers: Row[] = await knex.select('c.playlist_id', 'c.image_id').from(
    knex('music_playlist_tracks as pt')
      .join('music_tracks as t', 't.id', 'pt.track_id')
      .join('music_albums as al', 'al.id', 't.album_id')
      .whereIn('pt.playlist_id', ids)
      .whereNotNull('al.image_id')
      .distinctOn('pt.playlist_id')
      .orderBy([{ column: 'pt.playlist_id' }, { column: 'pt.position' }])
      .select('pt.playlist_id', 'al.image_id', 'pt.position')
      .as('c'),
  );
  const coverById = new Map(covers.map((c) => [num(c.playlist_id), num(c.image_id)]));
  let collaborators = new Map<number, number[]>();
  if (options.collaborators) {
    const collabRows: Row[] = await knex('music_playlist_collaborators')
      .whereIn('playlist_id', ids)
      .orderBy('created_at')
      .select('playlist_id', 'user_id');
    collaborators = new Map(
      [...groupBy(collabRows, (r) => num(r.playlist_id))].map(([k, list]) => [
        k,
        list.map((r) => num(r.user_id)),
      ]),
    );
  }
  const collaboratorProfiles = new Map(
    (await loadProfiles(knex, [...collaborators.values()].flat())).map((p) => [p.id, p]),
  );
  return ordered(
    ids,
    rows
      .filter((row) => ownersById.has(num(row.owner_id)))
      .map((row): Playlist => {
        const id = num(row.id);
        const name = String(row.name);
        const path = playlistPath(id, name);
        return {
          model_type: 'playlist',
          id,
          name,
          slug: path.split('/')[3]!,
          path,
          description: (row.description as string | null) ?? null,
          image: artworkUrl((row.image_id as number | null) ?? coverById.get(id)),
          public: Boolean(row.public),
          collaborative: Boolean(row.collaborative),
          owner: ownersById.get(num(row.owner_id))!,
          ...(options.collaborators && {
            collaborators: (collaborators.get(id) ?? [])
              .map((u) => collaboratorProfiles.get(u)!)
              .filter(Boolean),
          }),
          tracks_count: num(statsById.get(id)?.tracks_count),
          duration_ms: num(statsById.get(id)?.duration_ms),
          created_at: new Date(row.created_at as string).toISOString(),
          updated_at: new Date(row.updated_at as string).toISOString(),
        };
      }),
  );
}
