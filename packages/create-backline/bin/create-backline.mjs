#!/usr/bin/env node
// `npm create backline@latest my-app`, `pnpm create backline my-app`: scaffolds, installs, prints the next steps.
import { main } from '../src/cli.mjs';

process.exitCode = await main(process.argv.slice(2));
