import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The end-to-end tests drive the built site, exactly what `pnpm start` serves, so build it once first. */
export default async function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await build({ root, configFile: `${root}/vite.config.ts`, logLevel: 'warn' });
}
