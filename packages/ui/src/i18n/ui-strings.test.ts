import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_EMPTY_MESSAGE, LIST_LOADING_MESSAGE } from '../list/list-state';
import { accountMenuEntries, visitorEntries } from '../shell/account-menu';
import { UI_STRINGS } from './ui-strings';

const SRC = join(import.meta.dirname, '..');

/** Component sources: everything but tests, stories and fixtures. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|stories|fixtures)\./.test(entry.name) ? [path] : [];
  });
}

describe('ui strings', () => {
  it('list every literal line the components translate', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\bt\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) {
        used.add((match[2] ?? '').replace(/\\(['"])/g, '$1'));
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((line) => !(UI_STRINGS as readonly string[]).includes(line))).toEqual([]);
  });

  it('include the labels the shell translates through variables', () => {
    const labels = [
      ...accountMenuEntries({
        notifications: { unreadCount: 1 },
        isMobile: true,
        isSubscribed: true,
        profileHref: '/p',
        theme: { canChange: true, isDark: false },
      }).map((entry) => entry.label),
      'Light mode',
      ...visitorEntries({}).map((entry) => entry.label),
      LIST_LOADING_MESSAGE,
      LIST_EMPTY_MESSAGE,
    ];
    for (const label of labels) expect(UI_STRINGS).toContain(label);
  });

  it('quote the spec lines verbatim', () => {
    for (const line of [
      'Loading...',
      'There are no items matching your query',
      "Looks like you've found the doorway to the great nothing",
      'Take me there!',
      'Dark mode',
      'Light mode',
    ]) {
      expect(UI_STRINGS).toContain(line);
    }
  });
});
