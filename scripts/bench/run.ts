/**
 * Runs every benchmark in scripts/bench (or the ones named on the command line), one after another so
 * they do not compete for the two cores. Each benchmark prints its own ratio against a baseline it
 * measures in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('_'))
  .filter((file) => !wanted.length || wanted.includes(path.basename(file, '.ts')));

if (!benches.length) {
  console.log(wanted.length ? `No benchmark named ${wanted.join(', ')}` : 'No benchmarks yet.');
  process.exit(wanted.length ? 1 : 0);
}
let failed = false;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', path.join(dir, file)],
    {
      stdio: 'inherit',
    },
  );
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
