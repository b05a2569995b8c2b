import { toastStore } from '@backline/ui';
import { lazy, Suspense, useEffect, useState } from 'react';

const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

/** Input that signals the visitor is about to do something that may answer with a toast. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toast region, loaded when it is first needed: on the first toast, or as soon as the visitor starts
 * interacting (so its live regions are in place before a form's answer arrives). A first visit to /login
 * then downloads only what the form needs; the region's animations follow within milliseconds of a click.
 * Toast timers run in the store from the moment a toast is shown, whether or not the region is loaded.
 */
export function DeferredToastRegion() {
  const [wanted, setWanted] = useState(() => toastStore.getSnapshot().length > 0);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = toastStore.subscribe(() => {
      if (toastStore.getSnapshot().length > 0) want();
    });
    for (const type of INTENT_EVENTS) window.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      unsubscribe();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
