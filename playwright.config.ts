import { defineConfig } from '@playwright/test'

// Debian's Chromium, never a downloaded browser (scripts/test.mjs installs it when missing).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What a run covers (decisions 062, 063). Unset (`npm test` on a developer's machine): everything.
 * CI splits the work between its two passes so that each browser test runs once:
 * - E2E_SCOPE=browser (the PGlite pass): every spec with JavaScript on; without JavaScript, the
 *   presentation specs and tests (axe, widths, zoom, keyboard, focus, dialogs, hydration, headers),
 *   whose outcome is a property of the HTML and the browser, the same on both databases.
 * - E2E_SCOPE=database (the PostgreSQL pass): the specs whose outcome the database can change, with
 *   JavaScript on (again) and off (only here), the route-table walk (guards read sessions and terms),
 *   and the server-process specs (they take PGlite and the local PostgreSQL themselves, whichever pass
 *   runs them). The js-off journeys run on PostgreSQL, what production runs, and the two passes come
 *   out about equal in length (decision 063).
 * A test is presentation when its file is in PRESENTATION or its title matches PRESENTATION_TESTS;
 * `grep` sees the project, the file, the describes and the title, so the two scopes' js-off parts are
 * exact complements.
 */
const scope = process.env.E2E_SCOPE ?? 'all'
const PRESENTATION =
  /(a11y|a11y-every-page|layout|zoom-and-width|skip-link|security-headers|keyboard|keyboard-journeys|editor-keyboard|dialogs|hydration)\.spec\.ts/
const PRESENTATION_TESTS = /\baxe\b|360 px|narrow screen|keyboard/i
/** Matches a presentation test by its file or its title (what `grep` is matched against has both). */
const PRESENTATION_ANY = new RegExp(`${PRESENTATION.source}|${PRESENTATION_TESTS.source}`, 'i')
const BROWSER_PROJECTS = /(server-.*|route-table)\.spec\.ts/
/** The database scope's project for one JavaScript setting: the journeys, no presentation test. */
const journeys = (name: string, javaScriptEnabled: boolean) => ({
  name,
  use: { javaScriptEnabled },
  testIgnore: [BROWSER_PROJECTS, PRESENTATION],
  grepInvert: PRESENTATION_TESTS,
})
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
  projects: [
    // The server process itself (start, restart, shutdown): no browser, once. First, because its specs
    // are the longest and mostly wait (a heartbeat turning stale, two cron ticks): begun first, their
    // waits overlap the browser tests instead of ending the run with one worker idle (decision 063).
    ...(scope === 'browser' ? [] : [{ name: 'server', testMatch: /server-.*\.spec\.ts/ }]),
    // The whole route table × every role and session state, once, without JavaScript (a minute or more
    // each: first too, for the same reason).
    ...(scope === 'browser'
      ? []
      : [{ name: 'routes', use: { javaScriptEnabled: false }, testMatch: /route-table\.spec\.ts/ }]),
    ...(scope === 'database'
      ? [journeys('js-on', true), journeys('js-off', false)]
      : [
          { name: 'js-on', use: { javaScriptEnabled: true }, testIgnore: BROWSER_PROJECTS },
          {
            name: 'js-off',
            use: { javaScriptEnabled: false },
            testIgnore: BROWSER_PROJECTS,
            ...(scope === 'browser' ? { grep: PRESENTATION_ANY } : {}),
          },
        ]),
  ],
})
