import { AdminFormDialog, type DataTableColumn, useIsDirty, useServerForm } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link, ListItem, Select, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Album, catalogueAdmin } from '../../../contract';
import {
  CATALOGUE_KEYS,
  type CatalogueDialogProps,
  CatalogueListPage,
  useCatalogueCalls,
  useCatalogueSave,
} from './catalogue-list-page';
import { RecordPicker } from './record-picker';

/** Admin › Albums: search, filter by type, sort, page, create, edit and (bulk) delete with their tracks. */
export function AlbumsPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const calls = useCatalogueCalls();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const typeLabel = (type: Album['type']) =>
    type === 'album' ? t('Album') : type === 'single' ? t('Single') : t('EP');
  const columns: DataTableColumn<Album>[] = [
    {
      id: 'name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (album) => <Link href={album.path}>{album.name}</Link>,
    },
    { id: 'artists', header: t('Artists'), cell: (album) => album.artists.map((a) => a.name).join(', ') },
    { id: 'type', header: t('Type'), cell: (album) => typeLabel(album.type) },
    { id: 'tracks', header: t('Tracks'), cell: (album) => album.tracks_count },
    {
      id: 'release_date',
      header: t('Released'),
      sortable: true,
      cell: (album) => (album.release_date ? date.format(new Date(album.release_date)) : '—'),
    },
    { id: 'plays', header: t('Plays'), sortable: true, cell: (album) => album.plays },
  ];
  return (
    <CatalogueListPage<Album>
      queryKey={CATALOGUE_KEYS.albums}
      title={t('Albums')}
      newLabel={t('New album')}
      searchLabel={t('Search albums')}
      emptyMessage={t('No albums yet.')}
      deleteTitle={t('Delete albums')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the album ":name" and its tracks?', { name: rows[0]!.name })
          : t('Delete :count albums and their tracks?', { count: rows.length })
      }
      filterNames={['type']}
      fetch={calls.albums}
      remove={(ids) => http.call(catalogueAdmin.deleteAlbums, { body: { ids } })}
      columns={columns}
      filters={(params, update) => (
        <Select
          aria-label={t('Type')}
          selectedKey={params.filters.type ?? 'any'}
          onSelectionChange={(key) => update({ type: key === 'any' ? null : String(key) })}
        >
          <ListItem id="any">{t('Any type')}</ListItem>
          <ListItem id="album">{t('Album')}</ListItem>
          <ListItem id="single">{t('Single')}</ListItem>
          <ListItem id="ep">{t('EP')}</ListItem>
        </Select>
      )}
      dialog={(props) => <AlbumFormDialog {...props} />}
    />
  );
}

function AlbumFormDialog({ record, onOpenChange }: CatalogueDialogProps<Album>) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useServerForm(['name', 'type', 'release_date', 'description', 'artist_ids']);
  const [name, setName] = useState(record?.name ?? '');
  const [type, setType] = useState<Album['type']>(record?.type ?? 'album');
  const [releaseDate, setReleaseDate] = useState(record?.release_date ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const first = record?.artists[0];
  const [artist, setArtist] = useState(first ? { id: first.id, name: first.name } : null);
  const save = useCatalogueSave({
    queryKey: CATALOGUE_KEYS.albums,
    send: () => {
      // The picker sets the main artist; any others the album lists stay.
      const others = (record?.artists ?? [])
        .map((a) => a.id)
        .filter((id) => id !== artist?.id && id !== first?.id);
      const body = {
        name,
        type,
        release_date: releaseDate || null,
        description: description || null,
        artist_ids: artist ? [artist.id, ...others] : [],
      };
      return record
        ? http.call(catalogueAdmin.updateAlbum, { params: { id: record.id }, body })
        : http.call(catalogueAdmin.createAlbum, { body });
    },
    done: record ? t('Album updated') : t('Album created'),
    form,
    isNew: !record,
    onOpenChange,
  });
  const isDirty = useIsDirty({ name, type, releaseDate, description, artist: artist?.id });
  return (
    <AdminFormDialog title={record ? t('Edit album') : t('New album')} isDirty={isDirty} {...save.dialog}>
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <RecordPicker
        kind="artists"
        label={t('Artist')}
        name="artist_ids"
        value={artist}
        onChange={setArtist}
        isRequired
        errorMessage={form.validationErrors.artist_ids}
      />
      <div className="bl-admin-form__row">
        <Select
          label={t('Type')}
          name="type"
          selectedKey={type}
          onSelectionChange={(key) => setType(key as Album['type'])}
        >
          <ListItem id="album">{t('Album')}</ListItem>
          <ListItem id="single">{t('Single')}</ListItem>
          <ListItem id="ep">{t('EP')}</ListItem>
        </Select>
        <TextField
          label={t('Release date')}
          name="release_date"
          type="date"
          value={releaseDate}
          onChange={setReleaseDate}
        />
      </div>
      <TextField
        label={t('Description')}
        name="description"
        multiline
        rows={4}
        value={description}
        onChange={setDescription}
      />
    </AdminFormDialog>
  );
}

export default AlbumsPage;
