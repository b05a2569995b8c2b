import type { HttpClient } from '@backline/core';
import { BootstrapContext, HttpContext } from '@backline/core/react';
import { useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeRestrictions, type UploadRestrictions } from '../engine/restrictions';
import { uploadSettings } from '../engine/settings';
import type { Translate, UploadSource } from '../engine/types';
import { createUploader, type Uploader, type UploaderOptions, type UploadsState } from '../engine/uploader';

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

const noSubscription = () => () => undefined;
const noData = () => null;

/** Adds sources to a queue; a helper for `onFiles` props. */
export const addTo = (uploader: Uploader) => (sources: UploadSource[]) => uploader.add(sources);
