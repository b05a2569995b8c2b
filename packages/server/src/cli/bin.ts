#!/usr/bin/env node
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BacklineOptions } from '../create-backline';
import { optionsFromEnv } from '../env';
import { accounts } from '../modules/accounts';
import { parseArgs, runCli } from './commands';

/*
 * The `backline` command. It builds the app from a config module (so `migrate` knows every module's
 * migrations) and the environment, runs one command and exits with its code.
 */
type ConfigExport = BacklineOptions | (() => BacklineOptions | Promise<BacklineOptions>);

async function loadOptions(config: string | undefined): Promise<BacklineOptions> {
  const file =
    config ??
    ['backline.config.js', 'backline.config.mjs', 'backline.config.ts']
      .map((name) => path.resolve(name))
      .find(existsSync);
  if (!file) return { modules: [accounts()] };
  const loaded = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: ConfigExport };
  if (!loaded.default) throw new Error(`${file} has no default export`);
  return typeof loaded.default === 'function' ? loaded.default() : loaded.default;
}

const argv = process.argv.slice(2);
try {
  const configured = await loadOptions(parseArgs(argv).flags.config);
  // The config decides what the app is (modules, settings); the environment decides where its data lives.
  const code = await runCli(
    argv,
    { ...configured, ...optionsFromEnv() },
    {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    },
  );
  process.exit(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
