/**
 * `pnpm registry`: a persistent local npm registry with the workspace published to it, for a team that wants to
 * try `@backline/*` in its own app before a public release.
 *
 *   pnpm registry                  # builds, publishes a fresh snapshot, serves on http://127.0.0.1:4873/
 *   pnpm registry --port 4874      # another port
 *   pnpm registry --no-publish     # serve what earlier runs published, without building
 *
 * Packages are kept in `.registry/` (git-ignored) across runs; each run adds a new snapshot version and moves the
 * `latest` tag to it, so `npm install @backline/core` in the consumer takes the newest one. The registry holds only
 * the `@backline` scope: the consumer's `.npmrc` points that scope here and takes everything else from npm.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publishSnapshot, root, run, scopeNpmrc, startRegistry } from './local-registry';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.REGISTRY_PORT ?? '4873' },
    storage: { type: 'string', default: path.join(root, '.registry') },
    'no-publish': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('Usage: pnpm registry [--port 4873] [--storage .registry] [--no-publish]');
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not "${values.port}".`);
  process.exit(2);
}
const log = (message: string) => console.log(`[registry] ${message}`);
const storage = path.resolve(values.storage);
mkdirSync(storage, { recursive: true });
const shownStorage = storage.startsWith(`${root}${path.sep}`) ? path.relative(root, storage) : storage;

const registry = await startRegistry({ storage, port }).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRINUSE') throw error;
  console.error(
    `Port ${port} is already in use (another registry?). Pick another: pnpm registry --port 4874`,
  );
  process.exit(1);
});
log(`verdaccio on ${registry.url}, storing packages in ${shownStorage}`);

if (!values['no-publish']) {
  log('building packages');
  await run('pnpm', ['build'], { stdio: 'ignore' });
  const versions = await publishSnapshot({
    registryUrl: registry.url,
    npmrc: path.join(storage, '.npmrc'),
    name: 'local',
    tag: 'latest',
    quiet: true,
  });
  log(`published ${Object.keys(versions).length} packages at ${Object.values(versions)[0]}`);
}

console.log(`
To install from it, add this to your app's .npmrc:

${scopeNpmrc(registry.url)}
then: npm install @backline/core @backline/ui @backline/auth @backline/account @backline/server

Press Ctrl+C to stop the registry (the packages stay in ${shownStorage}).`);

const stop = async () => {
  await registry.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
