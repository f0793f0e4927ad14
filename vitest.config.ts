import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // two test files at a time on the 2-core CI machine (the default leaves one core to the runner):
    // most of a file's time is spent in the vigil processes and solver threads it starts
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // The tests play a user at a terminal. Under CI=true ink (through is-in-ci) draws no live
    // frames, only the last one at exit, which is not what the terminal tests are about.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  },
});
