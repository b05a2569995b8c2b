import { backlineProject } from '../../scripts/vitest-config';

export default backlineProject('music', {
  include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.ts'],
  globalSetup: ['./e2e/support/global-setup.ts'],
});
