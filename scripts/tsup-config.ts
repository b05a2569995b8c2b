import { defineConfig, type Options } from 'tsup';

/**
 * The one tsup configuration every public package builds with: ESM plus bundled `.d.ts`,
 * dependencies and peer dependencies left external (tsup reads them from package.json).
 */
export function backlineTsup(entry: Options['entry'], overrides: Partial<Options> = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    splitting: true,
    treeshake: true,
    ...overrides,
  });
}
