import { type BacklineRouter, HttpError, type Kit } from '@backline/server';
import { profiles } from '../../../contract';
import { loadPlaylists, loadProfiles } from '../catalogue/load';
import { envelope, pageIds } from '../catalogue/paginate';

export function profileRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;
  const mustExist = async (id: number) => {
    if (!(await knex()('users').where({ id }).first('id'))) throw new HttpError(404, 'Not found.');
  };

  router.route(profiles.showProfile).handle(async ({ params }) => {
    const [user] = await loadProfiles(knex(), [params.id]);
    if (!user) throw new HttpError(404, 'Not found.');
    return { user };
  });
  router.route(profiles.profilePlaylists).handle(async ({ params, query }) => {
    await mustExist(params.id);
    const q = knex()('music_playlists')
      .where({ owner_id: params.id, public: true })
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select('id');
    const page = await pageIds(q, query.page, query.perPage);
    return envelope(page, await loadPlaylists(knex(), page.ids));
  });
  router.route(profiles.profileFollowers).handle(async ({ params, query }) => {
    await mustExist(params.id);
    const q = knex()('music_user_follows')
      .where('followed_id', params.id)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'user_id' }])
      .select('user_id');
    const page = await pageIds(q, query.page, query.perPage, 'user_id');
    return envelope(page, await loadProfiles(knex(), page.ids));
  });
  router.route(profiles.profileFollowing).handle(async ({ params, query }) => {
    await mustExist(params.id);
    const q = knex()('music_user_follows')
      .where('user_id', params.id)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'followed_id' }])
      .select('followed_id');
    const page = await pageIds(q, query.page, query.perPage, 'followed_id');
    return envelope(page, await loadProfiles(knex(), page.ids));
  });
}
