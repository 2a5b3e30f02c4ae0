import { defineConfig } from '@playwright/test'

// Debian's Chromium, never a downloaded browser (scripts/test.mjs installs it when missing).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'js-on', use: { javaScriptEnabled: true }, testIgnore: /(server-.*|route-table)\.spec\.ts/ },
    { name: 'js-off', use: { javaScriptEnabled: false }, testIgnore: /(server-.*|route-table)\.spec\.ts/ },
    // The whole route table × every role and session state, once, without JavaScript.
    { name: 'routes', use: { javaScriptEnabled: false }, testMatch: /route-table\.spec\.ts/ },
    // The server process itself (start, restart, shutdown): no browser, once.
    { name: 'server', testMatch: /server-.*\.spec\.ts/ },
  ],
})
