/**
 * A local npm registry (verdaccio, in this process) and a snapshot publish of the workspace's public packages.
 * Shared by the release check (`pnpm release:local`, a throwaway registry) and `pnpm registry` (a persistent one
 * for teams trying the packages before a public release).
 *
 * Verdaccio runs through its programmatic API rather than its binary: the binary refuses Node 20 ("requires at
 * least Node.js v22") while the library runs on it.
 */
import { type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { runServer } from 'verdaccio';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command without blocking: the registry answers from this same process. */
export const run = (command: string, args: string[], options: SpawnOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });

/** The directories of the packages that are published (every `packages/*` not marked private). */
export const publicPackages = readdirSync(path.join(root, 'packages'))
  .map((dir) => path.join(root, 'packages', dir))
  .filter((dir) => !JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).private);

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, with the trailing slash npm expects. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts verdaccio on loopback. The `@backline` scope and `create-backline` are stored in `storage` and open to anyone (it never leaves
 * the machine); every other package is served only when `uplink` is set, so a consumer normally points just the
 * scope at this registry and takes the rest from its usual one.
 */
export async function startRegistry(options: {
  storage: string;
  port?: number;
  uplink?: string;
}): Promise<LocalRegistry> {
  const app = await runServer({
    self_path: path.join(options.storage, 'config.yaml'),
    storage: options.storage,
    uplinks: options.uplink ? { upstream: { url: options.uplink } } : {},
    packages: {
      '@backline/*': { access: '$all', publish: '$all', unpublish: '$all' },
      // The scaffolder, published with the scope (`npm exec --registry <this> create-backline my-app`).
      'create-backline': { access: '$all', publish: '$all', unpublish: '$all' },
      '**': { access: '$all', ...(options.uplink ? { proxy: 'upstream' } : {}) },
    },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
    security: { api: { legacy: true } },
  } as never);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An `.npmrc` line pair that sends the `@backline` scope to `url` with the token entry publishing needs. */
export function scopeNpmrc(url: string): string {
  return `@backline:registry=${url}\n${url.replace(/^http:/, '')}:_authToken=local-registry\n`;
}

/** Files a snapshot version may change, with their content, so they can be put back exactly. */
function snapshotFiles(): Map<string, string | null> {
  const files = new Map<string, string | null>();
  const consider = (file: string) => files.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
  for (const dir of publicPackages) {
    consider(path.join(dir, 'package.json'));
    consider(path.join(dir, 'CHANGELOG.md'));
  }
  for (const dir of readdirSync(path.join(root, 'examples')))
    consider(path.join(root, 'examples', dir, 'package.json'));
  for (const file of readdirSync(path.join(root, '.changeset')))
    consider(path.join(root, '.changeset', file));
  return files;
}

function restore(files: Map<string, string | null>) {
  for (const [file, content] of files) {
    if (content === null) rmSync(file, { force: true });
    else writeFileSync(file, content);
  }
}

/**
 * Publishes every public package to `registryUrl` under a changesets snapshot version (`0.0.0-<name>-<time>`,
 * new on each call, so a registry can take any number of them) and returns the versions by package name.
 * The snapshot rewrites package.json files and consumes changesets; every file it touches is restored, even
 * when a publish fails.
 */
export async function publishSnapshot(options: {
  registryUrl: string;
  /** A file the publish may write its `.npmrc` to. */
  npmrc: string;
  /** The snapshot's name inside the version. */
  name: string;
  /** The dist-tag: `latest` makes a plain `npm install @backline/core` take this snapshot. */
  tag: string;
  quiet?: boolean;
}): Promise<Record<string, string>> {
  const files = snapshotFiles();
  try {
    writeFileSync(options.npmrc, `registry=${options.registryUrl}\n${scopeNpmrc(options.registryUrl)}`);
    // A snapshot needs a changeset; the fixed group carries every public package along with this one.
    const first = JSON.parse(readFileSync(path.join(publicPackages[0]!, 'package.json'), 'utf8'))
      .name as string;
    const changeset = path.join(root, '.changeset', `${options.name}-snapshot.md`);
    files.set(changeset, null);
    writeFileSync(changeset, `---\n'${first}': patch\n---\n\nLocal snapshot.\n`);
    await run('pnpm', ['changeset', 'version', '--snapshot', options.name], {
      stdio: options.quiet ? 'ignore' : 'inherit',
    });
    const versions = Object.fromEntries(
      publicPackages.map((dir) => {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
        return [pkg.name as string, pkg.version as string];
      }),
    );
    const env = {
      ...process.env,
      npm_config_userconfig: options.npmrc,
      npm_config_registry: options.registryUrl,
    };
    for (const dir of publicPackages) {
      await run(
        'pnpm',
        ['publish', '--no-git-checks', '--tag', options.tag, '--registry', options.registryUrl],
        { cwd: dir, env, stdio: options.quiet ? 'ignore' : 'inherit' },
      );
    }
    return versions;
  } finally {
    restore(files);
  }
}
