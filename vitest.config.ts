import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'internal/testing', 'examples/music', 'scripts'],
    // Two cores: server suites with PGlite and Chromium suites are heavy, so keep parallelism modest.
    maxWorkers: process.env.CI ? 2 : undefined,
  },
});
