/** The settings page's state, without React: one map of channel choices per notification type. */
export type Selections = Record<string, Record<string, boolean>>;

/** The state of a group's checkbox for one channel: on when every type is on, mixed when only some are. */
export function groupState(
  selections: Selections,
  ids: readonly string[],
  channel: string,
): { isSelected: boolean; isIndeterminate: boolean } {
  const on = ids.filter((id) => selections[id]?.[channel]).length;
  return { isSelected: on > 0 && on === ids.length, isIndeterminate: on > 0 && on < ids.length };
}

/** Sets one channel of the given types. */
export function setChannel(
  selections: Selections,
  ids: readonly string[],
  channel: string,
  value: boolean,
): Selections {
  const next = { ...selections };
  for (const id of ids) next[id] = { ...next[id], [channel]: value };
  return next;
}

/** The body of `PUT notifications/me/subscriptions`. */
export function toPayload(selections: Selections): { notif_id: string; channels: Record<string, boolean> }[] {
  return Object.entries(selections).map(([notif_id, channels]) => ({ notif_id, channels }));
}
