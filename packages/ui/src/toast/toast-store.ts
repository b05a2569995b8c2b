/**
 * The toast store: framework-free, so the rules (one toast at a time, durations, pausing) are tested in
 * node and the React region only renders what the store holds.
 */

export type ToastType = 'positive' | 'danger' | 'loading';

/** How long each type stays, in milliseconds; `null` stays until dismissed. */
export const TOAST_DURATIONS: Readonly<Record<ToastType, number | null>> = {
  positive: 3000,
  danger: 8000,
  loading: null,
};

/** At most this many toasts are shown; a new one replaces the oldest. */
export const TOAST_LIMIT = 1;

/** Length of a toast id. */
export const TOAST_ID_LENGTH = 6;

/** Visual width bounds of a toast, in CSS pixels. */
export const TOAST_MIN_WIDTH = 288;
export const TOAST_MAX_WIDTH = 500;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A link shown in the toast, shaped like the `action` the server attaches to an error response. */
export interface ToastAction {
  label: string;
  /** URL or path the link opens. */
  action: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  /** The English spec line (the i18n key), or a message the server already translated. */
  message: string;
  /** Values for the message's `:name` placeholders. */
  values?: Record<string, string | number>;
  action?: ToastAction;
  /** Milliseconds the toast is shown for, or `null` to stay until dismissed. */
  duration: number | null;
  /** True while something (hover, focus, a hidden tab) holds the timer. */
  paused: boolean;
}

export interface ToastOptions {
  type?: ToastType;
  values?: Record<string, string | number>;
  action?: ToastAction;
  /** Overrides the type's duration; `null` keeps the toast until it is dismissed. */
  duration?: number | null;
}

export type ToastTypeOptions = Omit<ToastOptions, 'type'>;

export interface ToastStore {
  /** Shows a toast, replacing the current one; answers its id. */
  show(message: string, options?: ToastOptions): string;
  positive(message: string, options?: ToastTypeOptions): string;
  danger(message: string, options?: ToastTypeOptions): string;
  loading(message: string, options?: ToastTypeOptions): string;
  /** Removes the toast with this id, or every toast when no id is given. */
  dismiss(id?: string): void;
  /** Holds the timer of a toast for a reason (`hover`, `focus`, …); reasons are counted separately. */
  pause(id: string, reason?: string): void;
  /** Releases one reason; the timer runs again, with the time that was left, once no reason remains. */
  resume(id: string, reason?: string): void;
  /** Milliseconds left before the toast closes, `null` for a toast without a timer or an unknown id. */
  remaining(id: string): number | null;
  /** The toasts shown now (at most {@link TOAST_LIMIT}); a new array after every change. */
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export interface ToastStoreOptions {
  /** Random source for ids, `[0, 1)`; `Math.random` by default. */
  random?: () => number;
}

/** Makes a toast id of {@link TOAST_ID_LENGTH} random letters and digits. */
export function createToastId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < TOAST_ID_LENGTH; i++) {
    id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length) % ID_ALPHABET.length];
  }
  return id;
}

interface Entry {
  toast: Toast;
  reasons: Set<string>;
  /** When the running timer fires (epoch ms); undefined while paused or without a timer. */
  deadline?: number;
  /** Time left when the timer was paused. */
  left: number | null;
  timer?: ReturnType<typeof setTimeout>;
}

/** Creates a toast store; most apps use the shared {@link toast} store instead. */
export function createToastStore({ random = Math.random }: ToastStoreOptions = {}): ToastStore {
  let entries: Entry[] = [];
  let snapshot: readonly Toast[] = [];
  const listeners = new Set<() => void>();

  const emit = () => {
    snapshot = entries.map((entry) => entry.toast);
    for (const listener of [...listeners]) listener();
  };

  const stopTimer = (entry: Entry) => {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.deadline = undefined;
  };

  const startTimer = (entry: Entry) => {
    if (entry.left === null) return;
    const id = entry.toast.id;
    entry.deadline = Date.now() + entry.left;
    entry.timer = setTimeout(() => store.dismiss(id), entry.left);
  };

  const find = (id: string) => entries.find((entry) => entry.toast.id === id);

  const store: ToastStore = {
    show(message, { type = 'positive', values, action, duration } = {}) {
      let id = createToastId(random);
      while (find(id)) id = createToastId(random);
      const ms = duration === undefined ? TOAST_DURATIONS[type] : duration;
      const entry: Entry = {
        toast: {
          id,
          type,
          message,
          duration: ms,
          paused: false,
          ...(values && { values }),
          ...(action && { action }),
        },
        reasons: new Set(),
        left: ms,
      };
      // One at a time: the newcomer replaces the oldest toasts beyond the limit, timers included.
      const kept = [...entries, entry];
      for (const gone of kept.splice(0, Math.max(0, kept.length - TOAST_LIMIT))) stopTimer(gone);
      entries = kept;
      startTimer(entry);
      emit();
      return id;
    },
    positive: (message, options) => store.show(message, { ...options, type: 'positive' }),
    danger: (message, options) => store.show(message, { ...options, type: 'danger' }),
    loading: (message, options) => store.show(message, { ...options, type: 'loading' }),
    dismiss(id) {
      const gone = id === undefined ? entries : entries.filter((entry) => entry.toast.id === id);
      if (gone.length === 0) return;
      for (const entry of gone) stopTimer(entry);
      entries = entries.filter((entry) => !gone.includes(entry));
      emit();
    },
    pause(id, reason = 'hover') {
      const entry = find(id);
      if (!entry || entry.reasons.has(reason)) return;
      entry.reasons.add(reason);
      if (entry.reasons.size > 1) return;
      if (entry.deadline !== undefined) entry.left = Math.max(0, entry.deadline - Date.now());
      stopTimer(entry);
      entry.toast = { ...entry.toast, paused: true };
      emit();
    },
    resume(id, reason = 'hover') {
      const entry = find(id);
      if (!entry?.reasons.delete(reason) || entry.reasons.size > 0) return;
      entry.toast = { ...entry.toast, paused: false };
      startTimer(entry);
      emit();
    },
    remaining(id) {
      const entry = find(id);
      if (!entry || entry.left === null) return null;
      return entry.deadline === undefined ? entry.left : Math.max(0, entry.deadline - Date.now());
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The app-wide toast store that {@link ToastRegion} shows by default. */
export const toastStore: ToastStore = createToastStore();

type ToastFunction = ((message: string, options?: ToastOptions) => string) &
  Pick<ToastStore, 'positive' | 'danger' | 'loading' | 'dismiss'>;

/**
 * Shows a toast on the shared store: `toast('Password changed')`, `toast.danger('Could not verify you are
 * human.')`, `const id = toast.loading('Uploading')`, `toast.dismiss(id)`.
 */
export const toast: ToastFunction = Object.assign(
  (message: string, options?: ToastOptions) => toastStore.show(message, options),
  {
    positive: (message: string, options?: ToastTypeOptions) => toastStore.positive(message, options),
    danger: (message: string, options?: ToastTypeOptions) => toastStore.danger(message, options),
    loading: (message: string, options?: ToastTypeOptions) => toastStore.loading(message, options),
    dismiss: (id?: string) => toastStore.dismiss(id),
  },
);
