import { createHttpClient, DEFAULT_ERROR_MESSAGE, defaultCookieSource, getCookie } from '@backline/core';
import {
  type CallInput,
  type CallOutput,
  type FileEntryAnswer,
  raw,
  type User,
  XSRF_COOKIE,
} from '@backline/core/contract';
import { HttpContext } from '@backline/core/react';
import { Button, FileTrigger, ProgressBar, toast } from '@backline/ui';
import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWithProgress, type UploadRoute } from '../drivers/xhr';
import { MB } from '../engine/constants';
import { checkRestrictions, extensionOf } from '../engine/restrictions';
import { uploadErrorMessage } from '../engine/uploader';
import { filesFromInput } from '../files/file-sources';

/** Spec accounts §5 and §9: the avatar takes images only, up to 2 MB, previewed at 90×90. */
export const IMAGE_MAX_SIZE = 2 * MB;
export const IMAGE_PREVIEW_SIZE = 90;
export const INVALID_IMAGE_MESSAGE = 'Please select an image';

/** Uploads one image; answers its URL. */
export type ImageUploader = (
  file: File,
  options: { signal: AbortSignal; onProgress(bytes: number): void },
) => Promise<string>;

export interface ImageUploadFieldProps<C extends UploadRoute = UploadRoute> {
  label: ReactNode;
  /** The current image URL, or null/empty for none. */
  value?: string | null;
  /** Called with the new URL after an upload, or null after removal. */
  onChange?(value: string | null): void;
  /** How the file is uploaded. Either this… */
  upload?: ImageUploader;
  /**
   * …or a route of the contract the file is POSTed to as multipart `file` (`uploads.upload`, an avatar
   * route); its answer is typed from the route's response schema…
   */
  route?: C;
  /** The route's path parameters (`{ id: user.id }`). */
  params?: CallInput<C>['params'];
  /** …or a path the file is POSTed to as multipart `file`, whose answer is untyped. Prefer `route`. */
  endpoint?: string;
  /** Reads the URL from the answer; `fileEntry.url`, `user.avatar` or `url` by default. */
  getUrl?(answer: CallOutput<C>): string | null | undefined;
  /** The whole answer (a `{ user }`, say), for callers that keep more than the URL. */
  onUploaded?(answer: CallOutput<C>): void;
  /** Shows "Remove image"; called before `onChange(null)` (a DELETE call, say). */
  onRemove?(): void | Promise<void>;
  /** Bytes; 2 MB by default. */
  maxSize?: number;
  /** Marks the field invalid ("Please select an image"), e.g. a required field left empty. */
  isInvalid?: boolean;
  description?: ReactNode;
  /** Round preview (an avatar) or square. */
  shape?: 'circle' | 'square';
  className?: string;
}

/** The image URL in the answers image routes give: a file entry's, a user's avatar, or a bare `url`. */
const defaultGetUrl = (answer: unknown): string | null | undefined => {
  const body = (answer ?? {}) as Partial<FileEntryAnswer> & { user?: Pick<User, 'avatar'>; url?: string };
  return body.fileEntry?.url ?? body.user?.avatar ?? body.url;
};

/** A plain path as a route, for the `endpoint` prop: POST, multipart, an answer no schema describes. */
const endpointRoute = (path: string) =>
  ({
    method: 'POST',
    path,
    tag: 'uploads',
    summary: 'Upload an image',
    bodyType: 'multipart',
    response: raw('application/json'),
  }) as const satisfies UploadRoute;

/**
 * An image field with a 90×90 preview: only `image/*` up to 2 MB is accepted (a refused file shows a
 * danger toast with the restriction message), the upload shows a progress bar, and an invalid value (a
 * broken image, or `isInvalid`) reads "Please select an image".
 */
export function ImageUploadField<C extends UploadRoute = UploadRoute>({
  label,
  value,
  onChange,
  upload,
  route,
  params,
  endpoint,
  getUrl = defaultGetUrl,
  onUploaded,
  onRemove,
  maxSize = IMAGE_MAX_SIZE,
  isInvalid,
  description,
  shape = 'circle',
  className,
}: ImageUploadFieldProps<C>) {
  const { t, i18n } = useTranslation();
  const providerHttp = useContext(HttpContext);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The URL that failed to load: a new value clears the error by itself.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const broken = Boolean(value) && brokenUrl === value;
  const [isRemoving, setRemoving] = useState(false);
  const labelId = useId();
  const errorId = useId();
  const descriptionId = useId();
  useEffect(() => () => controller.current?.abort(), []);

  const invalid = Boolean(isInvalid || (value && broken));

  const send: ImageUploader =
    upload ??
    (async (file, { signal, onProgress }) => {
      const target: UploadRoute | undefined = route ?? (endpoint ? endpointRoute(endpoint) : undefined);
      if (!target) throw new Error('ImageUploadField needs `upload`, `route` or `endpoint`');
      const http = providerHttp ?? createHttpClient();
      const form = new FormData();
      form.append('file', file, file.name);
      // `params` were typed against `route` by the props; here any route of the two kinds is sent alike.
      const input = { params, body: form } as unknown as Pick<CallInput<UploadRoute>, 'params' | 'body'>;
      const answer = (await callWithProgress(http, target, input, {
        signal,
        onProgress,
        xsrfToken: () => getCookie(XSRF_COOKIE, defaultCookieSource()),
      })) as CallOutput<C>;
      onUploaded?.(answer);
      const url = getUrl(answer);
      if (!url) throw new Error('The upload answer has no image URL');
      return url;
    });

  const choose = async (file: File) => {
    const failure = checkRestrictions(
      { name: file.name, size: file.size, mime: file.type, extension: extensionOf(file.name) },
      { allowedMimes: ['image/*'], maxSize },
      (key, values) => t(key, values),
      i18n.language,
    );
    if (failure) {
      toast.danger(failure.key, { values: failure.values });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      const url = await send(file, {
        signal: current.signal,
        onProgress: (bytes) => setProgress(file.size ? Math.min(100, (bytes / file.size) * 100) : 0),
      });
      onChange?.(url);
    } catch (error) {
      if (!current.signal.aborted) toast.danger(uploadErrorMessage(error) ?? DEFAULT_ERROR_MESSAGE);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await onRemove?.();
      onChange?.(null);
    } catch (error) {
      toast.danger(uploadErrorMessage(error) ?? DEFAULT_ERROR_MESSAGE);
    } finally {
      setRemoving(false);
    }
  };

  const describedBy = [description ? descriptionId : null, invalid ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend's layout; a group is enough.
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy || undefined}
      className={['bl-image-field', className].filter(Boolean).join(' ')}
      data-invalid={invalid || undefined}
    >
      <span id={labelId} className="bl-label">
        {label}
      </span>
      <div className="bl-image-field__body">
        <div
          className="bl-image-field__preview"
          data-shape={shape}
          style={{ width: IMAGE_PREVIEW_SIZE, height: IMAGE_PREVIEW_SIZE }}
        >
          {value && !broken ? (
            <img
              src={value}
              alt=""
              width={IMAGE_PREVIEW_SIZE}
              height={IMAGE_PREVIEW_SIZE}
              onError={() => setBrokenUrl(value)}
            />
          ) : (
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
              <path
                fill="currentColor"
                d="M21 19V5c0-1.1-.9-2-2-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2zM8.5 13.5l2.5 3.01L14.5 12l4.5 6H5l3.5-4.5z"
              />
            </svg>
          )}
        </div>
        <div className="bl-image-field__controls">
          <div className="bl-image-field__buttons">
            <FileTrigger
              acceptedFileTypes={['image/*']}
              onSelect={(list) => {
                const [first] = filesFromInput(list);
                if (first) void choose(first.file);
              }}
            >
              <Button
                variant="outline"
                size="sm"
                isPending={progress !== null}
                aria-describedby={describedBy || undefined}
              >
                {value ? t('Replace image') : t('Upload image')}
              </Button>
            </FileTrigger>
            {value && (onRemove || onChange) ? (
              <Button variant="text" size="sm" isPending={isRemoving} onPress={remove}>
                {t('Remove image')}
              </Button>
            ) : null}
          </div>
          {progress !== null ? <ProgressBar aria-label={t('Uploading…')} value={progress} size="sm" /> : null}
          {description ? (
            <p id={descriptionId} className="bl-description">
              {description}
            </p>
          ) : null}
          {invalid ? (
            <p id={errorId} className="bl-field-error">
              {t(INVALID_IMAGE_MESSAGE)}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
