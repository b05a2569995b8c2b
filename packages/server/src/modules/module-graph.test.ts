import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules are boundaries: this test builds the import graph between the folders of `modules/` from the code
 * (tests aside) and fails on an import loop between folders, or on `users` (installed first, under every other
 * module) importing a feature module. A module extends the user through its `user` hooks instead.
 *
 * `KNOWN` lists edges allowed to close a loop while one is being untangled; it is empty, and the test fails
 * when a listed edge disappears without being taken off the list, so the list only shrinks. The last loops
 * went by moving shared code down: the mail, site-url and background-task helpers out of `accounts` into
 * `mail/` and `http/`, the account endpoints out of `users` into the `account` module, and the password hasher
 * out of `passwords` into `security/`.
 */
const KNOWN: readonly string[] = [];

const dir = path.dirname(fileURLToPath(import.meta.url));
const folders = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `from` folder → the module folders its code imports. */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const folder of folders) {
    const targets = new Set<string>();
    for (const file of readdirSync(path.join(dir, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(path.join(dir, folder, file), 'utf8');
      const from = path.dirname(path.join(dir, folder, file));
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = path.relative(dir, path.resolve(from, match[1]!)).split(path.sep)[0]!;
        if (target !== folder && folders.includes(target)) targets.add(target);
      }
    }
    graph.set(folder, targets);
  }
  return graph;
}

/** The loops of the graph, each as the folders on it (`a -> b -> a`). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const graph = importGraph();
const withoutKnown = new Map(
  [...graph].map(([from, targets]) => [
    from,
    new Set([...targets].filter((to) => !KNOWN.includes(`${from} -> ${to}`))),
  ]),
);

describe('module folders', () => {
  it('reads the real graph (the scan is not vacuous)', () => {
    expect(folders).toEqual(expect.arrayContaining(['users', 'two-factor', 'social', 'access-tokens']));
    expect(graph.get('two-factor')).toContain('users');
  });

  it('finds a loop when there is one', () => {
    const looped = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(looped)).toEqual(['a -> b -> c -> a']);
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  it('import no module in a loop, besides the known edges still to remove', () => {
    expect(cycles(withoutKnown)).toEqual([]);
  });

  it('keep `users` free of the feature modules: two-factor, social, access tokens and the rest extend it through hooks', () => {
    expect([...(withoutKnown.get('users') ?? [])]).toEqual(
      // Roles and permissions are the one module below users (a user is served with their access).
      ['permissions'],
    );
    for (const feature of [
      'two-factor',
      'social',
      'access-tokens',
      'passwords',
      'email-verification',
      'human-check',
    ])
      expect(graph.get('users')).not.toContain(feature);
  });

  it('lists only edges that still exist, so the list of known loops only shrinks', () => {
    const stale = KNOWN.filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return !graph.get(from)?.has(to);
    });
    expect(stale).toEqual([]);
  });
});
