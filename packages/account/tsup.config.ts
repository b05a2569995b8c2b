import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup(
  { index: 'src/index.ts', app: 'src/app/index.ts', styles: 'src/styles.css' },
  {
    platform: 'browser',
    dts: { entry: { index: 'src/index.ts', app: 'src/app/index.ts' } },
    // The app shell loads these with the account page; the app's bundler resolves them.
    external: ['@backline/account/styles.css', '@backline/uploads/styles.css'],
  },
);
