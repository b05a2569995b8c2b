import { AdminFormDialog, type DataTableColumn, useIsDirty, useServerForm } from '@backline/admin';
import { useHttp } from '@backline/core/react';
import { Link, TextField } from '@backline/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueAdmin, type Track } from '../../../contract';
import {
  CATALOGUE_KEYS,
  type CatalogueDialogProps,
  CatalogueListPage,
  formatDuration,
  useCatalogueCalls,
  useCatalogueSave,
} from './catalogue-list-page';
import { RecordPicker } from './record-picker';
import { type PickedAudio, TrackAudioField, usePickedAudio } from './track-audio-field';

/** Admin › Tracks: search, sort, page, create, edit and (bulk) delete. */
export function TracksPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const calls = useCatalogueCalls();
  const columns: DataTableColumn<Track>[] = [
    {
      id: 'name',
      header: t('Name'),
      isRowHeader: true,
      sortable: true,
      cell: (track) => <Link href={track.path}>{track.name}</Link>,
    },
    { id: 'artists', header: t('Artists'), cell: (track) => track.artists.map((a) => a.name).join(', ') },
    { id: 'album', header: t('Album'), cell: (track) => track.album?.name ?? '—' },
    { id: 'number', header: t('Number'), sortable: true, cell: (track) => track.number },
    {
      id: 'duration_ms',
      header: t('Duration'),
      sortable: true,
      cell: (track) => formatDuration(track.duration_ms),
    },
    { id: 'plays', header: t('Plays'), sortable: true, cell: (track) => track.plays },
  ];
  return (
    <CatalogueListPage<Track>
      queryKey={CATALOGUE_KEYS.tracks}
      title={t('Tracks')}
      newLabel={t('New track')}
      searchLabel={t('Search tracks')}
      emptyMessage={t('No tracks yet.')}
      deleteTitle={t('Delete tracks')}
      deleteQuestion={(rows) =>
        rows.length === 1
          ? t('Delete the track ":name"? It leaves every playlist too.', { name: rows[0]!.name })
          : t('Delete :count tracks? They leave every playlist too.', { count: rows.length })
      }
      fetch={calls.tracks}
      remove={(ids) => http.call(catalogueAdmin.deleteTracks, { body: { ids } })}
      columns={columns}
      dialog={(props) => <TrackFormDialog {...props} />}
    />
  );
}

function TrackFormDialog({ record, onOpenChange }: CatalogueDialogProps<Track>) {
  const { t } = useTranslation();
  const http = useHttp();
  const form = useServerForm([
    'name',
    'album_id',
    'number',
    'duration_ms',
    'artist_ids',
    'genres',
    'file',
    'file_id',
  ]);
  const picked = usePickedAudio();
  const audio = picked.audio;
  const [name, setName] = useState(record?.name ?? '');
  const [number, setNumber] = useState(String(record?.number ?? 1));
  const [seconds, setSeconds] = useState(String(Math.round((record?.duration_ms ?? 0) / 1000)));
  const first = record?.artists[0];
  const [artist, setArtist] = useState(first ? { id: first.id, name: first.name } : null);
  const [album, setAlbum] = useState(record?.album ? { id: record.album.id, name: record.album.name } : null);
  const [genres, setGenres] = useState((record?.genres ?? []).map((g) => g.display_name).join(', '));
  const [readingTags, setReadingTags] = useState(false);
  const reading = useRef<number | null>(null);

  /**
   * A new upload's tags fill in what the admin has left empty or at its default (a typed value always wins);
   * its duration replaces the typed one, as Save will. A file the server refuses is reported on the Audio group
   * right away, not at Save.
   */
  const pickAudio = (next: PickedAudio | null) => {
    picked.pick(next);
    reading.current = next?.id ?? null;
    if (!next) return;
    setReadingTags(true);
    // Only the latest pick's answer counts: a slow read of a file picked over must not fill the form.
    const current = () => reading.current === next.id;
    http
      .call(catalogueAdmin.readTrackAudio, { body: { file_id: next.id } })
      .then(
        ({ tags }) => {
          if (!current()) return;
          form.clear();
          setSeconds(String(Math.round(tags.duration_ms / 1000)));
          if (tags.title) setName((typed) => (typed.trim() ? typed : tags.title!));
          if (tags.track_number)
            setNumber((typed) => (record || typed !== '1' ? typed : String(tags.track_number)));
          if (tags.genres.length) setGenres((typed) => (typed.trim() ? typed : tags.genres.join(', ')));
          const tagged = tags.artists.find((candidate) => candidate.id !== null);
          if (tagged) setArtist((typed) => typed ?? { id: tagged.id!, name: tagged.name });
          const taggedAlbum = tags.album;
          if (taggedAlbum?.id) setAlbum((typed) => typed ?? { id: taggedAlbum.id!, name: taggedAlbum.name });
        },
        (error: { errors?: Record<string, unknown> }) => {
          if (!current()) return;
          // A refused file is deleted on the server: the admin picks another one.
          if (error.errors?.file) picked.refused();
          form.report(error);
        },
      )
      .finally(() => current() && setReadingTags(false));
  };
  const save = useCatalogueSave({
    queryKey: CATALOGUE_KEYS.tracks,
    send: async () => {
      const others = (record?.artists ?? [])
        .map((a) => a.id)
        .filter((id) => id !== artist?.id && id !== first?.id);
      const body = {
        name,
        album_id: album?.id ?? null,
        number: Number(number),
        duration_ms: Math.round(Number(seconds) * 1000),
        artist_ids: artist ? [artist.id, ...others] : [],
        genres: genres
          .split(',')
          .map((genre) => genre.trim())
          .filter(Boolean),
        file_id: audio?.id ?? null,
      };
      try {
        const answer = await (record
          ? http.call(catalogueAdmin.updateTrack, { params: { id: record.id }, body })
          : http.call(catalogueAdmin.createTrack, { body }));
        picked.saved();
        return answer;
      } catch (error) {
        // A refused file is deleted on the server: the admin picks another one.
        if ((error as { errors?: Record<string, unknown> }).errors?.file) picked.refused();
        throw error;
      }
    },
    done: record ? t('Track updated') : t('Track created'),
    form,
    isNew: !record,
    onOpenChange,
  });
  const isDirty = useIsDirty({
    name,
    number,
    seconds,
    artist: artist?.id,
    album: album?.id,
    genres,
    audio: audio?.id,
  });
  return (
    <AdminFormDialog title={record ? t('Edit track') : t('New track')} isDirty={isDirty} {...save.dialog}>
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
      <RecordPicker
        kind="albums"
        label={t('Album')}
        name="album_id"
        value={album}
        onChange={setAlbum}
        errorMessage={form.validationErrors.album_id}
      />
      <div className="bl-admin-form__row">
        <TextField label={t('Number')} name="number" type="number" value={number} onChange={setNumber} />
        <TextField
          label={t('Duration (seconds)')}
          name="duration_ms"
          type="number"
          value={seconds}
          onChange={setSeconds}
        />
      </div>
      <TextField
        label={t('Genres')}
        name="genres"
        description={t('Separate genres with commas.')}
        value={genres}
        onChange={setGenres}
      />
      <TrackAudioField
        isNew={!record}
        value={audio}
        onChange={pickAudio}
        isReading={readingTags}
        errorMessage={form.validationErrors.file ?? form.validationErrors.file_id}
      />
    </AdminFormDialog>
  );
}

export default TracksPage;
