import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**', '.tmp/**', 'data/**'],
    globalSetup: ['./platform/testing/global-setup.ts'],
    // Each file gets its own database copy; two cores, so two files at a time.
    maxWorkers: 2,
    testTimeout: 20_000,
    env: { LOG_LEVEL: 'silent' },
    hookTimeout: 60_000,
  },
})
