import { describe, expect, it } from 'vitest';
import { ensureBrowserPermission } from './browser-permission';
import { groupState, setChannel, toPayload } from './selections';

describe('notification settings state', () => {
  const selections = {
    a: { email: true, database: true },
    b: { email: false, database: true },
  };

  it('marks a group box on, off or indeterminate from its types', () => {
    expect(groupState(selections, ['a', 'b'], 'database')).toEqual({
      isSelected: true,
      isIndeterminate: false,
    });
    expect(groupState(selections, ['a', 'b'], 'email')).toEqual({ isSelected: false, isIndeterminate: true });
    expect(groupState(selections, ['a', 'b'], 'browser')).toEqual({
      isSelected: false,
      isIndeterminate: false,
    });
  });

  it('sets a channel for every type of a group without touching the others', () => {
    const next = setChannel(selections, ['a', 'b'], 'email', false);
    expect(next).toEqual({ a: { email: false, database: true }, b: { email: false, database: true } });
    expect(selections.a.email).toBe(true);
    expect(toPayload(next)).toEqual([
      { notif_id: 'a', channels: { email: false, database: true } },
      { notif_id: 'b', channels: { email: false, database: true } },
    ]);
  });

  it('asks for the browser permission only when undecided, and only "granted" lets the box on', async () => {
    const asked: string[] = [];
    const ask = (state: NotificationPermission, answer: NotificationPermission) => ({
      state: () => state,
      request: async () => {
        asked.push(state);
        return answer;
      },
    });
    expect(await ensureBrowserPermission(ask('granted', 'granted'))).toBe(true);
    expect(await ensureBrowserPermission(ask('denied', 'granted'))).toBe(false);
    expect(asked).toEqual([]);
    expect(await ensureBrowserPermission(ask('default', 'denied'))).toBe(false);
    expect(await ensureBrowserPermission(ask('default', 'granted'))).toBe(true);
    expect(asked).toEqual(['default', 'default']);
    expect(
      await ensureBrowserPermission({ state: () => 'unsupported', request: async () => 'granted' }),
    ).toBe(false);
  });
});
