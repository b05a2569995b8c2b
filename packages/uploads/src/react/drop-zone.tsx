import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadSource } from '../engine/types';
import { filesFromDataTransfer } from '../files/file-sources';
import { FilePicker } from './file-picker';

export interface UploadDropZoneProps {
  /** Called with the dropped or picked files; folder files carry their relative path. */
  onFiles(files: UploadSource[]): void;
  /** `accept` for the file picker. */
  accept?: string | readonly string[];
  /** Show the "Select folder" button; true by default. */
  allowFolders?: boolean;
  isDisabled?: boolean;
  /** Shows the hover look regardless of dragging (stories, custom drag sources). */
  isDropTarget?: boolean;
  /** Replaces the default line ("Drop files or folders here, or"). */
  children?: ReactNode;
  className?: string;
}

const hasFiles = (event: React.DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A region files and folders can be dropped on, with "Select files" and "Select folder" buttons for
 * keyboard and screen-reader users (a drop cannot be done without a pointer). Dropped folders are walked
 * and their files keep the path inside the folder.
 */
export function UploadDropZone({
  onFiles,
  accept,
  allowFolders = true,
  isDisabled,
  isDropTarget: forcedDropTarget,
  children,
  className,
}: UploadDropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDropTarget] = useState(false);
  const isDropTarget = forcedDropTarget ?? dragging;
  // dragenter/dragleave fire for every child; count them so hovering a button does not flicker.
  const depth = useRef(0);
  const labelId = useId();
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDropTarget(false);
    if (isDisabled) return;
    void filesFromDataTransfer(event.dataTransfer).then((files) => files.length && onFiles(files));
  };
  return (
    <section
      aria-labelledby={labelId}
      className={['bl-upload-drop-zone', className].filter(Boolean).join(' ')}
      data-drop-target={isDropTarget || undefined}
      data-disabled={isDisabled || undefined}
      onDragEnter={(event) => {
        if (!hasFiles(event) || isDisabled) return;
        event.preventDefault();
        depth.current += 1;
        setDropTarget(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event) || isDisabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDropTarget(false);
      }}
      onDrop={onDrop}
    >
      <svg
        className="bl-upload-drop-zone__icon"
        viewBox="0 0 24 24"
        width="40"
        height="40"
        aria-hidden="true"
      >
        <path
          fill="currentColor"
          d="M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A5.994 5.994 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96zM14 13v4h-4v-4H7l5-5 5 5h-3z"
        />
      </svg>
      <p id={labelId} className="bl-upload-drop-zone__title">
        {isDropTarget ? t('Drop to upload') : t('Drop files here')}
      </p>
      <p className="bl-upload-drop-zone__hint">{children ?? t('Drop files or folders here, or')}</p>
      <div className="bl-upload-drop-zone__actions">
        <FilePicker onSelect={onFiles} accept={accept} isDisabled={isDisabled} variant="primary">
          {t('Select files')}
        </FilePicker>
        {allowFolders ? (
          <FilePicker onSelect={onFiles} directory isDisabled={isDisabled} variant="outline">
            {t('Select folder')}
          </FilePicker>
        ) : null}
      </div>
    </section>
  );
}
