import './channels.css';
import { AdminFormDialog, useIsDirty, useServerForm } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { CloseIcon, IconButton, Link, ListItem, Select, Skeleton, TextField } from '@backline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
  useListData,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type ContentItem, catalogue, channelsAdmin } from '../../../contract';
import type { CatalogueDialogProps } from './catalogue-list-page';
import { useCatalogueSave } from './catalogue-list-page';
import { CHANNELS_KEY, contentTypeLabel, PUBLIC_CHANNEL_KEYS, sourceLabel } from './channel-common';
import { type RecordKind, RecordPicker } from './record-picker';

type AdminChannel = channelsAdmin.AdminChannel;
type ContentType = channelsAdmin.ChannelContentType;
type Source = AdminChannel['source'];
type Item = { id: number; name: string };

/** How many items the preview shows: the first row of Discover. */
const PREVIEW_SIZE = 12;

const PICKER_KINDS: Record<ContentType, RecordKind> = {
  artist: 'artists',
  album: 'albums',
  track: 'tracks',
  playlist: 'playlists',
  genre: 'genres',
};

/** The name an item goes by: a genre's and a listener's is their display name. */
const itemName = (item: ContentItem): string =>
  item.model_type === 'genre' || item.model_type === 'user' ? item.display_name : item.name;

function addLabel(t: TFunction, type: ContentType): string {
  switch (type) {
    case 'artist':
      return t('Add an artist');
    case 'album':
      return t('Add an album');
    case 'track':
      return t('Add a track');
    case 'playlist':
      return t('Add a playlist');
    case 'genre':
      return t('Add a genre');
  }
}

/** The sources a channel of this content type may have: hand-picked, or a rule that lists this type. */
const sourcesFor = (type: ContentType): Source[] => [
  'manual',
  ...(Object.entries(channelsAdmin.CHANNEL_RULES) as [channelsAdmin.ChannelRule, ContentType][])
    .filter(([, listed]) => listed === type)
    .map(([rule]) => rule),
];

/**
 * The channel editor (create or edit): name, slug, content type and source; for a hand-picked channel its items,
 * added with the record picker, reordered by drag or keyboard and removed; and a preview of what the saved channel
 * shows on its public page. A channel being edited opens once its items have loaded.
 */
export function ChannelFormDialog({ record, onOpenChange }: CatalogueDialogProps<AdminChannel>) {
  const { t } = useTranslation();
  const http = useHttp();
  const current = useQuery({
    queryKey: [...CHANNELS_KEY, 'show', record?.id],
    queryFn: ({ signal }) => http.call(channelsAdmin.showChannel, { params: { id: record!.id }, signal }),
    enabled: record !== null,
    // The editor starts from what the server holds now, never from an older copy.
    gcTime: 0,
  });
  if (record && !current.data)
    return (
      <AdminFormDialog
        title={t('Edit channel')}
        isDirty={false}
        onOpenChange={onOpenChange}
        onSubmit={() => {}}
        isPending
      >
        {current.isError ? (
          <p role="alert">{t('The channel could not be loaded.')}</p>
        ) : (
          <Skeleton height="12rem" />
        )}
      </AdminFormDialog>
    );
  return (
    <ChannelForm
      channel={current.data?.channel ?? null}
      items={(current.data?.items ?? []).map((item) => ({ id: item.id, name: itemName(item) }))}
      onOpenChange={onOpenChange}
    />
  );
}

function ChannelForm({
  channel,
  items: initialItems,
  onOpenChange,
}: {
  channel: AdminChannel | null;
  items: Item[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useServerForm(['name', 'slug', 'content_type', 'source', 'item_ids']);
  const [name, setName] = useState(channel?.name ?? '');
  const [slug, setSlug] = useState(channel?.slug ?? '');
  const [contentType, setContentType] = useState<ContentType>(channel?.content_type ?? 'album');
  const [source, setSource] = useState<Source>(channel?.source ?? 'manual');
  // Items of another content type do not belong: a new type starts an empty list (the server drops them too).
  const items = useListData<Item>({ initialItems });
  const save = useCatalogueSave({
    queryKey: CHANNELS_KEY,
    send: async () => {
      const body = {
        name,
        slug: slug || null,
        content_type: contentType,
        source,
        ...(source === 'manual' && { item_ids: items.items.map((item) => item.id) }),
      };
      const answer = channel
        ? await http.call(channelsAdmin.updateChannel, { params: { id: channel.id }, body })
        : await http.call(channelsAdmin.createChannel, { body });
      for (const queryKey of PUBLIC_CHANNEL_KEYS) void queryClient.invalidateQueries({ queryKey });
      return answer;
    },
    done: channel ? t('Channel updated') : t('Channel created'),
    form,
    isNew: !channel,
    onOpenChange,
  });
  const isDirty = useIsDirty({ name, slug, contentType, source, items: items.items.map((item) => item.id) });
  const changeType = (next: ContentType) => {
    if (next === contentType) return;
    setContentType(next);
    items.remove(...items.items.map((item) => item.id));
    if (!sourcesFor(next).includes(source)) setSource('manual');
  };
  const itemsError = Object.entries(form.validationErrors).find(([field]) =>
    field.startsWith('item_ids'),
  )?.[1];
  return (
    <AdminFormDialog
      title={channel ? t('Edit channel') : t('New channel')}
      isDirty={isDirty}
      {...save.dialog}
    >
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <TextField
        label={t('Slug')}
        name="slug"
        description={t('Leave empty to make it from the name.')}
        value={slug}
        onChange={setSlug}
      />
      <Select
        label={t('Content')}
        name="content_type"
        selectedKey={contentType}
        onSelectionChange={(key) => changeType(key as ContentType)}
        description={t('What the channel lists.')}
      >
        {channelsAdmin.CHANNEL_CONTENT_TYPES.map((type) => (
          <ListItem key={type} id={type}>
            {contentTypeLabel(t, type)}
          </ListItem>
        ))}
      </Select>
      <Select
        label={t('Source')}
        name="source"
        selectedKey={source}
        onSelectionChange={(key) => setSource(key as Source)}
        description={
          source === 'manual'
            ? t('You pick the items and their order.')
            : t('The rule fills the channel each time it is shown.')
        }
      >
        {sourcesFor(contentType).map((option) => (
          <ListItem key={option} id={option}>
            {sourceLabel(t, option)}
          </ListItem>
        ))}
      </Select>
      {source === 'manual' ? (
        <ChannelItemsEditor type={contentType} items={items} error={itemsError} />
      ) : null}
      <ChannelPreview channel={channel} />
    </AdminFormDialog>
  );
}

/** The hand-picked items: a picker that appends, and a list reordered by drag or by keyboard, each removable. */
function ChannelItemsEditor({
  type,
  items,
  error,
}: {
  type: ContentType;
  items: ReturnType<typeof useListData<Item>>;
  error?: string;
}) {
  const { t } = useTranslation();
  // The picker starts empty again after each pick.
  const [picks, setPicks] = useState(0);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': items.getItem(key)?.name ?? String(key) })),
    onReorder: (event) => {
      if (event.target.dropPosition === 'before') items.moveBefore(event.target.key, event.keys);
      else if (event.target.dropPosition === 'after') items.moveAfter(event.target.key, event.keys);
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className="channel-items__drop" />,
  });
  const full = items.items.length >= channelsAdmin.CHANNEL_ITEMS_MAX;
  return (
    <section className="channel-items" aria-labelledby="channel-items-heading">
      <h3 id="channel-items-heading" className="channel-items__heading">
        {t('Items')}
      </h3>
      <RecordPicker
        key={picks}
        kind={PICKER_KINDS[type]}
        label={addLabel(t, type)}
        name="item_picker"
        value={null}
        onChange={(picked) => {
          if (!picked) return;
          if (!items.getItem(picked.id) && !full) items.append(picked);
          setPicks((count) => count + 1);
        }}
      />
      {full ? (
        <p className="channel-items__note">
          {t('A channel holds at most :max items.', { max: channelsAdmin.CHANNEL_ITEMS_MAX })}
        </p>
      ) : null}
      <GridList
        aria-label={t('Channel items')}
        className="channel-items__list"
        items={items.items}
        dragAndDropHooks={dragAndDropHooks}
        renderEmptyState={() => <p className="channel-items__empty">{t('Nothing picked yet.')}</p>}
      >
        {(item) => (
          <GridListItem id={item.id} textValue={item.name} className="channel-items__item">
            <AriaButton
              slot="drag"
              className="channel-items__handle"
              aria-label={t('Reorder :name', { name: item.name })}
            >
              <GripIcon />
            </AriaButton>
            <span className="channel-items__name">{item.name}</span>
            <IconButton
              size="sm"
              aria-label={t('Remove :name', { name: item.name })}
              onPress={() => items.remove(item.id)}
            >
              <CloseIcon size={16} />
            </IconButton>
          </GridListItem>
        )}
      </GridList>
      {error ? (
        <p className="bl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** What the saved channel shows on its public page (`GET channels/{slug}`), its first items in order. */
function ChannelPreview({ channel }: { channel: AdminChannel | null }) {
  const { t } = useTranslation();
  const http = useHttp();
  const preview = useQuery({
    queryKey: [...CHANNELS_KEY, 'preview', channel?.slug],
    queryFn: ({ signal }) =>
      http.call(catalogue.showChannel, {
        params: { slug: channel!.slug },
        query: { page: 1, perPage: PREVIEW_SIZE },
        signal,
      }),
    enabled: channel !== null,
  });
  const shown = preview.data?.items.pagination;
  return (
    <section className="channel-preview" aria-labelledby="channel-preview-heading">
      <h3 id="channel-preview-heading" className="channel-items__heading">
        {t('Preview')}
      </h3>
      {!channel ? (
        <p className="channel-items__note">{t('Save the channel to see what it shows.')}</p>
      ) : preview.isError ? (
        <p className="channel-items__note">{t('The preview could not be loaded.')}</p>
      ) : !shown ? (
        <Skeleton height="4rem" />
      ) : (
        <>
          <p className="channel-items__note">
            {t('What visitors see now (saved changes only): :shown of :total.', {
              shown: shown.data.length,
              total: shown.total,
            })}{' '}
            <Link href={channel.path}>{t('Open the channel page')}</Link>
          </p>
          {shown.data.length ? (
            <ol className="channel-preview__list" aria-label={t('Preview of :name', { name: channel.name })}>
              {shown.data.map((item) => (
                <li key={`${item.model_type}-${item.id}`}>{itemName(item)}</li>
              ))}
            </ol>
          ) : (
            <p className="channel-items__note">
              {t('The channel shows nothing yet, so Discover leaves it out.')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function GripIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="9" cy="6" r="1.3" />
      <circle cx="15" cy="6" r="1.3" />
      <circle cx="9" cy="12" r="1.3" />
      <circle cx="15" cy="12" r="1.3" />
      <circle cx="9" cy="18" r="1.3" />
      <circle cx="15" cy="18" r="1.3" />
    </svg>
  );
}
