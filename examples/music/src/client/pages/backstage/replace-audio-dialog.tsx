import '@backline/uploads/styles.css';
import { useHttp } from '@backline/core/react';
import { Button, Dialog, toast } from '@backline/ui';
import type { FileEntry } from '@backline/uploads';
import { UploadDropZone, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { musicUploads, type Track } from '../../../contract';

/** What a replacement may be: audio. The server sniffs the bytes again and refuses anything else. */
const ACCEPT = ['audio/*'];

/** The message of a refused replacement: the file's own line (`name.mp3: …`) when the server names it. */
function refusal(error: { errors?: Record<string, string[]>; message?: string }, fallback: string): string {
  return error.errors?.file?.[0] ?? error.errors?.file_id?.[0] ?? error.message ?? fallback;
}

/**
 * Replaces a published track's audio (a new master, a fixed mix): one file, sent by the upload engine (tus for
 * large files, resumable, with progress), then read on the server like a new upload. The track keeps its name,
 * number, plays, likes and playlist places; a refused file leaves it as it was and says why here.
 */
export function ReplaceAudioDialog({
  track,
  onClose,
  onReplaced,
}: {
  track: Track;
  onClose: () => void;
  onReplaced: () => void;
}) {
  const { t } = useTranslation();
  const http = useHttp();
  const uploads = useUploads({ restrictions: { allowedMimes: ACCEPT } });
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useUploaderEvent(uploads.uploader, 'completed', (_item, entry: FileEntry) => {
    setReading(true);
    setError(null);
    http
      .call(musicUploads.replaceAudio, { params: { id: track.id }, body: { file_id: entry.id } })
      .then(
        () => {
          toast.positive(t('Audio replaced'));
          onReplaced();
          onClose();
        },
        (failure: { errors?: Record<string, string[]>; message?: string }) =>
          setError(refusal(failure, t('There was an issue. Please try again.'))),
      )
      .finally(() => setReading(false));
  });
  useUploaderEvent(uploads.uploader, 'restrictionFailed', (_item, failure) =>
    setError(t(failure.key, failure.values)),
  );

  const busy = reading || uploads.state.pending + uploads.state.inProgress > 0;
  return (
    <Dialog
      title={t('Replace audio')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!busy}
    >
      <div className="backstage__form">
        <p>
          {t('Upload a new audio file for “:name”. Its name, plays, likes and playlist places stay.', {
            name: track.name,
          })}
        </p>
        <UploadDropZone
          // One file replaces one track: the first of a multiple pick is the one sent.
          onFiles={(files) => files[0] && uploads.add([files[0]])}
          accept={ACCEPT}
          allowFolders={false}
          isDisabled={busy}
        >
          {t('Drop an audio file here, or')}
        </UploadDropZone>
        <UploadProgressList uploads={uploads} />
        {reading ? <p role="status">{t('Reading the new audio…')}</p> : null}
        {error ? (
          <p className="backstage__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="backstage-album__actions">
          <Button variant="outline" onPress={onClose} isDisabled={busy}>
            {t('Cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
