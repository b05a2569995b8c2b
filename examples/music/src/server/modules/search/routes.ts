import type { BacklineRouter, Kit } from '@backline/server';
import { SEARCH_ALL_LIMIT, SUGGESTIONS_LIMIT, search } from '../../../contract';
import type { Suggestion } from '../../../contract/routes/search';
import { loadAlbums, loadArtists, loadPlaylists, loadProfiles, loadTracks } from '../catalogue/load';
import { SEARCH_TABLES, searchIds, searchUserIds } from './search';

const page = (total: number, current: number, perPage: number) => ({
  current_page: current,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

export function searchRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  router.route(search.searchAll).handle(async ({ query }) => {
    const text = query.query;
    const [artists, albums, tracks, playlists, users] = await Promise.all([
      searchIds(knex(), SEARCH_TABLES.artists, text, 0, SEARCH_ALL_LIMIT),
      searchIds(knex(), SEARCH_TABLES.albums, text, 0, SEARCH_ALL_LIMIT),
      searchIds(knex(), SEARCH_TABLES.tracks, text, 0, SEARCH_ALL_LIMIT),
      searchIds(knex(), SEARCH_TABLES.playlists, text, 0, SEARCH_ALL_LIMIT),
      searchUserIds(knex(), text, 0, SEARCH_ALL_LIMIT),
    ]);
    return {
      query: text,
      results: {
        artists: await loadArtists(knex(), artists.ids),
        albums: await loadAlbums(knex(), albums.ids),
        tracks: await loadTracks(knex(), tracks.ids),
        playlists: await loadPlaylists(knex(), playlists.ids),
        users: await loadProfiles(knex(), users.ids),
      },
    };
  });

  router.route(search.suggestions).handle(async ({ query }) => {
    const text = query.query;
    const [artists, albums, tracks, users] = await Promise.all([
      searchIds(knex(), SEARCH_TABLES.artists, text, 0, SUGGESTIONS_LIMIT),
      searchIds(knex(), SEARCH_TABLES.albums, text, 0, SUGGESTIONS_LIMIT),
      searchIds(knex(), SEARCH_TABLES.tracks, text, 0, SUGGESTIONS_LIMIT),
      searchUserIds(knex(), text, 0, SUGGESTIONS_LIMIT),
    ]);
    const names = (list: { name: string }[]) => list.map((a) => a.name).join(', ') || null;
    const suggestions: Suggestion[] = [
      ...(await loadArtists(knex(), artists.ids)).map((a) => ({
        model_type: 'artist' as const,
        id: a.id,
        name: a.name,
        description: null,
        image: a.image_small,
        path: a.path,
      })),
      ...(await loadAlbums(knex(), albums.ids)).map((a) => ({
        model_type: 'album' as const,
        id: a.id,
        name: a.name,
        description: names(a.artists),
        image: a.image,
        path: a.path,
      })),
      ...(await loadTracks(knex(), tracks.ids)).map((t) => ({
        model_type: 'track' as const,
        id: t.id,
        name: t.name,
        description: names(t.artists),
        image: t.image,
        path: t.path,
      })),
      ...(await loadProfiles(knex(), users.ids)).map((u) => ({
        model_type: 'user' as const,
        id: u.id,
        name: u.display_name,
        description: null,
        image: u.avatar,
        path: u.path,
      })),
    ];
    return { query: text, suggestions };
  });

  const typed = async <T>(
    spec: (typeof SEARCH_TABLES)[keyof typeof SEARCH_TABLES] | 'users',
    text: string,
    current: number,
    perPage: number,
    load: (ids: number[]) => Promise<T[]>,
  ) => {
    const offset = (current - 1) * perPage;
    const found =
      spec === 'users'
        ? await searchUserIds(knex(), text, offset, perPage)
        : await searchIds(knex(), spec, text, offset, perPage);
    return { pagination: { data: await load(found.ids), ...page(found.total, current, perPage) } };
  };
  router
    .route(search.searchArtists)
    .handle(({ query }) =>
      typed(SEARCH_TABLES.artists, query.query, query.page, query.perPage, (ids) => loadArtists(knex(), ids)),
    );
  router
    .route(search.searchAlbums)
    .handle(({ query }) =>
      typed(SEARCH_TABLES.albums, query.query, query.page, query.perPage, (ids) => loadAlbums(knex(), ids)),
    );
  router
    .route(search.searchTracks)
    .handle(({ query }) =>
      typed(SEARCH_TABLES.tracks, query.query, query.page, query.perPage, (ids) => loadTracks(knex(), ids)),
    );
  router
    .route(search.searchPlaylists)
    .handle(({ query }) =>
      typed(SEARCH_TABLES.playlists, query.query, query.page, query.perPage, (ids) =>
        loadPlaylists(knex(), ids),
      ),
    );
  router
    .route(search.searchUsers)
    .handle(({ query }) =>
      typed('users', query.query, query.page, query.perPage, (ids) => loadProfiles(knex(), ids)),
    );
}
