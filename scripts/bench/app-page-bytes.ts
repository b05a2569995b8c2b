// Starts an app made by create-backline (its `src/server.ts`, serving its built client) on a free port with a
// throwaway database, and measures a page's JavaScript by the method of `pnpm bench bundle`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptBytes } from './script-bytes';

export async function appPageBytes(appDir: string, route: string, env: NodeJS.ProcessEnv = process.env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backline-app-bytes-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: appDir,
    env: { ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /Running at (\S+)/.exec(output);
        if (match) resolve(match[1]!.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'));
      });
      server.on('exit', (code) =>
        reject(new Error(`the app exited (${code}) before it listened:\n${output}`)),
      );
    });
    return await scriptBytes(new URL(route, url).href);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx scripts/bench/app-page-bytes.ts <app dir> [route]`: prints the page's scripts and total.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = '.', route = '/login'] = process.argv.slice(2);
  const { files, total } = await appPageBytes(path.resolve(dir), route);
  for (const file of files) console.log(`${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${file.url}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (gzip) for ${route}`);
}
