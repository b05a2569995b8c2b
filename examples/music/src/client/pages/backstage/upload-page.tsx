// The backstage upload page, in a chunk of its own with the upload engine and its styles.
import '@backline/uploads/styles.css';
import './upload-page.css';
import { Link, toast } from '@backline/ui';
import type { FileEntry, UploadItem } from '@backline/uploads';
import { UploadDropZone, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What artists upload here: tracks and their artwork. */
const ACCEPT = ['audio/*', 'image/*'];

/**
 * Backstage › Upload (/backstage/upload, signed-in only): drop or pick tracks and artwork, folders
 * included; every file shows its progress, can be aborted and retried, and finished ones are listed with
 * a link to the stored file. The driver (form, tus, S3) follows the site's upload settings.
 */
export function BackstageUploadPage() {
  const { t } = useTranslation();
  const uploads = useUploads({ restrictions: { allowedMimes: ACCEPT } });
  const [uploaded, setUploaded] = useState<{ item: UploadItem; entry: FileEntry }[]>([]);

  useUploaderEvent(uploads.uploader, 'completed', (item, entry) =>
    setUploaded((list) => [{ item, entry }, ...list]),
  );
  // A refused file also gets a toast: the row may be far down a long list.
  useUploaderEvent(uploads.uploader, 'restrictionFailed', (_item, failure) =>
    toast.danger(failure.key, { values: failure.values }),
  );

  return (
    <main className="backstage-upload">
      <h1 className="backstage-upload__title">{t('Upload')}</h1>
      <p className="backstage-upload__lead">
        {t('Upload your tracks and artwork. Drop whole album folders to keep their structure.')}
      </p>
      <UploadDropZone onFiles={uploads.add} accept={ACCEPT} />
      <UploadProgressList
        state={uploads.state}
        onAbort={uploads.abort}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        onClearFinished={uploads.clearFinished}
      />
      {uploaded.length ? (
        <section className="backstage-upload__done" aria-labelledby="uploaded-files-title">
          <h2 id="uploaded-files-title" className="backstage-upload__subtitle">
            {t('Uploaded files')}
          </h2>
          <ul className="backstage-upload__files">
            {uploaded.map(({ item, entry }) => (
              <li key={item.id}>
                <Link href={entry.url} target="_blank" data-entry-id={entry.id}>
                  {item.relativePath || item.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
