import '@backline/uploads/styles.css';
import './track-audio-field.css';
import { uploads as uploadsContract } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import type { FileEntry } from '@backline/uploads';
import { FilePicker, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the admin may pick: audio. The server sniffs the bytes again and refuses anything else. */
const ACCEPT = ['audio/*'];

export interface PickedAudio {
  id: number;
  name: string;
}

/**
 * The audio picked in a track dialog. A file uploaded here belongs to the admin until a save gives it to the
 * track; one replaced by another pick, or left behind when the dialog closes unsaved, is deleted (bytes too), so
 * abandoned takes do not pile up in the admin's files.
 */
export function usePickedAudio() {
  const http = useHttp();
  const [audio, setAudio] = useState<PickedAudio | null>(null);
  const unsaved = useRef<number | null>(null);
  const discard = useCallback(
    (id: number | null) => {
      if (id === null) return;
      // Best effort: a failure leaves one stray file of the admin's, never a broken track.
      http
        .call(uploadsContract.deleteEntries, { body: { entryIds: [id], deleteForever: true } })
        .catch(() => undefined);
    },
    [http],
  );
  useEffect(
    () => () => {
      discard(unsaved.current);
      unsaved.current = null;
    },
    [discard],
  );
  return {
    audio,
    /** A new pick (or none): the previous unsaved upload goes. */
    pick(next: PickedAudio | null) {
      if (unsaved.current !== (next?.id ?? null)) discard(unsaved.current);
      unsaved.current = next?.id ?? null;
      setAudio(next);
    },
    /** The save went through: the track owns the file now. */
    saved() {
      unsaved.current = null;
    },
    /** The server refused the file and deleted it itself: the admin picks another. */
    refused() {
      unsaved.current = null;
      setAudio(null);
    },
  };
}

/**
 * The admin track form's audio: a file picker that sends the file through the upload engine at once (tus for
 * large files, with progress), so Save only carries its id (`file_id`). The server reads it as a backstage upload
 * is read: a file that is not audio is refused on `file` (shown here), and the file's own duration wins.
 */
export function TrackAudioField({
  isNew,
  value,
  onChange,
  isReading = false,
  errorMessage,
}: {
  isNew: boolean;
  value: PickedAudio | null;
  onChange(file: PickedAudio | null): void;
  /** The server is reading the new file's tags (the form fills in when it is done). */
  isReading?: boolean;
  errorMessage?: string;
}) {
  const { t } = useTranslation();
  const uploads = useUploads({ restrictions: { allowedMimes: ACCEPT } });
  useUploaderEvent(uploads.uploader, 'completed', (_item, entry: FileEntry) =>
    onChange({ id: entry.id, name: entry.name }),
  );

  const busy = uploads.state.pending + uploads.state.inProgress > 0;
  return (
    <fieldset className="music-admin-audio">
      <legend className="music-admin-audio__label">{t('Audio')}</legend>
      <p className="music-admin-audio__state">
        {value
          ? t('“:name” becomes the audio when you save.', { name: value.name })
          : isNew
            ? t('Upload the track’s audio (MP3, FLAC, WAV, OGG or M4A).')
            : t('Upload a file to replace the track’s audio.')}
      </p>
      <FilePicker
        onSelect={(files) => files[0] && uploads.add([files[0]])}
        accept={ACCEPT}
        multiple={false}
        isDisabled={busy || isReading}
        variant="outline"
      >
        {value || !isNew ? t('Upload new audio') : t('Upload audio')}
      </FilePicker>
      <UploadProgressList uploads={uploads} />
      {isReading ? (
        <p className="music-admin-audio__state" role="status">
          {t('Reading tags…')}
        </p>
      ) : null}
      {errorMessage ? (
        <p className="bl-field-error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
