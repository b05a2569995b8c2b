import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup(
  { index: 'src/index.ts', styles: 'src/styles.css' },
  { platform: 'browser', dts: { entry: { index: 'src/index.ts' } } },
);
