import '@backline/uploads/styles.css';
import { toast } from '@backline/ui';
import { UploadDropZone, UploadProgressList, useUploaderEvent, useUploads } from '@backline/uploads/react';
import { useTranslation } from 'react-i18next';

const IMAGES = ['image/*'];

/**
 * One image through the uploads engine (form, tus or S3 per the site's settings): the finished upload's file
 * entry id goes to `onChange`; the server then checks the entry is the user's own image.
 */
export function ImageField({
  label,
  preview,
  onChange,
}: {
  label: string;
  /** The image shown now (the artist's, or the one just uploaded). */
  preview: string | null;
  onChange(upload: { id: number; url: string }): void;
}) {
  const { t } = useTranslation();
  const uploads = useUploads({ restrictions: { allowedMimes: IMAGES } });
  useUploaderEvent(uploads.uploader, 'completed', (_item, entry) =>
    onChange({ id: entry.id, url: entry.url }),
  );
  useUploaderEvent(uploads.uploader, 'restrictionFailed', (_item, failure) =>
    toast.danger(failure.key, { values: failure.values }),
  );
  return (
    <fieldset className="backstage-image">
      <legend className="backstage-image__label">{label}</legend>
      {preview ? <img className="backstage-image__preview" src={preview} alt={t('Current image')} /> : null}
      <UploadDropZone
        onFiles={(files) => uploads.add(files.slice(0, 1))}
        accept={IMAGES}
        allowFolders={false}
      />
      <UploadProgressList
        state={uploads.state}
        onAbort={uploads.abort}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        onClearFinished={uploads.clearFinished}
      />
    </fieldset>
  );
}
