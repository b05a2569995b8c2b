import { errorFeedback } from '@backline/core';
import { useHttp } from '@backline/core/react';
import {
  AlertDialog,
  Button,
  Dialog,
  Form,
  ListItem,
  NotFoundPage,
  Select,
  Skeleton,
  TextField,
  toast,
} from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { type Album, backstageManage, type Track } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';
import { ImageField } from './image-field';
import { ReplaceAudioDialog } from './replace-audio-dialog';
import './backstage.css';

const albumsKey = (id: number) => ['backstage', 'artist', id, 'albums'] as const;

/**
 * Backstage › Music (`/backstage/artists/{id}/music`): the linked artist's albums with their tracks: edit an
 * album's details and cover, rename a track, move tracks up and down, delete either. Anyone not linked to the
 * artist gets the 404 page (the server answers 403).
 */
export function ArtistMusicPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const id = Number(useParams().artistId);
  const albums = useQuery({
    queryKey: albumsKey(id),
    queryFn: ({ signal }) => http.call(backstageManage.artistAlbums, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  useDocumentTitle(t('Manage your music'));
  if (!Number.isInteger(id) || id < 1 || albums.isError) return <NotFoundPage />;
  return (
    <main className="backstage">
      <h1 className="backstage__title">{t('Manage your music')}</h1>
      {!albums.data ? (
        <Skeleton className="backstage__skeleton" />
      ) : albums.data.albums.length === 0 ? (
        <p>{t('No albums yet.')}</p>
      ) : (
        albums.data.albums.map((album) => <AlbumCard key={album.id} artistId={id} album={album} />)
      )}
    </main>
  );
}

function useToastError() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const feedback = errorFeedback(error, { translate: (line) => t(line) });
    toast.danger(
      feedback.toast?.message ??
        Object.values(feedback.fieldErrors)[0] ??
        t('There was an issue. Please try again.'),
    );
  };
}

function AlbumCard({ artistId, album }: { artistId: number; album: Album }) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const showError = useToastError();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: albumsKey(artistId) }),
    [queryClient, artistId],
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<{ kind: 'album' | 'track'; id: number; name: string } | null>(
    null,
  );
  const [renaming, setRenaming] = useState<Track | null>(null);
  const [replacing, setReplacing] = useState<Track | null>(null);
  const closeReplace = useCallback(() => setReplacing(null), []);
  const tracks = album.tracks ?? [];
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      http.call(backstageManage.reorderTracks, { params: { id: album.id }, body: { ids } }),
    onSuccess: () => {
      void refresh();
      toast.positive(t('Track order saved'));
    },
    onError: showError,
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = tracks.map((track) => track.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids);
  };
  const remove = useMutation({
    mutationFn: (target: { kind: 'album' | 'track'; id: number }) =>
      target.kind === 'album'
        ? http.call(backstageManage.deleteAlbum, { params: { id: target.id } })
        : http.call(backstageManage.deleteTrack, { params: { id: target.id } }),
    onSuccess: () => {
      void refresh();
      toast.positive(t('Deleted'));
    },
    onError: showError,
  });
  return (
    <section className="backstage__card backstage-album" aria-labelledby={`album-${album.id}`}>
      <div className="backstage-album__head">
        {album.image ? <img src={album.image} alt="" className="backstage-album__cover" /> : null}
        <h2 id={`album-${album.id}`} className="backstage__subtitle">
          {album.name}
        </h2>
        <div className="backstage-album__actions">
          <Button
            variant="outline"
            size="sm"
            onPress={() => setEditing(true)}
            aria-label={t('Edit :name', { name: album.name })}
          >
            {t('Edit')}
          </Button>
          <Button
            variant="text"
            size="sm"
            onPress={() => setDeleting({ kind: 'album', id: album.id, name: album.name })}
            aria-label={t('Delete :name', { name: album.name })}
          >
            {t('Delete')}
          </Button>
        </div>
      </div>
      <ol className="backstage-album__tracks">
        {tracks.map((track, index) => (
          <li key={track.id} className="backstage-album__track">
            <span className="backstage-album__track-name">{track.name}</span>
            <span className="backstage-album__track-actions">
              <Button
                variant="text"
                size="sm"
                isDisabled={index === 0 || reorder.isPending}
                onPress={() => move(index, -1)}
                aria-label={t('Move :name up', { name: track.name })}
              >
                {t('Up')}
              </Button>
              <Button
                variant="text"
                size="sm"
                isDisabled={index === tracks.length - 1 || reorder.isPending}
                onPress={() => move(index, 1)}
                aria-label={t('Move :name down', { name: track.name })}
              >
                {t('Down')}
              </Button>
              <Button
                variant="text"
                size="sm"
                onPress={() => setRenaming(track)}
                aria-label={t('Rename :name', { name: track.name })}
              >
                {t('Rename')}
              </Button>
              <Button
                variant="text"
                size="sm"
                onPress={() => setReplacing(track)}
                aria-label={t('Replace audio of :name', { name: track.name })}
              >
                {t('Replace audio')}
              </Button>
              <Button
                variant="text"
                size="sm"
                onPress={() => setDeleting({ kind: 'track', id: track.id, name: track.name })}
                aria-label={t('Delete :name', { name: track.name })}
              >
                {t('Delete')}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {editing ? <AlbumDialog album={album} onClose={() => setEditing(false)} onSaved={refresh} /> : null}
      {renaming ? <TrackDialog track={renaming} onClose={() => setRenaming(null)} onSaved={refresh} /> : null}
      {replacing ? (
        <ReplaceAudioDialog track={replacing} onClose={closeReplace} onReplaced={refresh} />
      ) : null}
      <AlertDialog
        title={deleting?.kind === 'album' ? t('Delete album') : t('Delete track')}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        variant="danger"
        confirmLabel={t('Delete')}
        isPending={remove.isPending}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!);
          setDeleting(null);
        }}
      >
        {deleting?.kind === 'album'
          ? t('Delete the album ":name" and its tracks?', { name: deleting.name })
          : t('Delete the track ":name"? It leaves every playlist too.', { name: deleting?.name ?? '' })}
      </AlertDialog>
    </section>
  );
}

function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const report = (error: unknown) => {
    const feedback = errorFeedback(error, { translate: (line) => t(line) });
    setErrors(feedback.fieldErrors);
    if (feedback.toast) toast.danger(feedback.toast.message);
  };
  return { errors, report };
}

function AlbumDialog({
  album,
  onClose,
  onSaved,
}: {
  album: Album;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useFieldErrors();
  const [name, setName] = useState(album.name);
  const [type, setType] = useState<Album['type']>(album.type);
  const [releaseDate, setReleaseDate] = useState(album.release_date ?? '');
  const [description, setDescription] = useState(album.description ?? '');
  const [cover, setCover] = useState<{ id: number; url: string } | null>(null);
  const onCover = useCallback((upload: { id: number; url: string }) => setCover(upload), []);
  const save = useMutation({
    mutationFn: () =>
      http.call(backstageManage.updateAlbum, {
        params: { id: album.id },
        body: {
          name,
          type,
          release_date: releaseDate || null,
          description: description || null,
          ...(cover && { image_id: cover.id }),
        },
      }),
    onSuccess: () => {
      onSaved();
      toast.positive(t('Album saved'));
      onClose();
    },
    onError: form.report,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog title={t('Edit album')} isOpen onOpenChange={(open) => !open && onClose()} isDismissable>
      <Form
        validationBehavior="aria"
        validationErrors={form.errors}
        onSubmit={submit}
        className="backstage__form"
      >
        <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
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
        <TextField
          label={t('Description')}
          name="description"
          multiline
          rows={3}
          value={description}
          onChange={setDescription}
        />
        <ImageField label={t('Cover')} preview={cover?.url ?? album.image} onChange={onCover} />
        <div className="backstage-album__actions">
          <Button variant="outline" onPress={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {t('Save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function TrackDialog({
  track,
  onClose,
  onSaved,
}: {
  track: Track;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useFieldErrors();
  const [name, setName] = useState(track.name);
  const save = useMutation({
    mutationFn: () => http.call(backstageManage.updateTrack, { params: { id: track.id }, body: { name } }),
    onSuccess: () => {
      onSaved();
      toast.positive(t('Track saved'));
      onClose();
    },
    onError: form.report,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog title={t('Rename track')} isOpen onOpenChange={(open) => !open && onClose()} isDismissable>
      <Form
        validationBehavior="aria"
        validationErrors={form.errors}
        onSubmit={submit}
        className="backstage__form"
      >
        <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
        <div className="backstage-album__actions">
          <Button variant="outline" onPress={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {t('Save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
