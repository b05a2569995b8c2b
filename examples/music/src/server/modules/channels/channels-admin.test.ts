import { grantToRole } from '@backline/server';
import { type HttpSession, type RunningServer, signedInUser, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../../../e2e/support/site';

const PASSWORD = 'correct horse battery';

type AdminChannel = {
  id: number;
  name: string;
  slug: string;
  path: string;
  source: string;
  content_type: string;
  position: number;
  items_count: number;
};
type Answer = {
  message: string;
  errors?: Record<string, string[]>;
  pagination: { data: AdminChannel[]; total: number; last_page: number };
  deleted: number;
  channel: AdminChannel;
  items: { model_type: string; id: number; name: string }[];
};

describe.each(testDatabases())('admin channels on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let listener: HttpSession;
  let editor: HttpSession;
  const albums: number[] = [];
  beforeAll(async () => {
    server = await startSite({}, database);
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    listener = (await signedInUser(server, { email: 'fan@example.com', password: PASSWORD })).http;
    // An editor role: may list and edit, not create or delete (the catalogue admin's permissions).
    const knex = server.app.kit.knex;
    const [role] = await knex('roles').insert({ name: 'editor' }).returning('id');
    await grantToRole(knex, Number(role.id), 'music.update');
    editor = (
      await signedInUser(server, { email: 'editor@example.com', password: PASSWORD, roles: ['editor'] })
    ).http;
    for (const name of ['Amber', 'Basalt', 'Cobalt', 'Dune']) {
      const [row] = await knex('music_albums').insert({ name, slug: name.toLowerCase() }).returning('id');
      albums.push(Number(row.id));
    }
  }, 120_000);
  afterAll(() => server?.close());

  const knex = () => server.app.kit.knex;
  const call = async (http: HttpSession, method: string, path: string, json?: unknown) => {
    const response = await http.request(method, `/api/v1/admin/music/${path}`, json ? { json } : {});
    return { status: response.status, data: response.data as Answer };
  };
  /** What a visitor sees on the channel's public page, as names in order. */
  const publicNames = async (slug: string) => {
    const response = await server.session().request('GET', `/api/v1/channels/${slug}`);
    expect(response.status).toBe(200);
    return (
      response.data as { items: { pagination: { data: { name: string }[] } } }
    ).items.pagination.data.map((item) => item.name);
  };
  /** Creates a hand-picked album channel as the admin; answers its id. */
  const albumChannel = async (name: string, itemIds: unknown[]) => {
    const created = await call(admin, 'POST', 'channels', {
      name,
      content_type: 'album',
      source: 'manual',
      item_ids: itemIds,
    });
    expect(created.status).toBe(201);
    return created.data.channel.id;
  };
  const itemRows = (channelId: number) =>
    knex()('music_channel_items').where({ channel_id: channelId }).orderBy('position').pluck('album_id');

  it('creates a hand-picked channel, keeps its order, reorders, edits and deletes it with its items', async () => {
    const [a, b, c, d] = albums as [number, number, number, number];
    const created = await call(admin, 'POST', 'channels', {
      name: 'Staff Picks',
      content_type: 'album',
      source: 'manual',
      item_ids: [c, a, b, c],
    });
    expect(created.status).toBe(201);
    expect(created.data.channel).toMatchObject({
      name: 'Staff Picks',
      slug: 'staff-picks',
      path: '/channel/staff-picks',
      source: 'manual',
      content_type: 'album',
      items_count: 3,
    });
    // An id listed twice keeps its first place.
    expect(created.data.items.map((item) => item.name)).toEqual(['Cobalt', 'Amber', 'Basalt']);
    expect(await publicNames('staff-picks')).toEqual(['Cobalt', 'Amber', 'Basalt']);
    const id = created.data.channel.id;

    const reordered = await call(admin, 'PUT', `channels/${id}/items`, { item_ids: [a, d, b, c] });
    expect(reordered.status).toBe(200);
    expect(reordered.data.items.map((item) => item.name)).toEqual(['Amber', 'Dune', 'Basalt', 'Cobalt']);
    expect(await itemRows(id)).toEqual([a, d, b, c]);
    expect(await publicNames('staff-picks')).toEqual(['Amber', 'Dune', 'Basalt', 'Cobalt']);
    // Discover lists it, last (a new channel goes after the others), with its first items in order.
    const feed = await server.session().request('GET', '/api/v1/channels');
    const channels = (feed.data as { channels: { slug: string; items: { name: string }[] }[] }).channels;
    expect(channels.at(-1)?.slug).toBe('staff-picks');
    expect(channels.at(-1)?.items.map((item) => item.name)).toEqual(['Amber', 'Dune', 'Basalt', 'Cobalt']);

    // An edit without item_ids leaves the items alone; a new slug moves the public page.
    const renamed = await call(admin, 'PUT', `channels/${id}`, {
      name: 'Editors’ Picks',
      slug: 'Editors Picks',
      content_type: 'album',
      source: 'manual',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data.channel).toMatchObject({
      name: 'Editors’ Picks',
      slug: 'editors-picks',
      items_count: 4,
    });
    expect(await publicNames('editors-picks')).toEqual(['Amber', 'Dune', 'Basalt', 'Cobalt']);
    expect((await server.session().request('GET', '/api/v1/channels/staff-picks')).status).toBe(404);
    const shown = await call(editor, 'GET', `channels/${id}`);
    expect(shown.data.items.map((item) => item.id)).toEqual([a, d, b, c]);

    // A new content type drops the hand-picked albums.
    const retyped = await call(admin, 'PUT', `channels/${id}`, {
      name: 'Editors’ Picks',
      slug: 'editors-picks',
      content_type: 'track',
      source: 'manual',
    });
    expect(retyped.data.channel).toMatchObject({ content_type: 'track', items_count: 0 });
    expect(await itemRows(id)).toEqual([]);
    await call(admin, 'PUT', `channels/${id}`, {
      name: 'Editors’ Picks',
      content_type: 'album',
      source: 'manual',
      item_ids: [b, a],
    });
    expect(await itemRows(id)).toEqual([b, a]);

    const gone = await call(admin, 'POST', 'channels/bulk-delete', { ids: [id, 999_999] });
    expect(gone.data.deleted).toBe(1);
    expect(await knex()('music_channels').where({ id }).first()).toBeUndefined();
    expect(await knex()('music_channel_items').where({ channel_id: id }).first()).toBeUndefined();
    const actions = await knex()('audit_logs')
      .where({ target_type: 'channel', target_id: id })
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual([
      'channel.create',
      'channel.items',
      'channel.update',
      'channel.update',
      'channel.update',
      'channel.delete',
    ]);
  });

  it('edits a rule channel: the rule must list the channel’s content type, and a rule drops hand-picked items', async () => {
    const id = await albumChannel('Fresh', [albums[0]]);
    const mismatch = await call(admin, 'PUT', `channels/${id}`, {
      name: 'Fresh',
      content_type: 'track',
      source: 'new_releases',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.data.errors?.source).toEqual(['The new_releases rule lists albums, not tracks.']);
    const withItems = await call(admin, 'PUT', `channels/${id}`, {
      name: 'Fresh',
      content_type: 'album',
      source: 'new_releases',
      item_ids: [albums[1]],
    });
    expect(withItems.status).toBe(422);
    expect(withItems.data.errors?.item_ids).toEqual(['Only a hand-picked channel has items.']);
    expect(await itemRows(id)).toEqual([albums[0]]);

    const ruled = await call(admin, 'PUT', `channels/${id}`, {
      name: 'Fresh',
      content_type: 'album',
      source: 'popular_albums',
    });
    expect(ruled.status).toBe(200);
    expect(ruled.data).toMatchObject({ channel: { source: 'popular_albums', items_count: 0 }, items: [] });
    expect(await itemRows(id)).toEqual([]);
    // The rule fills the public page: every album, by plays.
    expect((await publicNames('fresh')).sort()).toEqual(['Amber', 'Basalt', 'Cobalt', 'Dune']);
    const items = await call(admin, 'PUT', `channels/${id}/items`, { item_ids: [albums[0]] });
    expect(items.status).toBe(422);
    expect(items.data.errors?.item_ids).toEqual(['Only a hand-picked channel has items.']);
    await call(admin, 'POST', 'channels/bulk-delete', { ids: [id] });
  });

  it('lists channels with search, allow-listed sorts, filters and paging; a taken slug answers 422', async () => {
    const made: number[] = [];
    for (const [name, content_type, source] of [
      ['Rising Artists', 'artist', 'trending_artists'],
      ['Top Tracks', 'track', 'popular_tracks'],
      ['Hand Picked Genres', 'genre', 'manual'],
    ] as const) {
      const answer = await call(admin, 'POST', 'channels', { name, content_type, source });
      expect(answer.status, name).toBe(201);
      made.push(answer.data.channel.id);
    }
    const clash = await call(admin, 'POST', 'channels', {
      name: 'Another',
      slug: 'top tracks',
      content_type: 'track',
      source: 'manual',
    });
    expect(clash.status).toBe(422);
    expect(clash.data.errors?.slug).toEqual(['A channel with this slug already exists.']);
    const renameClash = await call(admin, 'PUT', `channels/${made[0]}`, {
      name: 'Top Tracks',
      content_type: 'artist',
      source: 'trending_artists',
    });
    expect(renameClash.status).toBe(422);
    expect(renameClash.data.errors?.slug).toEqual(['A channel with this slug already exists.']);

    const all = await call(admin, 'GET', 'channels');
    // Discover's order by default.
    expect(all.data.pagination.data.map((c) => c.id)).toEqual(made);
    const found = await call(admin, 'GET', 'channels?query=top');
    expect(found.data.pagination.data.map((c) => c.name)).toEqual(['Top Tracks']);
    const byName = await call(admin, 'GET', 'channels?orderBy=name&orderDir=desc&perPage=2&page=2');
    expect(byName.data.pagination).toMatchObject({ total: 3, last_page: 2 });
    expect(byName.data.pagination.data.map((c) => c.name)).toEqual(['Hand Picked Genres']);
    const manual = await call(admin, 'GET', 'channels?source=manual&content_type=genre');
    expect(manual.data.pagination.data.map((c) => c.id)).toEqual([made[2]]);

    for (const path of [
      'channels?orderBy=id',
      'channels?orderBy=position;drop table music_channels',
      'channels?source=everything',
      'channels?content_type=podcast',
      'channels?perPage=500',
      'channels?orderDir=sideways',
    ]) {
      const answer = await call(admin, 'GET', path);
      expect(answer.status, path).toBe(422);
      expect(answer.data.message, path).toBeTruthy();
      expect(Object.keys(answer.data.errors ?? {}).length, path).toBeGreaterThan(0);
    }
    await call(admin, 'POST', 'channels/bulk-delete', { ids: made });
    expect(await knex()('music_channels').whereIn('id', made).first()).toBeUndefined();
  });

  it('refuses bad bodies with 422 and unknown channels with 404', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', 'channels', { name: '  ', content_type: 'album', source: 'manual' }, 'name'],
      ['POST', 'channels', { name: 'X', content_type: 'podcast', source: 'manual' }, 'content_type'],
      ['POST', 'channels', { name: 'X', content_type: 'album', source: 'random' }, 'source'],
      ['POST', 'channels', { name: 'X', slug: '!!!', content_type: 'album', source: 'manual' }, 'slug'],
      ['POST', 'channels', { name: 'X', content_type: 'album', source: 'manual', item_ids: 'a' }, 'item_ids'],
      [
        'POST',
        'channels',
        { name: 'X', content_type: 'album', source: 'manual', item_ids: [0] },
        'item_ids.0',
      ],
      [
        'POST',
        'channels',
        { name: 'X', content_type: 'album', source: 'manual', item_ids: [999_999] },
        'item_ids',
      ],
      [
        'POST',
        'channels',
        {
          name: 'X',
          content_type: 'album',
          source: 'manual',
          item_ids: Array.from({ length: 101 }, (_, i) => i + 1),
        },
        'item_ids',
      ],
      ['POST', 'channels/bulk-delete', { ids: [] }, 'ids'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await call(admin, method, path, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.data.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await knex()('music_channels').where({ name: 'X' }).first()).toBeUndefined();
    expect((await call(admin, 'GET', 'channels/999999')).status).toBe(404);
    expect((await call(admin, 'PUT', 'channels/999999/items', { item_ids: [] })).status).toBe(404);
    const missing = await call(admin, 'PUT', 'channels/999999', {
      name: 'Nobody',
      content_type: 'album',
      source: 'manual',
    });
    expect(missing.status).toBe(404);
    expect((await call(admin, 'GET', 'channels/abc')).status).toBe(422);
  });

  it('a failed write leaves the items as they were (the items and their audit row land together)', async () => {
    const id = await albumChannel('Half Written', [albums[0], albums[1]]);
    // A real failure inside the transaction: the database refuses the items' audit row, the last write.
    await knex().raw(`create or replace function refuse_channel_audit() returns trigger language plpgsql as $$
      begin if new.action = 'channel.items' then raise exception 'audit refused'; end if; return new; end $$`);
    await knex().raw(
      'create trigger refuse_channel_audit before insert on audit_logs for each row execute function refuse_channel_audit()',
    );
    try {
      const answer = await call(admin, 'PUT', `channels/${id}/items`, { item_ids: [albums[2]] });
      expect(answer.status).toBe(500);
    } finally {
      await knex().raw('drop trigger refuse_channel_audit on audit_logs');
      await knex().raw('drop function refuse_channel_audit()');
    }
    expect(await itemRows(id)).toEqual([albums[0], albums[1]]);
    const again = await call(admin, 'PUT', `channels/${id}/items`, { item_ids: [albums[2]] });
    expect(again.status).toBe(200);
    expect(await itemRows(id)).toEqual([albums[2]]);
    await call(admin, 'POST', 'channels/bulk-delete', { ids: [id] });
  });

  it('keeps the homepage on its channel: a new slug moves the setting, a delete leaves Discover', async () => {
    const settings = server.app.kit.settings;
    const id = await albumChannel('Front Page', [albums[0]]);
    const other = (
      await call(admin, 'POST', 'channels', { name: 'Side Page', content_type: 'album', source: 'manual' })
    ).data.channel.id;
    await settings.setMany({ 'homepage.type': 'channel', 'homepage.value': 'front-page' });
    try {
      // Another channel's changes leave the setting alone.
      await call(admin, 'PUT', `channels/${other}`, {
        name: 'Side Page',
        slug: 'side-page-2',
        content_type: 'album',
        source: 'manual',
      });
      await call(admin, 'POST', 'channels/bulk-delete', { ids: [other] });
      expect(await settings.get('homepage.value', null)).toBe('front-page');

      const renamed = await call(admin, 'PUT', `channels/${id}`, {
        name: 'Front Page',
        slug: 'cover-story',
        content_type: 'album',
        source: 'manual',
      });
      expect(renamed.status).toBe(200);
      expect(await settings.get('homepage.value', null)).toBe('cover-story');
      // What a visitor's bootstrap carries is the new slug, and that channel answers.
      expect(await publicNames('cover-story')).toEqual(['Amber']);

      expect((await call(admin, 'POST', 'channels/bulk-delete', { ids: [id] })).status).toBe(200);
      expect(await settings.get('homepage.type', null)).toBe('channel');
      expect(await settings.get('homepage.value', null)).toBe('');
    } finally {
      await settings.setMany({ 'homepage.type': 'landingPage', 'homepage.value': '' });
    }
  });

  // Two connections are needed to race; PGlite has one, so this runs on PostgreSQL.
  it.runIf(database.name === 'postgres')(
    'a picked album deleted while the items are being saved answers 422, never a foreign-key 500',
    async () => {
      const id = await albumChannel('Racing', [albums[0]]);
      const [row] = await knex()('music_albums')
        .insert({ name: 'Fleeting', slug: 'fleeting' })
        .returning('id');
      const doomed = Number(row.id);
      const deleting = await knex().transaction();
      try {
        await deleting('music_albums').where({ id: doomed }).delete();
        const saving = call(admin, 'PUT', `channels/${id}/items`, { item_ids: [albums[0], doomed] });
        // The save reaches the deleted row (reading it, or inserting an item that points at it) and waits on its
        // lock until the delete commits.
        await expect
          .poll(
            async () =>
              Number(
                (
                  await knex().raw(
                    `select count(*) as n from pg_stat_activity
                     where wait_event_type = 'Lock' and pid <> pg_backend_pid()
                       and (query like '%music_albums%' or query like '%music_channel_items%')`,
                  )
                ).rows[0].n,
              ),
            { timeout: 30_000 },
          )
          .toBeGreaterThan(0);
        await deleting.commit();
        const answer = await saving;
        expect(answer.status).toBe(422);
        expect(answer.data.errors?.item_ids).toEqual(['One of the selected albums does not exist.']);
      } finally {
        if (!deleting.isCompleted()) await deleting.rollback();
      }
      expect(await itemRows(id)).toEqual([albums[0]]);
      await call(admin, 'POST', 'channels/bulk-delete', { ids: [id] });
    },
  );

  it('checks the permission of every route: listeners get 403, an editor may edit but not create or delete', async () => {
    const id = await albumChannel('Guarded', [albums[0]]);
    const body = { name: 'Taken Over', content_type: 'album', source: 'manual' };
    const routes: [string, string, unknown?][] = [
      ['GET', 'channels'],
      ['GET', `channels/${id}`],
      ['POST', 'channels', body],
      ['PUT', `channels/${id}`, body],
      ['PUT', `channels/${id}/items`, { item_ids: [] }],
      ['POST', 'channels/bulk-delete', { ids: [id] }],
    ];
    for (const [method, path, json] of routes) {
      const answer = await call(listener, method, path, json);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await call(editor, 'GET', 'channels')).status).toBe(200);
    expect((await call(editor, 'PUT', `channels/${id}/items`, { item_ids: [albums[1]] })).status).toBe(200);
    expect((await call(editor, 'POST', 'channels', body)).status).toBe(403);
    expect((await call(editor, 'POST', 'channels/bulk-delete', { ids: [id] })).status).toBe(403);
    expect(await knex()('music_channels').where({ id }).first('name')).toEqual({ name: 'Guarded' });
    expect(await itemRows(id)).toEqual([albums[1]]);
    const guest = await server.session().request('GET', '/api/v1/admin/music/channels');
    expect(guest.status).toBe(401);
    await call(admin, 'POST', 'channels/bulk-delete', { ids: [id] });
  });
});
