/** What a select or combobox list shows instead of its items. */
export type ListStatus = 'loading' | 'empty' | 'ready';

/** Shown (translated) in a list while its items load. */
export const LIST_LOADING_MESSAGE = 'Loading...';

/** Shown (translated) in a list that has no items. */
export const LIST_EMPTY_MESSAGE = 'There are no items matching your query';

/**
 * Whether a list is loading, empty or ready. A list that already has items stays `ready` while more load,
 * so results don't flicker away while the user types.
 */
export function listStatus({
  isLoading = false,
  itemCount,
}: {
  isLoading?: boolean;
  itemCount: number;
}): ListStatus {
  if (itemCount > 0) return 'ready';
  return isLoading ? 'loading' : 'empty';
}

/** The i18n key of the message a list shows in place of its items, or null when it shows items. */
export function listStatusMessage(status: ListStatus): string | null {
  if (status === 'loading') return LIST_LOADING_MESSAGE;
  if (status === 'empty') return LIST_EMPTY_MESSAGE;
  return null;
}

/** Counts the items of an iterable without copying arrays. */
export function countItems(items: Iterable<unknown> | undefined): number {
  if (!items) return 0;
  if (Array.isArray(items)) return items.length;
  let count = 0;
  for (const _ of items) count++;
  return count;
}
