import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup({ index: 'src/index.ts' }, { platform: 'node' });
