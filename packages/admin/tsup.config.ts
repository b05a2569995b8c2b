import { backlineTsup } from '../../scripts/tsup-config';

export default backlineTsup(
  {
    index: 'src/index.ts',
    chart: 'src/dashboard/dashboard-chart.tsx',
    'rich-text-editor': 'src/content/rich-text-editor.tsx',
    styles: 'src/styles.css',
  },
  {
    platform: 'browser',
    dts: {
      entry: {
        index: 'src/index.ts',
        chart: 'src/dashboard/dashboard-chart.tsx',
        'rich-text-editor': 'src/content/rich-text-editor.tsx',
      },
    },
  },
);
