import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The tests play a user at a terminal. Under CI=true ink (through is-in-ci) draws no live
    // frames, only the last one at exit, which is not what the terminal tests are about.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  },
});
