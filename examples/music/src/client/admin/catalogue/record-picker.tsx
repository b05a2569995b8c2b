import { useHttp } from '@backline/core/react';
import { ComboBox, ListItem } from '@backline/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { catalogueAdmin } from '../../../contract';

type Option = { id: number; name: string };

/**
 * Picks one artist or album by typing part of its name: the admin list route answers the suggestions (20 at a
 * time), so a catalogue of any size stays quick to search.
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
  kind: 'artists' | 'albums';
  label: string;
  name: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  isRequired?: boolean;
  errorMessage?: string;
}) {
  const http = useHttp();
  const [text, setText] = useState(value?.name ?? '');
  const options = useQuery({
    queryKey: ['admin', 'music', 'picker', kind, text],
    queryFn: async ({ signal }) => {
      const query = { perPage: 20, orderBy: 'name' as const, ...(text.trim() ? { query: text.trim() } : {}) };
      const answer =
        kind === 'artists'
          ? await http.call(catalogueAdmin.listArtists, { query, signal })
          : await http.call(catalogueAdmin.listAlbums, { query, signal });
      return answer.pagination.data.map((row) => ({ id: row.id, name: row.name }));
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
