import { backlineTsup } from '../../scripts/tsup-config';

// `cli` is the `backline` bin; its shebang survives the build. `testing` is the `./testing` subpath.
export default backlineTsup(
  { index: 'src/index.ts', testing: 'src/testing.ts', cli: 'src/cli/bin.ts' },
  { platform: 'node' },
);
