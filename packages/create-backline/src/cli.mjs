// The command line of create-backline: flags, or questions when run in a terminal without them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { EXTRAS, extraManifest, scaffold } from './scaffold.mjs';

export const USAGE = `Usage: create-backline [folder] [options]

  --extras <list>   extras to include, comma-separated: ${EXTRAS.join(', ')} (or "none")
  --no-install      only write the files; install later
  --pm <name>       package manager to install with: npm, pnpm or yarn (default: the one that ran this)
  --yes, -y         ask nothing: the folder (default my-backline-app), no extras, install
  --help, -h        show this help
`;

/**
 * Reads the arguments; `undefined` fields are asked for in a terminal.
 * @param {string[]} argv
 */
export function parseArgs(argv) {
  /** @type {{ dir?: string, extras?: import('./scaffold.mjs').Extra[], install?: boolean, pm?: string, yes: boolean, help: boolean }} */
  const options = { yes: false, help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = /** @type {string} */ (argv[index]);
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('-')) throw new Error(`${arg} needs a value`);
      index += 1;
      return next;
    };
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--yes' || arg === '-y') options.yes = true;
    else if (arg === '--no-install') options.install = false;
    else if (arg === '--install') options.install = true;
    else if (arg === '--pm') options.pm = value();
    else if (arg === '--extras' || arg.startsWith('--extras=')) {
      options.extras = parseExtras(arg.includes('=') ? arg.slice('--extras='.length) : value());
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (options.dir === undefined) options.dir = arg;
    else throw new Error(`one folder only (got ${options.dir} and ${arg})`);
  }
  if (options.pm !== undefined && !['npm', 'pnpm', 'yarn'].includes(options.pm)) {
    throw new Error(`--pm takes npm, pnpm or yarn (got ${options.pm})`);
  }
  return options;
}

/** @param {string} list @returns {import('./scaffold.mjs').Extra[]} */
function parseExtras(list) {
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'none');
  for (const name of names) {
    if (!(/** @type {readonly string[]} */ (EXTRAS).includes(name))) {
      throw new Error(`unknown extra "${name}" (choose from ${EXTRAS.join(', ')})`);
    }
  }
  return /** @type {import('./scaffold.mjs').Extra[]} */ ([...new Set(names)]);
}

/** The package manager that ran us, from the user agent npm, pnpm and yarn set. */
function invokingPackageManager() {
  const agent = process.env.npm_config_user_agent ?? '';
  if (agent.startsWith('pnpm')) return 'pnpm';
  if (agent.startsWith('yarn')) return 'yarn';
  return 'npm';
}

/** @param {string[]} argv @returns {Promise<number>} */
export async function main(argv) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  // Questions only in a terminal, and only for what the flags left open.
  if (process.stdin.isTTY && process.stdout.isTTY && !options.yes) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      options.dir ??=
        (await rl.question('Folder for the app (my-backline-app): ')).trim() || 'my-backline-app';
      if (options.extras === undefined) {
        const list = EXTRAS.map((name) => `  ${name}: ${extraManifest(name).description}`).join('\n');
        const answer = await rl.question(`Extras, comma-separated (Enter for none):\n${list}\n> `);
        options.extras = parseExtras(answer);
      }
      if (options.install === undefined) {
        options.install = !/^n/i.test((await rl.question('Install the dependencies now? (Y/n) ')).trim());
      }
    } catch (error) {
      console.error(/** @type {Error} */ (error).message);
      return 2;
    } finally {
      rl.close();
    }
  }
  const dir = options.dir ?? 'my-backline-app';
  const pm = options.pm ?? invokingPackageManager();
  try {
    const app = scaffold({ dir, extras: options.extras ?? [] });
    console.log(`Created ${app.name} in ${app.dir} (${app.files.length} files).`);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    return 1;
  }
  if (options.install ?? true) {
    console.log(`Installing with ${pm}…`);
    const code = await new Promise((resolve) => {
      const child = spawn(pm, ['install'], { cwd: path.resolve(dir), stdio: 'inherit', shell: false });
      child.on('error', () => resolve(1));
      child.on('exit', (exitCode) => resolve(exitCode ?? 1));
    });
    if (code !== 0) {
      console.error(`${pm} install failed; run it again in ${dir}.`);
      return 1;
    }
  }
  const run = pm === 'npm' ? 'npm start' : `${pm} start`;
  const steps = options.install === false ? [`cd ${dir}`, `${pm} install`, run] : [`cd ${dir}`, run];
  console.log(`\nNext:\n\n  ${steps.join('\n  ')}\n\nThen open http://localhost:3000 and create an account.`);
  return 0;
}
