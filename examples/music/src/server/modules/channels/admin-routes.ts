import {
  type BacklineRouter,
  type Context,
  HttpError,
  type Kit,
  listPage,
  recordAudit,
  ValidationError,
} from '@backline/server';
import type { Knex } from 'knex';
import { channelsAdmin as admin, type ContentItem, slugify } from '../../../contract';
import { auditDeleted } from '../catalogue/delete';
import { channelPath } from '../catalogue/paths';
import { CONTENT_COLUMNS, loadChannelItems } from './routes';

type ContentType = admin.ChannelContentType;

interface ChannelRow {
  id: number;
  name: string;
  slug: string;
  source: admin.AdminChannel['source'];
  content_type: ContentType;
  position: number;
  updated_at: Date | string;
}

/** The table each content type's items live in. */
const CONTENT_TABLES: Record<ContentType, string> = {
  artist: 'music_artists',
  album: 'music_albums',
  track: 'music_tracks',
  playlist: 'music_playlists',
  genre: 'music_genres',
};

const SLUG_TAKEN = 'A channel with this slug already exists.';

/** Rows as the admin lists them, in the order of `ids`, with their hand-picked item counts. */
async function loadAdminChannels(
  knex: Knex | Knex.Transaction,
  ids: number[],
): Promise<admin.AdminChannel[]> {
  if (!ids.length) return [];
  const rows: ChannelRow[] = await knex('music_channels').whereIn('id', ids).select('*');
  const counts: { channel_id: number; count: string | number }[] = await knex('music_channel_items')
    .whereIn('channel_id', ids)
    .groupBy('channel_id')
    .select('channel_id')
    .count({ count: '*' });
  const countOf = new Map(counts.map((row) => [Number(row.channel_id), Number(row.count)]));
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        model_type: 'channel' as const,
        id,
        name: row.name,
        slug: row.slug,
        path: channelPath(row.slug),
        source: row.source,
        content_type: row.content_type,
        position: Number(row.position),
        items_count: countOf.get(id) ?? 0,
        updated_at: new Date(row.updated_at).toISOString(),
      },
    ];
  });
}

/** A channel's hand-picked item ids, in their order. */
async function itemIdsOf(knex: Knex | Knex.Transaction, channelId: number, type: ContentType) {
  const column = CONTENT_COLUMNS[type];
  const rows = await knex('music_channel_items')
    .where({ channel_id: channelId })
    .whereNotNull(column)
    .orderBy(['position', 'id'])
    .select(column);
  return rows.map((row) => Number(row[column]));
}

/**
 * The ids as given, each once (its first place kept), every one an existing row of the type (422 otherwise).
 * Read `FOR SHARE` inside the write's transaction: a concurrent delete of a picked row waits for the commit,
 * instead of slipping in between the check and the insert and turning a 422 into a foreign-key 500.
 */
async function checkItems(
  trx: Knex.Transaction,
  type: ContentType,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await trx(CONTENT_TABLES[type]).whereIn('id', unique).forShare().select('id');
  if (found.length !== unique.length)
    throw new ValidationError({ item_ids: [`One of the selected ${type}s does not exist.`] });
  return unique;
}

/** Replaces a channel's items with `ids`, in that order. */
async function replaceItems(trx: Knex.Transaction, channelId: number, type: ContentType, ids: number[]) {
  await trx('music_channel_items').where({ channel_id: channelId }).delete();
  if (ids.length)
    await trx('music_channel_items').insert(
      ids.map((id, position) => ({ channel_id: channelId, position, [CONTENT_COLUMNS[type]]: id })),
    );
}

async function lockChannel(trx: Knex.Transaction, id: number): Promise<ChannelRow> {
  const row = await trx('music_channels').where({ id }).forUpdate().first('*');
  if (!row) throw new HttpError(404, 'Not found.');
  return row as ChannelRow;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The channel slug `/` shows (`homepage.type` is `channel`, the slug in `homepage.value`), or null. Read before
 * the write's transaction: the settings load on the app's pool, and PGlite's single connection is the
 * transaction's until it ends.
 */
async function homepageChannel(kit: Kit): Promise<string | null> {
  if ((await kit.settings.get<string>('homepage.type', '')) !== 'channel') return null;
  return kit.settings.get<string>('homepage.value', '');
}

/**
 * Keeps the homepage on a channel that exists: when the channel `/` shows gets a new slug, the setting follows
 * it; when it is deleted, the value empties and `/` shows the Discover feed rather than a "not found" page.
 * Written in the caller's transaction, so the channel and the setting change together.
 */
async function followHomepage(
  kit: Kit,
  trx: Knex.Transaction,
  shown: string | null,
  from: string[],
  to: string,
) {
  if (shown === null || !from.includes(shown)) return;
  await kit.settings.setMany({ 'homepage.value': to }, { trx });
}

/**
 * The admin's channel routes (`admin/music/channels*`): a list with search, allow-listed sorts and filters, one
 * channel with its items, create and edit (a rule channel's content type must be the rule's; a new content type
 * or a rule drops the hand-picked items), setting a hand-picked channel's items in order, and bulk delete (items
 * cascade). Each write is one transaction with its audit row. Channels are read from the database on every public
 * request (no server-side cache), so Discover and `/channel/{slug}` show a save at once.
 */
export function channelAdminRoutes(router: BacklineRouter, kit: Kit) {
  const knex = () => kit.knex;

  const answer = async (id: number) => {
    const [channel] = await loadAdminChannels(knex(), [id]);
    if (!channel) throw new HttpError(404, 'Not found.');
    const items: ContentItem[] =
      channel.source === 'manual'
        ? await loadChannelItems(
            knex(),
            channel.content_type,
            await itemIdsOf(knex(), id, channel.content_type),
            { withPrivate: true },
          )
        : [];
    return { channel, items };
  };

  router.route(admin.listChannels).handle(async ({ query }) =>
    listPage({
      base: knex()('music_channels').select('music_channels.id'),
      input: query,
      orderBy: {
        name: 'music_channels.name',
        slug: 'music_channels.slug',
        content_type: 'music_channels.content_type',
        source: 'music_channels.source',
        position: 'music_channels.position',
        created_at: 'music_channels.created_at',
        updated_at: 'music_channels.updated_at',
      },
      // Discover's order.
      defaultOrder: ['music_channels.position', 'asc'],
      idColumn: 'music_channels.id',
      search: ['music_channels.name', 'music_channels.slug'],
      filters: {
        content_type: (q, value) => q.where('music_channels.content_type', value),
        source: (q, value) => q.where('music_channels.source', value),
      },
      serialize: (rows) =>
        loadAdminChannels(
          knex(),
          rows.map((row) => Number(row.id)),
        ),
    }),
  );

  router.route(admin.showChannel).handle(({ params }) => answer(params.id));

  const save = async (ctx: Context, body: admin.ChannelBody, id: number | null) => {
    const name = body.name.trim();
    const slug = slugify(body.slug?.trim() || name);
    if (slug === '-') throw new ValidationError({ slug: ['The slug must contain letters or digits.'] });
    if (body.source !== 'manual' && admin.CHANNEL_RULES[body.source] !== body.content_type)
      throw new ValidationError({
        source: [
          `The ${body.source} rule lists ${admin.CHANNEL_RULES[body.source]}s, not ${body.content_type}s.`,
        ],
      });
    if (body.source !== 'manual' && body.item_ids?.length)
      throw new ValidationError({ item_ids: ['Only a hand-picked channel has items.'] });
    const taken = await knex()('music_channels')
      .where({ slug })
      .modify((q) => {
        if (id) q.whereNot({ id });
      })
      .first('id');
    if (taken) throw new ValidationError({ slug: [SLUG_TAKEN] });
    const homepage = id ? await homepageChannel(kit) : null;
    const savedId = await knex().transaction(async (trx) => {
      const before = id ? await lockChannel(trx, id) : null;
      const itemIds =
        body.item_ids !== undefined ? await checkItems(trx, body.content_type, body.item_ids) : undefined;
      const values = {
        name,
        slug,
        source: body.source,
        content_type: body.content_type,
        updated_at: kit.now(),
      };
      let saved = id;
      try {
        if (id) await trx('music_channels').where({ id }).update(values);
        else {
          const last = await trx('music_channels').max({ position: 'position' }).first();
          const position = last?.position == null ? 0 : Number(last.position) + 1;
          saved = Number(
            (
              await trx('music_channels')
                .insert({ ...values, position })
                .returning('id')
            )[0].id,
          );
        }
      } catch (error) {
        // Two saves racing past the check above: the unique index lets one through.
        if (isUniqueViolation(error)) throw new ValidationError({ slug: [SLUG_TAKEN] });
        throw error;
      }
      if (before && before.slug !== slug) await followHomepage(kit, trx, homepage, [before.slug], slug);
      const typeChanged = before !== null && before.content_type !== body.content_type;
      if (body.source !== 'manual' || typeChanged) await replaceItems(trx, saved!, body.content_type, []);
      if (body.source === 'manual' && itemIds !== undefined)
        await replaceItems(trx, saved!, body.content_type, itemIds);
      await recordAudit(trx, ctx, kit, {
        action: id ? 'channel.update' : 'channel.create',
        target_type: 'channel',
        target_id: saved!,
        before: before
          ? {
              name: before.name,
              slug: before.slug,
              source: before.source,
              content_type: before.content_type,
            }
          : null,
        after: { name, slug, source: body.source, content_type: body.content_type },
      });
      return saved!;
    });
    return answer(savedId);
  };
  router.route(admin.createChannel).handle(({ body, ctx }) => save(ctx, body, null));
  router.route(admin.updateChannel).handle(({ params, body, ctx }) => save(ctx, body, params.id));

  router.route(admin.setChannelItems).handle(async ({ params, body, ctx }) => {
    const current = await knex()('music_channels').where({ id: params.id }).first('source', 'content_type');
    if (!current) throw new HttpError(404, 'Not found.');
    if (current.source !== 'manual')
      throw new ValidationError({ item_ids: ['Only a hand-picked channel has items.'] });
    await knex().transaction(async (trx) => {
      const channel = await lockChannel(trx, params.id);
      // Checked again under the lock: an edit in between may have made it a rule channel or changed its type.
      if (channel.source !== 'manual' || channel.content_type !== current.content_type)
        throw new ValidationError({ item_ids: ['The channel changed meanwhile; reload it and try again.'] });
      const itemIds = await checkItems(trx, channel.content_type, body.item_ids);
      const before = await itemIdsOf(trx, params.id, channel.content_type);
      await replaceItems(trx, params.id, channel.content_type, itemIds);
      await trx('music_channels').where({ id: params.id }).update({ updated_at: kit.now() });
      await recordAudit(trx, ctx, kit, {
        action: 'channel.items',
        target_type: 'channel',
        target_id: params.id,
        before: { item_ids: before },
        after: { item_ids: itemIds },
      });
    });
    return answer(params.id);
  });

  router.route(admin.deleteChannels).handle(async ({ body, ctx }) => {
    const homepage = await homepageChannel(kit);
    const deleted = await knex().transaction(async (trx) => {
      const rows = await trx('music_channels')
        .whereIn('id', body.ids)
        .forUpdate()
        .select('id', 'name', 'slug');
      const found = rows.map((row) => Number(row.id));
      // The foreign key cascades too; deleting the items here keeps the rule visible where the delete is.
      await trx('music_channel_items').whereIn('channel_id', found).delete();
      await trx('music_channels').whereIn('id', found).delete();
      await followHomepage(
        kit,
        trx,
        homepage,
        rows.map((row) => String(row.slug)),
        '',
      );
      await auditDeleted(trx, kit, ctx, 'channel', rows, (row) => ({ name: row.name, slug: row.slug }));
      return found.length;
    });
    return { deleted };
  });
}
