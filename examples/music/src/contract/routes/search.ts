import { paginated, route } from '@backline/core/contract';
import * as z from 'zod/mini';
import { pageQuery } from '../fields';
import { Album, Artist, Playlist, Track, UserProfile } from '../resources';

/**
 * Search: PostgreSQL full-text search (a tsvector with a GIN index) ranked first, with trigram similarity
 * catching typos ("Nebul Drift" finds "Nebula Drift"). Only public playlists are found.
 */

const TAG = 'search';

/** The text searched for: 1 to 255 characters after trimming. */
export const searchText = z.pipe(
  z.string({ error: 'The query field is required.' }),
  z.pipe(
    z.transform((value: string) => value.trim()),
    z
      .string()
      .check(
        z.minLength(1, 'The query field is required.'),
        z.maxLength(255, 'The query must not be greater than 255 characters.'),
      ),
  ),
);

export const SEARCH_TYPES = ['artists', 'albums', 'tracks', 'playlists', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `GET search`: the "all" tab, up to 8 of each type, best first. */
export const searchAll = route({
  method: 'GET',
  path: 'search',
  tag: TAG,
  summary: 'Search everything',
  query: z.object({ query: searchText }),
  response: z.object({
    query: z.string(),
    results: z.object({
      artists: z.array(Artist),
      albums: z.array(Album),
      tracks: z.array(Track),
      playlists: z.array(Playlist),
      users: z.array(UserProfile),
    }),
  }),
  permission: 'music.view',
});

/** One suggestion of the search box: what it is, its name and where it goes. */
export const Suggestion = z.object({
  model_type: z.enum(['artist', 'album', 'track', 'user']),
  id: z.number(),
  name: z.string(),
  /** The artists of an album or a track. */
  description: z.nullable(z.string()),
  image: z.nullable(z.string()),
  path: z.string(),
});
export type Suggestion = z.infer<typeof Suggestion>;

/** `GET search/suggestions`: as-you-type suggestions (artists, albums, tracks, users; up to 5 each). */
export const suggestions = route({
  method: 'GET',
  path: 'search/suggestions',
  tag: TAG,
  summary: 'As-you-type suggestions',
  query: z.object({ query: searchText }),
  response: z.object({ query: z.string(), suggestions: z.array(Suggestion) }),
  permission: 'music.view',
});

const typed = <T extends z.ZodMiniType>(type: SearchType, item: T) =>
  route({
    method: 'GET',
    path: `search/${type}`,
    tag: TAG,
    summary: `Search ${type}`,
    query: z.object({ query: searchText, ...pageQuery(20) }),
    response: paginated(item),
    permission: 'music.view',
  });

/** `GET search/artists` … `GET search/users`: one tab, ranked and paginated. */
export const searchArtists = typed('artists', Artist);
export const searchAlbums = typed('albums', Album);
export const searchTracks = typed('tracks', Track);
export const searchPlaylists = typed('playlists', Playlist);
export const searchUsers = typed('users', UserProfile);
