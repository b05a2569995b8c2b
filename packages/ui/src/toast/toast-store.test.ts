import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createToastId,
  createToastStore,
  TOAST_DURATIONS,
  TOAST_ID_LENGTH,
  toast,
  toastStore,
} from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const messages = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((t) => t.message);

describe('toast ids', () => {
  it('are 6 letters or digits', () => {
    for (let i = 0; i < 200; i++) expect(createToastId()).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(TOAST_ID_LENGTH).toBe(6);
  });

  it('come from the random source, so two toasts get different ids', () => {
    const values = [0, 0.5, 0.999];
    let i = 0;
    const random = () => values[i++ % values.length] ?? 0;
    expect(createToastId(random)).toBe('Af9Af9');
    const store = createToastStore();
    const ids = new Set(Array.from({ length: 50 }, () => store.show('x')));
    expect(ids.size).toBe(50);
  });

  it('are drawn again when the random source repeats the id of the toast being replaced', () => {
    const sequence = [...Array(12).fill(0), ...Array(6).fill(0.5)];
    let i = 0;
    const store = createToastStore({ random: () => sequence[i++] ?? 0.5 });
    expect(store.show('first')).toBe('AAAAAA');
    // The second draw repeats 'AAAAAA' while the first toast is still shown, so a third draw is taken.
    expect(store.show('second')).toBe('ffffff');
  });
});

describe('toast store', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    const store = createToastStore();
    store.positive('Password changed');
    store.danger('There was an issue. Please try again later.');
    expect(messages(store)).toEqual(['There was an issue. Please try again later.']);
    expect(store.getSnapshot()[0]?.type).toBe('danger');
  });

  it('keeps the replaced toast from closing the new one when its old timer would have fired', () => {
    const store = createToastStore();
    store.positive('Password changed');
    vi.advanceTimersByTime(2000);
    store.positive('Token deleted');
    vi.advanceTimersByTime(1500); // the first toast's timer would have ended here
    expect(messages(store)).toEqual(['Token deleted']);
    vi.advanceTimersByTime(1500);
    expect(messages(store)).toEqual([]);
  });

  it('closes positive toasts after 3 s', () => {
    const store = createToastStore();
    store.positive('Password changed');
    vi.advanceTimersByTime(2999);
    expect(messages(store)).toEqual(['Password changed']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
    expect(TOAST_DURATIONS.positive).toBe(3000);
  });

  it('closes danger toasts after 8 s', () => {
    const store = createToastStore();
    store.danger('Could not verify you are human.');
    vi.advanceTimersByTime(7999);
    expect(messages(store)).toEqual(['Could not verify you are human.']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('keeps loading toasts until they are dismissed', () => {
    const store = createToastStore();
    const id = store.loading('Uploading');
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(messages(store)).toEqual(['Uploading']);
    expect(store.remaining(id)).toBeNull();
    store.dismiss(id);
    expect(messages(store)).toEqual([]);
  });

  it('defaults to a positive toast and honours a custom duration', () => {
    const store = createToastStore();
    store.show('Saved', { duration: 500 });
    expect(store.getSnapshot()[0]?.type).toBe('positive');
    vi.advanceTimersByTime(500);
    expect(messages(store)).toEqual([]);
    store.show('Sticky', { type: 'danger', duration: null });
    vi.advanceTimersByTime(20_000);
    expect(messages(store)).toEqual(['Sticky']);
  });

  it('pauses the timer while hovered and resumes with the time that was left', () => {
    const store = createToastStore();
    const id = store.positive('Password changed');
    vi.advanceTimersByTime(1000);
    store.pause(id, 'hover');
    expect(store.getSnapshot()[0]?.paused).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(messages(store)).toEqual(['Password changed']);
    expect(store.remaining(id)).toBe(2000);
    store.resume(id, 'hover');
    expect(store.getSnapshot()[0]?.paused).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(messages(store)).toEqual(['Password changed']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('stays paused until every reason is released (hover and focus together)', () => {
    const store = createToastStore();
    const id = store.danger('This invite is no longer valid');
    store.pause(id, 'hover');
    store.pause(id, 'focus');
    store.resume(id, 'hover');
    vi.advanceTimersByTime(20_000);
    expect(messages(store)).toEqual(['This invite is no longer valid']);
    store.resume(id, 'focus');
    vi.advanceTimersByTime(8000);
    expect(messages(store)).toEqual([]);
  });

  it('ignores a repeated pause or a resume without a matching pause', () => {
    const store = createToastStore();
    const id = store.positive('Email sent');
    store.resume(id, 'focus');
    vi.advanceTimersByTime(1000);
    store.pause(id, 'hover');
    store.pause(id, 'hover');
    store.resume(id, 'hover');
    expect(store.remaining(id)).toBe(2000);
    vi.advanceTimersByTime(2000);
    expect(messages(store)).toEqual([]);
  });

  it('dismisses only the toast with the given id, or all without one', () => {
    const store = createToastStore();
    const old = store.positive('Email sent');
    store.positive('Updated preferences');
    store.dismiss(old);
    expect(messages(store)).toEqual(['Updated preferences']);
    store.dismiss();
    expect(messages(store)).toEqual([]);
  });

  it('notifies subscribers on every change and hands out a new snapshot each time', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    const id = store.positive('Email sent');
    expect(store.getSnapshot()).not.toBe(before);
    store.pause(id);
    store.resume(id);
    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    store.positive('Again');
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('keeps placeholder values and the action link on the toast', () => {
    const store = createToastStore();
    store.danger('Enabled :service account', {
      values: { service: 'google' },
      action: { label: 'Upgrade', action: '/pricing' },
    });
    expect(store.getSnapshot()[0]).toMatchObject({
      values: { service: 'google' },
      action: { label: 'Upgrade', action: '/pricing' },
      duration: 8000,
    });
  });
});

describe('shared toast helpers', () => {
  it('show on the shared store that the region renders', () => {
    const id = toast('Password changed');
    expect(toastStore.getSnapshot()[0]).toMatchObject({ id, type: 'positive' });
    toast.loading('Uploading');
    expect(toastStore.getSnapshot()[0]?.type).toBe('loading');
    toast.danger('There was an issue. Please try again later.');
    expect(toastStore.getSnapshot()[0]?.type).toBe('danger');
    toast.positive('Done');
    toast.dismiss();
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});
