import '@backline/uploads/styles.css';
import './track-audio-field.css';
import type { FileEntry } from '@backline/uploads';
import { FilePicker, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useTranslation } from 'react-i18next';

/** What the admin may pick: audio. The server sniffs the bytes again and refuses anything else. */
const ACCEPT = ['audio/*'];

export interface PickedAudio {
  id: number;
  name: string;
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
  errorMessage,
}: {
  isNew: boolean;
  value: PickedAudio | null;
  onChange(file: PickedAudio | null): void;
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
        isDisabled={busy}
        variant="outline"
      >
        {value || !isNew ? t('Upload new audio') : t('Upload audio')}
      </FilePicker>
      <UploadProgressList uploads={uploads} />
      {errorMessage ? (
        <p className="bl-field-error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
