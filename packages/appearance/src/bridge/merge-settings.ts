type Tree = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const isPlainObject = (value: unknown): value is Tree =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function replaceAt(node: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const base = isPlainObject(node) ? node : {};
  const [head, ...rest] = path as [string, ...string[]];
  return { ...base, [head]: replaceAt(base[head], rest, value) };
}

/**
 * Merges editor values into the bootstrap settings tree without changing it. Keys are dotted as the settings table
 * stores them (`'cookie_notice.enable'`); the value at the key replaces what was there (so a list such as `menus`
 * loses removed entries) while the objects above it keep their other keys.
 */
export function mergeSettings(settings: Tree, values: Tree): Tree {
  let out: Tree = settings;
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split('.');
    if (parts.some((part) => FORBIDDEN.has(part) || part === '')) continue;
    out = replaceAt(out, parts, value) as Tree;
  }
  return out;
}
