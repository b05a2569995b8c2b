import { adminFiles } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Button, DialogTrigger, Skeleton, TextField, toast } from '@backline/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../dashboard/format';
import { AdminPage } from '../shell/admin-page';

type FileEntry = adminFiles.AdminFileEntry;

/**
 * `/admin/files`: every stored file (owner, type, size, date, storage) with an image or audio preview and delete,
 * and the storage each user takes.
 */
export function FilesPage() {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const files = useQuery({
    queryKey: ['admin', 'files', search, page],
    queryFn: ({ signal }) =>
      http.call(adminFiles.list, { query: { query: search || undefined, page, perPage: 25 }, signal }),
    placeholderData: keepPreviousData,
  });
  const usage = useQuery({
    queryKey: ['admin', 'files', 'usage'],
    queryFn: ({ signal }) => http.call(adminFiles.usage, { query: { perPage: 10 }, signal }),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const remove = async (file: FileEntry) => {
    try {
      await http.call(adminFiles.remove, { params: { id: file.id } });
      await client.invalidateQueries({ queryKey: ['admin', 'files'] });
      toast.positive(t('File deleted'));
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again later.'));
    }
  };
  const data = files.data?.pagination;

  return (
    <AdminPage title={t('Files')}>
      <section aria-labelledby="files-usage" className="bl-files-usage">
        <h2 id="files-usage" className="bl-settings-section__title">
          {t('Storage per user')}
        </h2>
        {usage.data ? (
          <ul>
            {usage.data.pagination.data.map((row) => (
              <li key={row.user_id ?? 'none'}>
                {row.email ?? t('No owner')}: {formatBytes(row.bytes, i18n.language)} (
                {t(':count files', { count: row.files, defaultValue_one: ':count file' })})
              </li>
            ))}
          </ul>
        ) : (
          <Skeleton lines={2} />
        )}
      </section>
      <TextField
        type="search"
        aria-label={t('Search files')}
        placeholder={t('Search files')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {files.isError ? (
        <p role="alert">{t('There was an issue. Please try again later.')}</p>
      ) : !data ? (
        <Skeleton lines={6} />
      ) : data.data.length === 0 ? (
        <p>{t('No files yet.')}</p>
      ) : (
        <div className="bl-admin-table-scroll">
          <table className="bl-admin-simple-table">
            <caption className="bl-visually-hidden">{t('Files')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Preview')}</th>
                <th scope="col">{t('Name')}</th>
                <th scope="col">{t('Owner')}</th>
                <th scope="col">{t('Type')}</th>
                <th scope="col">{t('Size')}</th>
                <th scope="col">{t('Uploaded')}</th>
                <th scope="col">{t('Storage')}</th>
                <th scope="col">{t('Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((file) => (
                <tr key={file.id}>
                  <td>
                    <Preview file={file} />
                  </td>
                  <th scope="row">{file.name}</th>
                  <td>{file.owner?.email ?? '—'}</td>
                  <td>{file.mime}</td>
                  <td>{formatBytes(file.size, i18n.language)}</td>
                  <td>{date.format(new Date(file.created_at))}</td>
                  <td>{file.disk}</td>
                  <td>
                    <DialogTrigger>
                      <Button size="sm" variant="danger">
                        {t('Delete')}
                        <span className="bl-visually-hidden"> ({file.name})</span>
                      </Button>
                      <AlertDialog
                        title={t('Delete file')}
                        variant="danger"
                        confirmLabel={t('Delete')}
                        onConfirm={() => remove(file)}
                      >
                        {t('":name" will be deleted for good.', { name: file.name })}
                      </AlertDialog>
                    </DialogTrigger>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.last_page > 1 ? (
        <div className="bl-settings-form__actions">
          <Button size="sm" variant="outline" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            {t('Previous')}
          </Button>
          <span>
            {t('Page :page of :last (:total in all)', { page, last: data.last_page, total: data.total })}
          </span>
          <Button
            size="sm"
            variant="outline"
            isDisabled={page >= data.last_page}
            onPress={() => setPage(page + 1)}
          >
            {t('Next')}
          </Button>
        </div>
      ) : null}
    </AdminPage>
  );
}

function Preview({ file }: { file: FileEntry }) {
  const { t } = useTranslation();
  if (file.mime.startsWith('image/'))
    return <img src={file.url} alt={file.name} className="bl-files-preview" loading="lazy" />;
  if (file.mime.startsWith('audio/'))
    // biome-ignore lint/a11y/useMediaCaption: uploaded audio has no captions to offer; the name labels it.
    return <audio controls preload="none" src={file.url} aria-label={t('Play :name', { name: file.name })} />;
  return <span aria-hidden="true">—</span>;
}

export default FilesPage;
