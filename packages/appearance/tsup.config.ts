import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup(
  {
    index: 'src/index.ts',
    react: 'src/react/index.ts',
    editor: 'src/editor/index.ts',
    styles: 'src/styles.css',
    'editor-styles': 'src/editor/editor.css',
  },
  {
    platform: 'browser',
    dts: { entry: { index: 'src/index.ts', react: 'src/react/index.ts', editor: 'src/editor/index.ts' } },
  },
);
