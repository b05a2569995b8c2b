import { AdminFormDialog, type DataTableColumn, useIsDirty, useServerForm } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link, ListItem, Select, Switch, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Artist, catalogueAdmin } from '../../../contract';
import {
  CATALOGUE_KEYS,
  type CatalogueDialogProps,
  CatalogueListPage,
  useCatalogueCalls,
  useCatalogueSave,
} from './catalogue-list-page';

/** Admin › Artists: search, filter by verified, sort, page, create, edit and (bulk) delete. */
export function ArtistsPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const calls = useCatalogueCalls();
  const columns: DataTableColumn<Artist>[] = [
    {
      id: 'name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (artist) => <Link href={artist.path}>{artist.name}</Link>,
    },
    { id: 'verified', header: t('Verified'), cell: (artist) => (artist.verified ? t('Yes') : t('No')) },
    {
      id: 'genres',
      header: t('Genres'),
      cell: (artist) => artist.genres.map((g) => g.display_name).join(', '),
    },
    { id: 'albums', header: t('Albums'), cell: (artist) => artist.albums_count },
    {
      id: 'followers_count',
      header: t('Followers'),
      sortable: true,
      cell: (artist) => artist.followers_count,
    },
    { id: 'plays', header: t('Plays'), sortable: true, cell: (artist) => artist.plays },
  ];
  return (
    <CatalogueListPage<Artist>
      queryKey={CATALOGUE_KEYS.artists}
      title={t('Artists')}
      newLabel={t('New artist')}
      searchLabel={t('Search artists')}
      emptyMessage={t('No artists yet.')}
      deleteTitle={t('Delete artists')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the artist ":name"? Albums by this artist alone are deleted too.', {
              name: rows[0]!.name,
            })
          : t('Delete :count artists? Albums by them alone are deleted too.', { count: rows.length })
      }
      filterNames={['verified']}
      fetch={calls.artists}
      remove={(ids) => http.call(catalogueAdmin.deleteArtists, { body: { ids } })}
      columns={columns}
      filters={(params, update) => (
        <Select
          aria-label={t('Verified')}
          selectedKey={params.filters.verified ?? 'any'}
          onSelectionChange={(key) => update({ verified: key === 'any' ? null : String(key) })}
        >
          <ListItem id="any">{t('Verified or not')}</ListItem>
          <ListItem id="yes">{t('Verified')}</ListItem>
          <ListItem id="no">{t('Not verified')}</ListItem>
        </Select>
      )}
      dialog={(props) => <ArtistFormDialog {...props} />}
    />
  );
}

function ArtistFormDialog({ record, onOpenChange }: CatalogueDialogProps<Artist>) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useServerForm(['name', 'bio', 'genres']);
  const [name, setName] = useState(record?.name ?? '');
  const [bio, setBio] = useState(record?.bio ?? '');
  const [verified, setVerified] = useState(record?.verified ?? false);
  const [genres, setGenres] = useState((record?.genres ?? []).map((g) => g.display_name).join(', '));
  const save = useCatalogueSave({
    queryKey: CATALOGUE_KEYS.artists,
    send: () => {
      const body = {
        name,
        bio: bio || null,
        verified,
        genres: genres
          .split(',')
          .map((genre) => genre.trim())
          .filter(Boolean),
      };
      return record
        ? http.call(catalogueAdmin.updateArtist, { params: { id: record.id }, body })
        : http.call(catalogueAdmin.createArtist, { body });
    },
    done: record ? t('Artist updated') : t('Artist created'),
    form,
    isNew: !record,
    onOpenChange,
  });
  const isDirty = useIsDirty({ name, bio, verified, genres });
  return (
    <AdminFormDialog title={record ? t('Edit artist') : t('New artist')} isDirty={isDirty} {...save.dialog}>
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <TextField label={t('Biography')} name="bio" multiline rows={5} value={bio} onChange={setBio} />
      <TextField
        label={t('Genres')}
        name="genres"
        description={t('Separate genres with commas.')}
        value={genres}
        onChange={setGenres}
      />
      <Switch isSelected={verified} onChange={setVerified}>
        {t('Verified')}
      </Switch>
    </AdminFormDialog>
  );
}

export default ArtistsPage;
