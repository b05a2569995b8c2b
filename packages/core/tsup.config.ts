import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup(
  { index: 'src/index.ts', contract: 'src/contract/index.ts', react: 'src/react/index.ts' },
  { platform: 'browser' },
);
