import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

/** Source files that are not part of a build: tests, stories, fixtures, declarations, test support. */
const NOT_BUILT = /\.(test|e2e|stories|fixtures)\.tsx?$|\.d\.ts$/;
const NOT_BUILT_DIRS = new Set(['test-support']);

/**
 * Every source file of a package as an entry of its own (`src/button/button.tsx` → `dist/button/button.js`),
 * except those the package already names. With splitting on, the output then keeps one file per source file
 * instead of one bundle per public entry, so an app's bundler can place each component in the chunk that uses it:
 * a lazy account page takes the text field, the sign-in screen does not drag the whole UI library into the first
 * chunk. The public entries (`exports`) stay the same.
 */
export function sourceEntries(named: Record<string, string>, src = 'src'): Record<string, string> {
  const taken = new Set(Object.values(named).map((file) => path.normalize(file)));
  const entries: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_BUILT_DIRS.has(entry.name)) walk(file);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !NOT_BUILT.test(entry.name) &&
        !taken.has(path.normalize(file))
      ) {
        entries[path.relative(src, file).replace(/\.tsx?$/, '')] = file;
      }
    }
  };
  walk(src);
  return { ...entries, ...named };
}

/**
 * The one tsup configuration every public package builds with: ESM plus bundled `.d.ts`,
 * dependencies and peer dependencies left external (tsup reads them from package.json).
 * Browser packages build one output file per source file (see `sourceEntries`); their declarations are bundled
 * for the named entries only. `BACKLINE_TSUP_NO_DTS=1` skips the declarations (a quick JavaScript-only build).
 */
export function backlineTsup(entry: Record<string, string>, overrides: Partial<Options> = {}) {
  const browser = overrides.platform === 'browser';
  const scripts = Object.fromEntries(Object.entries(entry).filter(([, file]) => /\.tsx?$/.test(file)));
  const dts =
    process.env.BACKLINE_TSUP_NO_DTS === '1'
      ? false
      : (overrides.dts ?? (browser ? { entry: scripts } : true));
  return defineConfig({
    entry: browser ? sourceEntries(entry) : entry,
    format: ['esm'],
    sourcemap: true,
    clean: true,
    target: 'es2022',
    splitting: true,
    treeshake: true,
    ...overrides,
    dts,
  });
}
