import { backlineTsup } from '../../scripts/tsup-config';

// `cli` is the `backline` bin; its shebang survives the build.
export default backlineTsup({ index: 'src/index.ts', cli: 'src/cli/bin.ts' }, { platform: 'node' });
