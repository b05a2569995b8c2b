import { AdminFormDialog, type DataTableColumn, useIsDirty, useServerForm } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link, TextField } from '@backline/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueAdmin, type Genre } from '../../../contract';
import {
  CATALOGUE_KEYS,
  type CatalogueDialogProps,
  CatalogueListPage,
  useCatalogueCalls,
  useCatalogueSave,
} from './catalogue-list-page';

type GenreRow = Genre & { name: string };

/** Admin › Genres: search, sort, page, create, rename and (bulk) delete (artists and tracks only lose the tag). */
export function GenresPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const calls = useCatalogueCalls();
  const columns: DataTableColumn<GenreRow>[] = [
    {
      id: 'display_name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (genre) => <Link href={genre.path}>{genre.display_name}</Link>,
    },
    { id: 'name', header: t('Address'), sortable: true, cell: (genre) => genre.path },
    { id: 'artists', header: t('Artists'), cell: (genre) => genre.artists_count ?? 0 },
  ];
  return (
    <CatalogueListPage<GenreRow>
      queryKey={CATALOGUE_KEYS.genres}
      title={t('Genres')}
      newLabel={t('New genre')}
      searchLabel={t('Search genres')}
      emptyMessage={t('No genres yet.')}
      deleteTitle={t('Delete genres')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the genre ":name"? Artists and tracks only lose the tag.', {
              name: rows[0]!.display_name,
            })
          : t('Delete :count genres? Artists and tracks only lose the tag.', { count: rows.length })
      }
      fetch={calls.genres}
      remove={(ids) => http.call(catalogueAdmin.deleteGenres, { body: { ids } })}
      columns={columns}
      dialog={(props) => <GenreFormDialog {...props} />}
    />
  );
}

function GenreFormDialog({ record, onOpenChange }: CatalogueDialogProps<GenreRow>) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useServerForm(['name', 'display_name']);
  const [displayName, setDisplayName] = useState(record?.display_name ?? '');
  const [name, setName] = useState(record?.name ?? '');
  const save = useCatalogueSave({
    queryKey: CATALOGUE_KEYS.genres,
    send: () => {
      const body = { display_name: displayName, name: name || null };
      return record
        ? http.call(catalogueAdmin.updateGenre, { params: { id: record.id }, body })
        : http.call(catalogueAdmin.createGenre, { body });
    },
    done: record ? t('Genre updated') : t('Genre created'),
    form,
    isNew: !record,
    onOpenChange,
  });
  const isDirty = useIsDirty({ displayName, name });
  return (
    <AdminFormDialog title={record ? t('Edit genre') : t('New genre')} isDirty={isDirty} {...save.dialog}>
      <TextField
        label={t('Name')}
        name="display_name"
        isRequired
        value={displayName}
        onChange={setDisplayName}
      />
      <TextField
        label={t('Slug')}
        name="name"
        description={t('Leave empty to make it from the name.')}
        value={name}
        onChange={setName}
      />
    </AdminFormDialog>
  );
}

export default GenresPage;
