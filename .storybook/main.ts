import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  stories: [
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    // The music site's own components (the web player) live in the example, not in a package.
    '../examples/music/src/**/*.stories.@(ts|tsx)',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(vite) {
    // Stories import workspace packages from source, like tests and the example do.
    vite.resolve = { ...vite.resolve, conditions: ['@backline/source', ...defaultClientConditions] };
    return vite;
  },
};
export default config;
