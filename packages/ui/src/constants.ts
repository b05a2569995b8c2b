/** Delay before a tooltip opens on hover, in milliseconds. */
export const TOOLTIP_DELAY = 1500;

/** A hover popover closes this many milliseconds after the pointer leaves it and its trigger. */
export const HOVER_POPOVER_CLOSE_DELAY = 150;

/** Default maximum height, in pixels, of floating lists (menus, select and combobox lists). */
export const FLOATING_LIST_MAX_HEIGHT = 420;

/** Type-ahead search in menus forgets what was typed after this many milliseconds without a key. */
export const TYPE_AHEAD_RESET = 500;

/** Viewports narrower than this many CSS pixels get the mobile layout. */
export const MOBILE_BREAKPOINT = 768;
