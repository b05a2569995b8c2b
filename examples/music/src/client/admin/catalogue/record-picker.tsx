import { useHttp } from '@backline/core/react';
import { ComboBox, ListItem } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { catalogueAdmin } from '../../../contract';

type Option = { id: number; name: string };

/** What the picker can pick: the admin list route of each kind answers its suggestions. */
export type RecordKind = 'artists' | 'albums' | 'tracks' | 'playlists' | 'genres';

/**
 * Picks one artist, album, track, public playlist or genre by typing part of its name: the admin list route answers
 * the suggestions (20 at a time), so a catalogue of any size stays quick to search.
 */
export function RecordPicker({
  kind,
  label,
  name,
  value,
  onChange,
  isRequired,
  errorMessage,
}: {
  kind: RecordKind;
  label: string;
  name: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  isRequired?: boolean;
  errorMessage?: string;
}) {
  const http = useHttp();
  const [text, setText] = useState(value?.name ?? '');
  // A value set from outside (the track form filling in from an upload's tags) shows its name in the box.
  const [shown, setShown] = useState(value?.id ?? null);
  if (shown !== (value?.id ?? null)) {
    setShown(value?.id ?? null);
    if (value) setText(value.name);
  }
  const options = useQuery({
    queryKey: ['admin', 'music', 'picker', kind, text],
    queryFn: async ({ signal }) => {
      const search = { perPage: 20, ...(text.trim() ? { query: text.trim() } : {}) };
      const query = { ...search, orderBy: 'name' as const };
      const named = (rows: Option[]) => rows.map((row) => ({ id: row.id, name: row.name }));
      switch (kind) {
        case 'artists':
          return named((await http.call(catalogueAdmin.listArtists, { query, signal })).pagination.data);
        case 'albums':
          return named((await http.call(catalogueAdmin.listAlbums, { query, signal })).pagination.data);
        case 'tracks':
          return named((await http.call(catalogueAdmin.listTracks, { query, signal })).pagination.data);
        case 'playlists': {
          // Only public playlists show on the site, so only they are offered.
          const answer = await http.call(catalogueAdmin.listPlaylists, {
            query: { ...query, public: 'yes' },
            signal,
          });
          return named(answer.pagination.data);
        }
        case 'genres': {
          // A genre's `name` is its URL key; people know it by its display name.
          const answer = await http.call(catalogueAdmin.listGenres, {
            query: { ...search, orderBy: 'display_name' },
            signal,
          });
          return answer.pagination.data.map((row) => ({ id: row.id, name: row.display_name }));
        }
      }
    },
    placeholderData: keepPreviousData,
  });
  const items = [...(options.data ?? [])];
  if (value && !items.some((item) => item.id === value.id)) items.unshift(value);
  return (
    <ComboBox
      label={label}
      name={name}
      items={items}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (!next) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const picked = items.find((item) => item.id === key) ?? null;
        onChange(picked);
        if (picked) setText(picked.name);
      }}
      isLoading={options.isFetching}
      isRequired={isRequired}
      errorMessage={errorMessage}
    >
      {(item: Option) => <ListItem id={item.id}>{item.name}</ListItem>}
    </ComboBox>
  );
}
