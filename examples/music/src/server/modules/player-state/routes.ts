import type { BacklineRouter, Kit } from '@backline/server';
import { type PlayerState, player } from '../../../contract';
import { loadTracks } from '../catalogue/load';

const EMPTY: PlayerState = {
  queue: [],
  current_index: -1,
  position_ms: 0,
  shuffle: false,
  repeat: 'off',
  volume: 100,
};

/** The player's state per listener, so a queue continues on another device. */
export function playerStateRoutes(router: BacklineRouter, kit: Kit) {
  router.route(player.getPlayerState).handle(async ({ ctx }) => {
    const row = await kit.knex('music_player_states').where('user_id', ctx.state.user!.id).first('state');
    const state: PlayerState = row
      ? typeof row.state === 'string'
        ? JSON.parse(row.state)
        : row.state
      : EMPTY;
    return { ...state, tracks: await loadTracks(kit.knex, state.queue) };
  });
  router.route(player.savePlayerState).handle(async ({ ctx, body }) => {
    await kit
      .knex('music_player_states')
      .insert({ user_id: ctx.state.user!.id, state: JSON.stringify(body), updated_at: kit.now() })
      .onConflict('user_id')
      .merge(['state', 'updated_at']);
    return undefined;
  });
}
