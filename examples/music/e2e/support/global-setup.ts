import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * The end-to-end tests drive the built site, exactly what `pnpm start` serves, so build it once first.
 * Vitest sets NODE_ENV=test, which would make Vite bundle React's development build; force production.
 */
export default async function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: `${root}/vite.config.ts`, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
