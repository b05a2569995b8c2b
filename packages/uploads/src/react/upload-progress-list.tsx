import { Button, CloseIcon, IconButton, ProgressBar } from '@backline/ui';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../engine/format-bytes';
import type { UploadItem, UploadStatus } from '../engine/types';
import type { UploadsState } from '../engine/uploader';
import type { UseUploadsResult } from './use-uploads';

/** The queue's state and controls as `useUploads` answers them. */
export type UploadQueueControls = Pick<
  UseUploadsResult,
  'state' | 'abort' | 'retry' | 'remove' | 'clearFinished'
>;

export interface UploadProgressListProps {
  /**
   * A queue from `useUploads`: its state, with Abort, Retry, Remove and "Clear finished" wired to it. The
   * `on*` props below, when given, override its handlers.
   */
  uploads?: UploadQueueControls;
  /** The state to show, for a queue not made by `useUploads` (or a story); `uploads.state` when omitted. */
  state?: UploadsState;
  onAbort?(id: string): void;
  onRetry?(id: string): void;
  onRemove?(id: string): void;
  onClearFinished?(): void;
  /**
   * Items rendered at most; the rest are summed up in a line. Keeps a drop of a thousand files from
   * rendering a thousand rows at once. 200 by default.
   */
  maxVisible?: number;
  /** The list's heading; "Uploads" by default. */
  title?: string;
  className?: string;
}

const STATUS_LABEL: Record<UploadStatus, string> = {
  pending: 'Pending',
  inProgress: 'Uploading',
  completed: 'Completed',
  failed: 'Failed',
  aborted: 'Aborted',
};

const VARIANT: Record<UploadStatus, 'primary' | 'positive' | 'danger'> = {
  pending: 'primary',
  inProgress: 'primary',
  completed: 'positive',
  failed: 'danger',
  aborted: 'danger',
};

/** Seconds as `1:05` or `1:02:05`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * The queue: an overall line (files done, speed, time left) and one row per file with its ProgressBar,
 * status, error message, and Abort / Retry / Remove buttons named after the file.
 */
export function UploadProgressList({
  uploads,
  state = uploads?.state,
  onAbort = uploads?.abort,
  onRetry = uploads?.retry,
  onRemove = uploads?.remove,
  onClearFinished = uploads?.clearFinished,
  maxVisible = 200,
  title,
  className,
}: UploadProgressListProps) {
  const { t, i18n } = useTranslation();
  if (!state?.items.length) return null;
  const count = state.items.length;
  const visible = state.items.slice(0, maxVisible);
  const finished = state.completed + state.failed + state.aborted;
  return (
    <section
      className={['bl-upload-list', className].filter(Boolean).join(' ')}
      aria-label={title ?? t('Uploads')}
    >
      <header className="bl-upload-list__header">
        <div className="bl-upload-list__summary">
          <h2 className="bl-upload-list__title">{title ?? t('Uploads')}</h2>
          <p className="bl-upload-list__stats" aria-live="polite">
            {t(':done of :count files uploaded', {
              done: state.completed,
              count,
              defaultValue_one: ':done of :count file uploaded',
            })}
            {state.isUploading && state.speed > 0 ? (
              <>
                {' · '}
                {t(':speed/s', { speed: formatBytes(state.speed, i18n.language) })}
                {state.eta !== null ? <> · {t(':time left', { time: formatDuration(state.eta) })}</> : null}
              </>
            ) : null}
          </p>
        </div>
        {onClearFinished && finished > 0 ? (
          <Button variant="text" size="sm" onPress={onClearFinished}>
            {t('Clear finished')}
          </Button>
        ) : null}
      </header>
      <ul className="bl-upload-list__items">
        {visible.map((item) => (
          <UploadRow key={item.id} item={item} onAbort={onAbort} onRetry={onRetry} onRemove={onRemove} />
        ))}
      </ul>
      {count > visible.length ? (
        <p className="bl-upload-list__more">
          {t(':count more files', { count: count - visible.length, defaultValue_one: ':count more file' })}
        </p>
      ) : null}
    </section>
  );
}

interface UploadRowProps {
  item: UploadItem;
  onAbort?(id: string): void;
  onRetry?(id: string): void;
  onRemove?(id: string): void;
}

function UploadRow({ item, onAbort, onRetry, onRemove }: UploadRowProps) {
  const { t, i18n } = useTranslation();
  const name = item.relativePath || item.name;
  const running = item.status === 'pending' || item.status === 'inProgress';
  const retryable = !item.refused && (item.status === 'failed' || item.status === 'aborted');
  const errorId = `${item.id}-error`;
  return (
    <li className="bl-upload-item" data-status={item.status} data-upload-id={item.id}>
      <div className="bl-upload-item__main">
        <div className="bl-upload-item__head">
          <span className="bl-upload-item__name" title={name}>
            {name}
          </span>
          <span className="bl-upload-item__status">{t(STATUS_LABEL[item.status])}</span>
        </div>
        <ProgressBar
          aria-label={t('Upload progress of :name', { name })}
          aria-describedby={item.errorMessage ? errorId : undefined}
          value={item.status === 'completed' ? 100 : item.percentage}
          size="sm"
          variant={VARIANT[item.status]}
        />
        <div className="bl-upload-item__meta">
          {item.errorMessage ? (
            <span id={errorId} className="bl-upload-item__error" role="alert">
              {item.errorMessage}
            </span>
          ) : (
            <span>
              {t(':uploaded of :total', {
                uploaded: formatBytes(item.bytesUploaded, i18n.language),
                total: formatBytes(item.size, i18n.language),
              })}
              {item.status === 'inProgress' && item.speed > 0
                ? ` · ${t(':speed/s', { speed: formatBytes(item.speed, i18n.language) })}`
                : ''}
              {item.status === 'inProgress' && item.eta !== null
                ? ` · ${t(':time left', { time: formatDuration(item.eta) })}`
                : ''}
            </span>
          )}
        </div>
      </div>
      <div className="bl-upload-item__actions">
        {running && onAbort ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('Abort :name', { name })}
            onPress={() => onAbort(item.id)}
          >
            {t('Abort')}
          </Button>
        ) : null}
        {retryable && onRetry ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('Retry :name', { name })}
            onPress={() => onRetry(item.id)}
          >
            {t('Retry')}
          </Button>
        ) : null}
        {!running && onRemove ? (
          <IconButton size="sm" aria-label={t('Remove :name', { name })} onPress={() => onRemove(item.id)}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </div>
    </li>
  );
}
