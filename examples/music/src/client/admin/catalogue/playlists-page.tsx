import {
  AdminFormDialog,
  type DataTableColumn,
  listQueryOf,
  useIsDirty,
  useServerForm,
} from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link, ListItem, Select, Switch, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueAdmin, type Playlist } from '../../../contract';
import { CatalogueListPage, useCatalogueSave } from './catalogue-list-page';

const QUERY_KEY = ['admin', 'music', 'playlists'] as const;

/**
 * Admin › Playlists: every listener's playlists, private ones included: search, filter by public, sort, page,
 * edit (name, description, public) and (bulk) delete. Playlists are their owners': the admin does not create them.
 */
export function PlaylistsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const columns: DataTableColumn<Playlist>[] = [
    {
      id: 'name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (playlist) => <Link href={playlist.path}>{playlist.name}</Link>,
    },
    { id: 'owner', header: t('Owner'), cell: (playlist) => playlist.owner.display_name },
    { id: 'public', header: t('Public'), cell: (playlist) => (playlist.public ? t('Yes') : t('No')) },
    { id: 'tracks_count', header: t('Tracks'), sortable: true, cell: (playlist) => playlist.tracks_count },
    {
      id: 'updated_at',
      header: t('Updated'),
      sortable: true,
      cell: (playlist) => new Date(playlist.updated_at).toLocaleDateString(),
    },
  ];
  return (
    <CatalogueListPage<Playlist>
      queryKey={QUERY_KEY}
      title={t('Playlists')}
      newLabel=""
      searchLabel={t('Search playlists')}
      emptyMessage={t('No playlists yet.')}
      deleteTitle={t('Delete playlists')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the playlist ":name"? Its owner loses it too.', { name: rows[0]!.name })
          : t('Delete :count playlists? Their owners lose them too.', { count: rows.length })
      }
      filterNames={['public']}
      fetch={(params, signal) =>
        http.call(catalogueAdmin.listPlaylists, { query: listQueryOf(params), signal })
      }
      remove={(ids) => http.call(catalogueAdmin.deletePlaylists, { body: { ids } })}
      columns={columns}
      filters={(params, update) => (
        <Select
          aria-label={t('Public')}
          selectedKey={params.filters.public ?? 'any'}
          onSelectionChange={(key) => update({ public: key === 'any' ? null : String(key) })}
        >
          <ListItem id="any">{t('Public or private')}</ListItem>
          <ListItem id="yes">{t('Public')}</ListItem>
          <ListItem id="no">{t('Private')}</ListItem>
        </Select>
      )}
      creatable={false}
      dialog={(props) =>
        props.record ? <PlaylistFormDialog record={props.record} onOpenChange={props.onOpenChange} /> : null
      }
    />
  );
}

function PlaylistFormDialog({
  record,
  onOpenChange,
}: {
  record: Playlist;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useServerForm(['name', 'description']);
  const [name, setName] = useState(record.name);
  const [description, setDescription] = useState(record.description ?? '');
  const [isPublic, setPublic] = useState(record.public);
  const save = useCatalogueSave({
    queryKey: QUERY_KEY,
    send: () =>
      http.call(catalogueAdmin.updatePlaylist, {
        params: { id: record.id },
        body: { name, description: description || null, public: isPublic },
      }),
    done: t('Playlist updated'),
    form,
    isNew: false,
    onOpenChange,
  });
  const isDirty = useIsDirty({ name, description, isPublic });
  return (
    <AdminFormDialog title={t('Edit playlist')} isDirty={isDirty} {...save.dialog}>
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <TextField
        label={t('Description')}
        name="description"
        multiline
        rows={4}
        value={description}
        onChange={setDescription}
      />
      <Switch isSelected={isPublic} onChange={setPublic}>
        {t('Public')}
      </Switch>
    </AdminFormDialog>
  );
}

export default PlaylistsPage;
