import type { HttpClient } from '@backline/core';
import { BootstrapContext, HttpContext } from '@backline/core/react';
import {
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { mergeRestrictions, type UploadRestrictions } from '../engine/restrictions';
import { uploadSettings } from '../engine/settings';
import type { Translate, UploadSource } from '../engine/types';
import {
  createUploader,
  type Uploader,
  type UploaderEvents,
  type UploaderOptions,
  type UploadsState,
} from '../engine/uploader';

export interface UseUploadsOptions
  extends Omit<UploaderOptions, 'http' | 'translate' | 'restrictions' | 'direct' | 'disableTus'> {
  /** Narrows the site's `uploads.*` restrictions for this queue (an avatar field: `image/*`, 2 MB). */
  restrictions?: UploadRestrictions;
  /** The client JSON calls go through; the BacklineProvider's one by default. */
  http?: HttpClient;
  /** Overrides `uploads.direct` / `uploads.disable_tus` from the bootstrap settings. */
  direct?: boolean;
  disableTus?: boolean;
}

export interface UseUploadsResult {
  uploader: Uploader;
  /** The queue; re-renders on every (batched) change. */
  state: UploadsState;
  add: Uploader['add'];
  abort: Uploader['abort'];
  retry: Uploader['retry'];
  remove: Uploader['remove'];
  clearFinished: Uploader['clearFinished'];
}

/**
 * An upload queue for a screen: the site's upload settings and restrictions (from the bootstrap data)
 * merged with `options.restrictions`, the provider's http client, and messages through i18next. The
 * queue lives as long as the component; unmounting aborts what still runs.
 */
export function useUploads(options: UseUploadsOptions = {}): UseUploadsResult {
  const { t, i18n } = useTranslation();
  const providerHttp = useContext(HttpContext);
  // Tolerates a missing BacklineProvider (stories, embeds): the site settings are then empty.
  const store = useContext(BootstrapContext);
  const data = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.getSnapshot ?? noData,
    store?.getSnapshot ?? noData,
  );
  const site = useMemo(() => uploadSettings(data?.settings ?? {}), [data]);
  // The latest translator, so a language switch applies to messages made afterwards.
  const translateRef = useRef<Translate>((key, values) => t(key, values));
  translateRef.current = (key, values) => t(key, values);
  const [uploader] = useState(() =>
    createUploader({
      ...options,
      http: options.http ?? providerHttp ?? undefined,
      direct: options.direct ?? site.direct,
      disableTus: options.disableTus ?? site.disableTus,
      restrictions: mergeRestrictions(site.restrictions, options.restrictions),
      translate: (key, values) => translateRef.current(key, values),
      locale: options.locale ?? i18n.language,
    }),
  );
  // Leaving the screen stops its uploads (not destroy: StrictMode remounts with the same queue).
  useEffect(() => () => uploader.abortAll(), [uploader]);
  const state = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, uploader.getSnapshot);
  return useMemo(
    () => ({
      uploader,
      state,
      add: uploader.add,
      abort: uploader.abort,
      retry: uploader.retry,
      remove: uploader.remove,
      clearFinished: uploader.clearFinished,
    }),
    [uploader, state],
  );
}

// Subscribes in the commit itself, not after paint: a passive effect can run after a click that came in the
// meantime (or a story's play function), and an event the queue emits then is lost. React 18 warns about layout
// effects on the server, where there is nothing to subscribe to anyway.
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Runs `handler` on each `event` of a queue (`uploads.uploader` from `useUploads`) while the component is
 * mounted. The latest handler runs, so it may read the render's props and state without resubscribing.
 */
export function useUploaderEvent<E extends keyof UploaderEvents>(
  uploader: Uploader,
  event: E,
  handler: UploaderEvents[E],
): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useCommitEffect(
    () =>
      uploader.on(event, ((...args: Parameters<UploaderEvents[E]>) =>
        (handlerRef.current as (...a: Parameters<UploaderEvents[E]>) => void)(...args)) as UploaderEvents[E]),
    [uploader, event],
  );
}

const noSubscription = () => () => undefined;
const noData = () => null;

/** Adds sources to a queue; a helper for `onFiles` props. */
export const addTo = (uploader: Uploader) => (sources: UploadSource[]) => uploader.add(sources);
