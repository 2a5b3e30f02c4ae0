import { defineConfig } from '@playwright/test'

// Debian's Chromium, never a downloaded browser (scripts/test.mjs installs it when missing).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * CI's PostgreSQL pass (E2E_SCOPE=database, decision 062): the specs whose outcome the database can
 * change, once, with JavaScript on. What is a property of the HTML and the browser (axe, widths, zoom,
 * keyboard, focus, dialogs, hydration, headers) and the js-off twins run in the PGlite pass only; the
 * server specs choose their databases themselves and also run there.
 */
const databaseOnly = process.env.E2E_SCOPE === 'database'
const PRESENTATION =
  /(a11y|a11y-every-page|layout|zoom-and-width|skip-link|security-headers|keyboard|keyboard-journeys|editor-keyboard|dialogs|hydration)\.spec\.ts/
const BROWSER_PROJECTS = /(server-.*|route-table)\.spec\.ts/
/** A run that hangs ends with a report instead of eating CI's whole budget (minutes; unset: no limit). */
const globalMinutes = Number(process.env.E2E_GLOBAL_TIMEOUT_MIN ?? 0)

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  globalTimeout: globalMinutes > 0 ? globalMinutes * 60_000 : undefined,
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
  projects: databaseOnly
    ? [
        { name: 'js-on', use: { javaScriptEnabled: true }, testIgnore: [BROWSER_PROJECTS, PRESENTATION] },
        { name: 'routes', use: { javaScriptEnabled: false }, testMatch: /route-table\.spec\.ts/ },
      ]
    : [
        { name: 'js-on', use: { javaScriptEnabled: true }, testIgnore: BROWSER_PROJECTS },
        { name: 'js-off', use: { javaScriptEnabled: false }, testIgnore: BROWSER_PROJECTS },
        // The whole route table × every role and session state, once, without JavaScript.
        { name: 'routes', use: { javaScriptEnabled: false }, testMatch: /route-table\.spec\.ts/ },
        // The server process itself (start, restart, shutdown): no browser, once.
        { name: 'server', testMatch: /server-.*\.spec\.ts/ },
      ],
})
