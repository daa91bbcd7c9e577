import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{modules,dev,scripts,site,cms,tests,bench}/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['{modules,dev,scripts,site,cms,tests}/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/int-global-setup.ts'],
          // Every file on its own copy of the migrated database, so files run in parallel.
          setupFiles: ['./tests/int-file-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
