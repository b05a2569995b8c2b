// Backstage › Upload music, in a chunk of its own with the upload engine and its styles.
import '@backline/uploads/styles.css';
import './upload-page.css';
import './music-upload-page.css';
import { useHttp } from '@backline/core/react';
import { Button, Form, Link, Skeleton, TextField, toast } from '@backline/ui';
import type { FileEntry, UploadItem } from '@backline/uploads';
import { UploadDropZone, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backstage, musicUploads } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';

/** What artists upload here: audio. The server sniffs each file again and refuses anything else. */
const ACCEPT = ['audio/*'];

type Draft = musicUploads.TrackDraft;

/** Drafts of one album (by their album tag; untagged files stand alone as singles), in track order. */
function groupDrafts(drafts: Draft[]): { key: string; drafts: Draft[] }[] {
  const groups = new Map<string, Draft[]>();
  for (const draft of drafts) {
    const key = draft.album ? `album:${draft.album.toLowerCase()}` : `single:${draft.id}`;
    groups.set(key, [...(groups.get(key) ?? []), draft]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    drafts: list.sort(
      (a, b) =>
        (a.disc_number ?? 1) - (b.disc_number ?? 1) || (a.track_number ?? 999) - (b.track_number ?? 999),
    ),
  }));
}

/**
 * Backstage › Upload music (/backstage/music/upload): an artist drops audio files or whole album folders; each is sent by the
 * upload engine (tus for large files, resumable, with progress), then read on the server (tags, cover, waveform).
 * Files of one album become one album form, pre-filled from their tags, that publishes the album and its tracks.
 * Users who manage no artist are sent to the artist request.
 */
export function MusicUploadPage() {
  const { t } = useTranslation();
  const http = useHttp();
  useDocumentTitle(t('Upload music'));
  const home = useQuery({
    queryKey: ['backstage', 'home'],
    queryFn: ({ signal }) => http.call(backstage.home, { signal }),
  });
  const artist = home.data?.artists[0];
  return (
    <main className="backstage-upload">
      <h1 className="backstage-upload__title">{t('Upload music')}</h1>
      {!home.data ? (
        <Skeleton className="backstage-upload__skeleton" />
      ) : artist ? (
        <Uploader artistId={artist.id} artistName={artist.name} />
      ) : (
        <p className="backstage-upload__lead">
          {t('Only artists can upload music.')}{' '}
          <Link href="/backstage/requests/new">{t('Become an artist')}</Link>
        </p>
      )}
    </main>
  );
}

function Uploader({ artistId, artistName }: { artistId: number; artistName: string }) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const uploads = useUploads({ restrictions: { allowedMimes: ACCEPT } });
  const [refused, setRefused] = useState<{ id: string; message: string }[]>([]);
  const [reading, setReading] = useState(0);
  // Published albums stay listed here: their drafts, and so their forms, are gone.
  const [published, setPublished] = useState<{ id: number; name: string; path: string }[]>([]);
  const draftsKey = ['backstage', 'uploads', artistId];
  const drafts = useQuery({
    queryKey: draftsKey,
    queryFn: ({ signal }) => http.call(musicUploads.drafts, { params: { id: artistId }, signal }),
  });

  useUploaderEvent(uploads.uploader, 'completed', (item: UploadItem, entry: FileEntry) => {
    setReading((n) => n + 1);
    http
      .call(musicUploads.analyze, { params: { id: artistId }, body: { file_id: entry.id } })
      .then(
        ({ draft }) =>
          queryClient.setQueryData(draftsKey, (old: { drafts: Draft[] } | undefined) => ({
            drafts: [...(old?.drafts ?? []).filter((d) => d.id !== draft.id), draft],
          })),
        (error: { errors?: Record<string, string[]>; message?: string }) => {
          const message =
            error.errors?.file?.[0] ?? error.errors?.file_id?.[0] ?? error.message ?? String(error);
          setRefused((list) => [...list, { id: item.id, message }]);
          toast.danger(message);
        },
      )
      .finally(() => setReading((n) => n - 1));
  });
  useUploaderEvent(uploads.uploader, 'restrictionFailed', (_item, failure) =>
    toast.danger(failure.key, { values: failure.values }),
  );

  const groups = useMemo(() => groupDrafts(drafts.data?.drafts ?? []), [drafts.data]);
  return (
    <>
      <p className="backstage-upload__lead">
        {t('Drop audio files or a whole album folder for :artist. Tags and covers fill in the forms below.', {
          artist: artistName,
        })}
      </p>
      <UploadDropZone onFiles={uploads.add} accept={ACCEPT} />
      <UploadProgressList
        state={uploads.state}
        onAbort={uploads.abort}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        onClearFinished={uploads.clearFinished}
      />
      {reading > 0 ? (
        <p className="backstage-upload__status" role="status">
          {t('Reading tags…')}
        </p>
      ) : null}
      {refused.length ? (
        <section className="backstage-upload__refused" aria-labelledby="refused-files-title">
          <h2 id="refused-files-title" className="backstage-upload__subtitle">
            {t('Files that were not added')}
          </h2>
          <ul>
            {refused.map((file) => (
              <li key={file.id}>{file.message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {published.length ? (
        <section className="backstage-upload__published" aria-labelledby="published-title">
          <h2 id="published-title" className="backstage-upload__subtitle">
            {t('Published')}
          </h2>
          <ul className="backstage-upload__files">
            {published.map((album) => (
              <li key={album.id}>
                <Link href={album.path}>{album.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.map((group) => (
        <AlbumForm
          key={group.key}
          artistId={artistId}
          drafts={group.drafts}
          onPublished={(album) => setPublished((list) => [album, ...list])}
        />
      ))}
    </>
  );
}

interface TrackValues {
  name: string;
  number: string;
}

/** One album's form: name, type, release year and cover, then a row per track; publishes them in one request. */
function AlbumForm({
  artistId,
  drafts,
  onPublished,
}: {
  artistId: number;
  drafts: Draft[];
  onPublished(album: { id: number; name: string; path: string }): void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const first = drafts[0]!;
  const [name, setName] = useState(first.album ?? first.title);
  const [year, setYear] = useState(first.year ? String(first.year) : '');
  const cover = drafts.find((d) => d.cover_id);
  const [tracks, setTracks] = useState<Record<number, TrackValues>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const trackValues = (draft: Draft, index: number): TrackValues =>
    tracks[draft.id] ?? { name: draft.title, number: String(draft.track_number ?? index + 1) };
  const titleId = `album-form-${first.id}`;

  const publish = useMutation({
    mutationFn: (body: musicUploads.PublishBody) =>
      http.call(musicUploads.publish, { params: { id: artistId }, body }),
    onSuccess: ({ album }) => {
      onPublished(album);
      toast.positive(t('Published :name', { name: album.name }));
      void queryClient.invalidateQueries({ queryKey: ['backstage', 'uploads', artistId] });
    },
    onError: (error: { errors?: Record<string, string[]>; message?: string }) => {
      setErrors(error.errors ?? {});
      if (!error.errors) toast.danger(error.message ?? String(error));
    },
  });
  const discard = useMutation({
    mutationFn: (draft: Draft) =>
      http.call(musicUploads.discard, { params: { id: artistId, draft: draft.id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['backstage', 'uploads', artistId] }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    publish.mutate({
      album: {
        name,
        // Tagged with an album: an album; a lone untagged file: a single.
        type: first.album ? 'album' : 'single',
        release_date: /^\d{4}$/.test(year) ? `${year}-01-01` : null,
        image_id: cover?.cover_id ?? null,
      },
      tracks: drafts.map((draft, index) => {
        const values = trackValues(draft, index);
        return { draft_id: draft.id, name: values.name, number: Number(values.number) || index + 1 };
      }),
    });
  };

  return (
    <section className="album-form" aria-labelledby={titleId}>
      <h2 id={titleId} className="backstage-upload__subtitle">
        {first.album ? t('Album: :name', { name: first.album }) : first.file_name}
      </h2>
      <Form className="album-form__form" onSubmit={onSubmit} validationErrors={errors}>
        <div className="album-form__head">
          {cover?.cover_url ? (
            <img className="album-form__cover" src={cover.cover_url} alt={t('Cover of :name', { name })} />
          ) : (
            <div className="album-form__cover album-form__cover--empty" aria-hidden="true" />
          )}
          <div className="album-form__fields">
            <TextField label={t('Album name')} name="album.name" value={name} onChange={setName} isRequired />
            <TextField
              label={t('Release year')}
              name="album.release_date"
              value={year}
              onChange={setYear}
              inputMode="numeric"
            />
          </div>
        </div>
        <ol className="album-form__tracks">
          {drafts.map((draft, index) => {
            const values = trackValues(draft, index);
            const set = (patch: Partial<TrackValues>) =>
              setTracks((all) => ({ ...all, [draft.id]: { ...values, ...patch } }));
            return (
              <li key={draft.id} className="album-form__track" data-draft-id={draft.id}>
                <TextField
                  className="album-form__number"
                  label={t('Track number')}
                  name={`tracks.${index}.number`}
                  value={values.number}
                  onChange={(number) => set({ number })}
                  inputMode="numeric"
                />
                <TextField
                  className="album-form__name"
                  label={t('Track title')}
                  name={`tracks.${index}.name`}
                  value={values.name}
                  onChange={(value) => set({ name: value })}
                  isRequired
                />
                <Button
                  variant="text"
                  size="sm"
                  onPress={() => discard.mutate(draft)}
                  aria-label={t('Remove :name', { name: values.name })}
                >
                  {t('Remove')}
                </Button>
                <span className="album-form__meta">
                  {formatDuration(draft.duration_ms)} · {draft.file_name}
                </span>
              </li>
            );
          })}
        </ol>
        <Button type="submit" isPending={publish.isPending}>
          {t('Publish')}
        </Button>
      </Form>
    </section>
  );
}

const formatDuration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
