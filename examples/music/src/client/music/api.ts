import type { Page } from '@backline/core/contract';
import { useHttp, useUser } from '@backline/core/react';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { catalogue, library, playlists, profiles, search } from '../../contract';
import type { SearchType } from '../../contract/routes/search';

/**
 * The music pages' reads and writes, each a TanStack Query hook over one contract route. Keys start with
 * `music` so a sign-in or sign-out can drop them all at once.
 */

export const musicKeys = {
  all: ['music'] as const,
  libraryIds: ['music', 'library-ids'] as const,
  myPlaylists: ['music', 'me', 'playlists'] as const,
  playlist: (id: number) => ['music', 'playlist', id] as const,
  playlistTracks: (id: number) => ['music', 'playlist', id, 'tracks'] as const,
  library: (kind: string) => ['music', 'library', kind] as const,
};

/** The kit's page shape, as every list answers it (inferred from the contract's `paginated` schema). */
export type { Page };

/** Flattens the pages of an infinite list. */
export function allItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.pagination.data) ?? [];
}

const nextPage = <T>(last: Page<T>) =>
  last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined;

export function useChannels() {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'channels'],
    queryFn: ({ signal }) => http.call(catalogue.listChannels, { signal }),
  });
}

export function useChannel(slug: string) {
  const http = useHttp();
  return useInfiniteQuery({
    queryKey: ['music', 'channel', slug],
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) =>
      http.call(catalogue.showChannel, { params: { slug }, query: { page: pageParam, perPage: 24 }, signal }),
    getNextPageParam: (last) => nextPage(last.items),
  });
}

export function useArtist(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'artist', id],
    queryFn: ({ signal }) => http.call(catalogue.showArtist, { params: { id }, signal }),
  });
}

export function useArtistTopTracks(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'artist', id, 'top-tracks'],
    queryFn: ({ signal }) => http.call(catalogue.artistTopTracks, { params: { id }, signal }),
  });
}

export function useSimilarArtists(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'artist', id, 'similar'],
    queryFn: ({ signal }) => http.call(catalogue.similarArtists, { params: { id }, signal }),
  });
}

export function useAlbum(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'album', id],
    enabled: id > 0,
    queryFn: ({ signal }) => http.call(catalogue.showAlbum, { params: { id }, signal }),
  });
}

export function useTrack(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'track', id],
    queryFn: ({ signal }) => http.call(catalogue.showTrack, { params: { id }, signal }),
  });
}

export function useGenres() {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'genres'],
    queryFn: ({ signal }) => http.call(catalogue.listGenres, { query: { perPage: 50 }, signal }),
  });
}

export function useGenre(name: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'genre', name],
    queryFn: ({ signal }) => http.call(catalogue.showGenre, { params: { name }, signal }),
  });
}

export function useGenreArtists(name: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'genre', name, 'artists'],
    queryFn: ({ signal }) =>
      http.call(catalogue.genreArtists, { params: { name }, query: { perPage: 24 }, signal }),
  });
}

export function useGenreTracks(name: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'genre', name, 'tracks'],
    queryFn: ({ signal }) =>
      http.call(catalogue.genreTracks, { params: { name }, query: { perPage: 50 }, signal }),
  });
}

export function useTopTracks() {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'top-50'],
    queryFn: ({ signal }) => http.call(catalogue.topTracks, { signal }),
  });
}

export function usePlaylist(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: musicKeys.playlist(id),
    queryFn: ({ signal }) => http.call(playlists.showPlaylist, { params: { id }, signal }),
  });
}

export function usePlaylistTracks(id: number, enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: musicKeys.playlistTracks(id),
    enabled,
    queryFn: ({ signal }) =>
      http.call(playlists.playlistTracks, { params: { id }, query: { perPage: 1000 }, signal }),
  });
}

/** The signed-in listener's playlists (own and collaborative); idle for guests. */
export function useMyPlaylists() {
  const http = useHttp();
  const user = useUser();
  return useQuery({
    queryKey: musicKeys.myPlaylists,
    enabled: !!user,
    queryFn: ({ signal }) => http.call(playlists.myPlaylists, { query: { perPage: 50 }, signal }),
  });
}

export function useProfile(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'profile', id],
    queryFn: ({ signal }) => http.call(profiles.showProfile, { params: { id }, signal }),
  });
}

export function useProfilePlaylists(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'profile', id, 'playlists'],
    queryFn: ({ signal }) =>
      http.call(profiles.profilePlaylists, { params: { id }, query: { perPage: 48 }, signal }),
  });
}

export function useProfileUsers(id: number, kind: 'followers' | 'following') {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'profile', id, kind],
    queryFn: ({ signal }) =>
      http.call(kind === 'followers' ? profiles.profileFollowers : profiles.profileFollowing, {
        params: { id },
        query: { perPage: 48 },
        signal,
      }),
  });
}

export function useSearchAll(query: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'search', 'all', query],
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => http.call(search.searchAll, { query: { query }, signal }),
  });
}

const SEARCH_ROUTES = {
  artists: search.searchArtists,
  albums: search.searchAlbums,
  tracks: search.searchTracks,
  playlists: search.searchPlaylists,
  users: search.searchUsers,
} as const;

export function useSearchType<T extends SearchType>(type: T, query: string) {
  const http = useHttp();
  return useInfiniteQuery({
    queryKey: ['music', 'search', type, query],
    enabled: query.trim() !== '',
    initialPageParam: 1,
    queryFn: ({ signal, pageParam }) =>
      // The five routes differ only in the resource they list.
      http.call(SEARCH_ROUTES[type] as typeof search.searchTracks, {
        query: { query, page: pageParam, perPage: 20 },
        signal,
      }) as Promise<Page<unknown>>,
    getNextPageParam: nextPage,
  });
}

export function useSuggestions(query: string) {
  const http = useHttp();
  return useQuery({
    queryKey: ['music', 'suggestions', query],
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.call(search.suggestions, { query: { query }, signal }),
  });
}

export type LibraryKind = 'tracks' | 'albums' | 'artists';

export function useLibraryList(kind: LibraryKind) {
  const http = useHttp();
  const user = useUser();
  return useQuery({
    queryKey: musicKeys.library(kind),
    enabled: !!user,
    queryFn: ({ signal }) => {
      const input = { query: { perPage: 100 }, signal };
      if (kind === 'tracks') return http.call(library.likedTracks, input) as Promise<Page<unknown>>;
      if (kind === 'albums') return http.call(library.likedAlbums, input) as Promise<Page<unknown>>;
      return http.call(library.likedArtists, input) as Promise<Page<unknown>>;
    },
  });
}

export function useHistory() {
  const http = useHttp();
  const user = useUser();
  return useQuery({
    queryKey: musicKeys.library('history'),
    enabled: !!user,
    queryFn: ({ signal }) => http.call(library.history, { query: { perPage: 100 }, signal }),
  });
}

export function useClearHistory() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(library.clearHistory),
    onSuccess: () => client.invalidateQueries({ queryKey: musicKeys.library('history') }),
  });
}

type LibraryIds = {
  tracks: number[];
  albums: number[];
  artists: number[];
  users: number[];
  playlists: number[];
};
const NO_IDS: LibraryIds = { tracks: [], albums: [], artists: [], users: [], playlists: [] };

/** What the listener liked and follows, so every like and follow button knows its state without a call. */
export function useLibraryIds(): LibraryIds {
  const http = useHttp();
  const user = useUser();
  const query = useQuery({
    queryKey: musicKeys.libraryIds,
    enabled: !!user,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => http.call(library.libraryIds, { signal }),
  });
  return (user && query.data) || NO_IDS;
}

export type LikeTarget =
  | { kind: 'like'; type: 'track' | 'album'; id: number }
  | { kind: 'follow'; type: 'artist' | 'user' | 'playlist'; id: number };

/** The `library-ids` list that holds each kind of liked or followed target. */
export const ID_LIST = {
  track: 'tracks',
  album: 'albums',
  artist: 'artists',
  user: 'users',
  playlist: 'playlists',
} as const;

/**
 * Likes or follows (`on`), or undoes it. The ids update at once (optimistically) and roll back if the call
 * fails; the library lists and counts refetch afterwards.
 */
export function useToggleLike() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, on }: { target: LikeTarget; on: boolean }) => {
      if (target.kind === 'like') {
        const input = { params: { type: target.type, id: target.id } };
        await (on ? http.call(library.like, input) : http.call(library.unlike, input));
      } else {
        const input = { params: { type: target.type, id: target.id } };
        await (on ? http.call(library.follow, input) : http.call(library.unfollow, input));
      }
    },
    onMutate: async ({ target, on }) => {
      await client.cancelQueries({ queryKey: musicKeys.libraryIds });
      const previous = client.getQueryData<LibraryIds>(musicKeys.libraryIds);
      const list = ID_LIST[target.type];
      client.setQueryData<LibraryIds>(musicKeys.libraryIds, (ids = NO_IDS) => ({
        ...ids,
        [list]: on
          ? [...ids[list].filter((id) => id !== target.id), target.id]
          : ids[list].filter((id) => id !== target.id),
      }));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(musicKeys.libraryIds, context.previous);
    },
    onSettled: (_data, _error, { target }) => {
      void client.invalidateQueries({ queryKey: musicKeys.libraryIds });
      void client.invalidateQueries({ queryKey: ['music', 'library'] });
      void client.invalidateQueries({
        queryKey: ['music', target.type === 'user' ? 'profile' : target.type, target.id],
      });
    },
  });
}
