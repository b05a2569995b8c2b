import { TYPE_AHEAD_RESET } from '../constants';

/**
 * Type-ahead for menus. react-aria's own type-ahead forgets the typed text after a fixed 1000 ms; the
 * spec wants 500 ms, so menus run this one instead (kept free of the DOM so the timing is unit-tested).
 */
export interface TypeAhead {
  /** Adds a typed character and answers the whole search text so far. */
  type(char: string): string;
  /** The search text typed so far ('' once it has been reset). */
  readonly search: string;
  /** Forgets the search text now. */
  reset(): void;
}

/** Creates a type-ahead buffer that empties {@link TYPE_AHEAD_RESET} ms after the last key. */
export function createTypeAhead(resetAfter: number = TYPE_AHEAD_RESET): TypeAhead {
  let search = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    search = '';
  };
  return {
    type(char) {
      search += char;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(reset, resetAfter);
      return search;
    },
    get search() {
      return search;
    },
    reset,
  };
}

const defaultCollator = new Intl.Collator(undefined, { usage: 'search', sensitivity: 'base' });

/**
 * The index of the item the search text leads to, or -1. Matching is by prefix, ignoring case and
 * accents, starting at the focused item; repeating one character ("ddd") cycles through the items that
 * start with it, as the WAI-ARIA menu pattern describes.
 */
export function findTypeAheadMatch(
  labels: readonly string[],
  search: string,
  focusedIndex: number,
  collator: Intl.Collator = defaultCollator,
): number {
  if (!search || labels.length === 0) return -1;
  const chars = Array.from(search);
  const repeated = chars.every((char) => char === chars[0]);
  const needle = repeated ? (chars[0] as string) : search;
  // A repeated character moves on from the focused item; a longer word may still match the focused one.
  const start = repeated ? focusedIndex + 1 : Math.max(focusedIndex, 0);
  for (let offset = 0; offset < labels.length; offset++) {
    const index = (((start + offset) % labels.length) + labels.length) % labels.length;
    const label = (labels[index] ?? '').trim();
    if (collator.compare(label.slice(0, needle.length), needle) === 0) return index;
  }
  return -1;
}
