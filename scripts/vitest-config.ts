import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

const SOURCE = '@backline/source';
// Vite's server conditions start with `module`, which points packages such as the AWS SDK at builds
// (`dist-es`) that only a bundler can load; node then fails on their extensionless imports.
const serverConditions = defaultServerConditions.filter((condition) => condition !== 'module');

/**
 * One vitest project per package. Workspace packages resolve to their `src/` through the custom
 * condition, in both the node (ssr) and the browser-like environments, so tests need no build.
 */
export function backlineProject(name: string, test: TestProjectInlineConfiguration['test'] = {}) {
  return defineProject({
    resolve: { conditions: [SOURCE, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE, ...serverConditions], externalConditions: [SOURCE] } },
    test: {
      name,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 120_000,
      ...test,
    },
  });
}
