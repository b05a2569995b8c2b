import path from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';
import { TIMEOUTS } from '../internal/testing/src/timeouts';

const SOURCE = '@backline/source';
// Vite's server conditions start with `module`, which points packages such as the AWS SDK at builds
// (`dist-es`) that only a bundler can load; node then fails on their extensionless imports.
const serverConditions = defaultServerConditions.filter((condition) => condition !== 'module');

/**
 * One vitest project per package. Workspace packages resolve to their `src/` through the custom
 * condition, in both the node (ssr) and the browser-like environments, so tests need no build.
 */
export function backlineProject(name: string, test: TestProjectInlineConfiguration['test'] = {}) {
  const globalSetup = [test.globalSetup ?? []].flat();
  return defineProject({
    resolve: { conditions: [SOURCE, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE, ...serverConditions], externalConditions: [SOURCE] } },
    test: {
      name,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'node',
      // Generous bounds from one place (internal/testing/src/timeouts.ts): a loaded CI machine is slow.
      testTimeout: TIMEOUTS.test,
      hookTimeout: TIMEOUTS.hook,
      // expect.poll gives up after 1 s by default, which an idle machine meets and a busy one does not.
      expect: { poll: { timeout: TIMEOUTS.poll, interval: 50 } },
      ...test,
      globalSetup: [path.join(import.meta.dirname, 'vitest-global-setup.ts'), ...globalSetup],
    },
  });
}
