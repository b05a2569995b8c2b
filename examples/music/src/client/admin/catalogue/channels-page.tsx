import { type DataTableColumn, listQueryOf } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link } from '@backline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { channelsAdmin } from '../../../contract';
import { CatalogueListPage } from './catalogue-list-page';
import { CHANNELS_KEY, contentTypeLabel, PUBLIC_CHANNEL_KEYS, sourceLabel } from './channel-common';
import { ChannelFormDialog } from './channel-form-dialog';

type AdminChannel = channelsAdmin.AdminChannel;

/**
 * Admin › Channels: the Discover rows, in Discover's order by default: search, sort, page, create, edit (name,
 * slug, content, source, the hand-picked items in order, a preview) and (bulk) delete.
 */
export function ChannelsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const columns: DataTableColumn<AdminChannel>[] = [
    {
      id: 'name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (channel) => <Link href={channel.path}>{channel.name}</Link>,
    },
    { id: 'slug', header: t('Address'), sortable: true, cell: (channel) => channel.path },
    {
      id: 'content_type',
      header: t('Content'),
      sortable: true,
      cell: (channel) => contentTypeLabel(t, channel.content_type),
    },
    { id: 'source', header: t('Source'), sortable: true, cell: (channel) => sourceLabel(t, channel.source) },
    {
      id: 'items',
      header: t('Items'),
      cell: (channel) => (channel.source === 'manual' ? channel.items_count : '—'),
    },
    { id: 'position', header: t('Position'), sortable: true, cell: (channel) => channel.position + 1 },
  ];
  return (
    <CatalogueListPage<AdminChannel>
      queryKey={CHANNELS_KEY}
      title={t('Channels')}
      newLabel={t('New channel')}
      searchLabel={t('Search channels')}
      emptyMessage={t('No channels yet.')}
      deleteTitle={t('Delete channels')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the channel ":name"? It leaves Discover.', { name: rows[0]!.name })
          : t('Delete :count channels? They leave Discover.', {
              count: rows.length,
              defaultValue_one: 'Delete :count channel? It leaves Discover.',
            })
      }
      fetch={(params, signal) =>
        http.call(channelsAdmin.listChannels, { query: listQueryOf(params), signal })
      }
      remove={async (ids) => {
        const answer = await http.call(channelsAdmin.deleteChannels, { body: { ids } });
        // Discover and the channel pages are cached in the browser too.
        for (const queryKey of PUBLIC_CHANNEL_KEYS) void queryClient.invalidateQueries({ queryKey });
        return answer;
      }}
      columns={columns}
      dialog={(props) => <ChannelFormDialog {...props} />}
    />
  );
}

export default ChannelsPage;
