import { useCan, useHttp } from '@backline/core/react';
import { Button, TextField } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBookmark, listBookmarks } from './contract';

export default function BookmarksPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const canAdd = useCan('bookmarks.create');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');

  // http.call fills the path, sends the input and answers the response, all typed from the contract.
  const list = useQuery({ queryKey: ['bookmarks'], queryFn: () => http.call(listBookmarks) });
  const add = useMutation({
    mutationFn: () => http.call(addBookmark, { body: { title, url } }),
    onSuccess: () => {
      setTitle('');
      setUrl('');
      return queryClient.invalidateQueries({ queryKey: ['bookmarks'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <main>
      <h1>{t('Bookmarks')}</h1>
      <ul>
        {list.data?.bookmarks.map((bookmark) => (
          <li key={bookmark.id}>
            <a href={bookmark.url}>{bookmark.title}</a>
          </li>
        ))}
      </ul>
      {canAdd ? (
        <form onSubmit={submit}>
          <TextField label={t('Title')} value={title} onChange={setTitle} isRequired />
          <TextField label={t('Address')} type="url" value={url} onChange={setUrl} isRequired />
          <Button type="submit" isPending={add.isPending}>
            {t('Add')}
          </Button>
        </form>
      ) : null}
    </main>
  );
}
