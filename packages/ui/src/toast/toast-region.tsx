import { AnimatePresence, domAnimation, LazyMotion, MotionConfig, m } from 'framer-motion';
import { type FocusEvent, useEffect, useSyncExternalStore } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button';
import { CloseIcon, DangerIcon, PositiveIcon, SpinnerIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import { type Toast, type ToastStore, toastStore } from './toast-store';

export type ToastPosition =
  | 'bottom-center'
  | 'bottom-start'
  | 'bottom-end'
  | 'top-center'
  | 'top-start'
  | 'top-end';

export interface ToastRegionProps {
  /** The store to show; the shared `toastStore` (what `toast()` writes to) by default. */
  store?: ToastStore;
  /** Where toasts appear; bottom-center by default. */
  position?: ToastPosition;
  className?: string;
}

/**
 * Renders the toasts of a store. Mount it once, near the root. Danger toasts sit in an assertive live
 * region (`role="alert"`), the others in a polite one (`role="status"`); hovering or focusing a toast
 * pauses its timer. It stays usable and announced while a modal dialog is open.
 */
export function ToastRegion({ store = toastStore, position = 'bottom-center', className }: ToastRegionProps) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  // A toast nobody can see should not run out: hold timers while the tab is hidden.
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const sync = () => {
      for (const toast of store.getSnapshot()) {
        if (document.hidden) store.pause(toast.id, 'hidden');
        else store.resume(toast.id, 'hidden');
      }
    };
    document.addEventListener('visibilitychange', sync);
    return () => document.removeEventListener('visibilitychange', sync);
  }, [store]);

  const fromTop = position.startsWith('top');
  const render = (list: readonly Toast[]) => (
    <AnimatePresence initial={false}>
      {list.map((toast) => (
        <ToastView key={toast.id} toast={toast} store={store} fromTop={fromTop} />
      ))}
    </AnimatePresence>
  );

  return (
    <LazyMotion features={domAnimation} strict>
      {/* reducedMotion="user": no movement for people who asked the system for less motion. */}
      <MotionConfig reducedMotion="user">
        <div
          className={cx('bl-toast-region', className)}
          data-position={position}
          // Keeps toasts announced and clickable while a modal hides the rest of the page.
          data-react-aria-top-layer="true"
        >
          <div className="bl-toast-live" role="status" aria-live="polite" aria-atomic="false">
            {render(toasts.filter((toast) => toast.type !== 'danger'))}
          </div>
          <div className="bl-toast-live" role="alert" aria-live="assertive" aria-atomic="false">
            {render(toasts.filter((toast) => toast.type === 'danger'))}
          </div>
        </div>
      </MotionConfig>
    </LazyMotion>
  );
}

function ToastView({ toast, store, fromTop }: { toast: Toast; store: ToastStore; fromTop: boolean }) {
  const { t } = useTranslation();
  const offset = fromTop ? -16 : 16;
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(toast.id, 'focus');
  };
  return (
    <m.div
      className="bl-toast"
      data-type={toast.type}
      data-paused={toast.paused || undefined}
      data-toast-id={toast.id}
      initial={{ opacity: 0, y: offset, scale: 0.96 }}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      exit={{ opacity: 0, y: offset / 2, scale: 0.96, transition: { duration: 0.12 } }}
      transition={{ type: 'spring', stiffness: 500, damping: 36 }}
      onPointerEnter={() => store.pause(toast.id, 'hover')}
      onPointerLeave={() => store.resume(toast.id, 'hover')}
      onFocus={() => store.pause(toast.id, 'focus')}
      onBlur={onBlur}
    >
      <span className="bl-toast__icon">
        {toast.type === 'loading' ? (
          <SpinnerIcon size={20} />
        ) : toast.type === 'danger' ? (
          <DangerIcon size={20} />
        ) : (
          <PositiveIcon size={20} />
        )}
      </span>
      <div className="bl-toast__message">{t(toast.message, toast.values)}</div>
      {toast.action ? (
        <AriaLink
          className="bl-toast__action"
          href={toast.action.action}
          onPress={() => store.dismiss(toast.id)}
        >
          {t(toast.action.label)}
        </AriaLink>
      ) : null}
      {toast.type !== 'loading' ? (
        <IconButton
          size="sm"
          round
          className="bl-toast__close"
          aria-label={t('Close')}
          onPress={() => store.dismiss(toast.id)}
        >
          <CloseIcon size={16} />
        </IconButton>
      ) : null}
    </m.div>
  );
}
