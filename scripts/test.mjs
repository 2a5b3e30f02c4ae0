#!/usr/bin/env node
// `npm test`: type-check, lint, build, unit/route/platform tests (vitest), browser tests (Playwright in
// Debian's Chromium, JavaScript on and off). Ends with one line: "N passed, N failed".
// Options: --only=typecheck,lint,unit,e2e (default: all). DATABASE_URL switches the database suites to PostgreSQL.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const wants = (stage) => !only || only.includes(stage)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const results = { passed: 0, failed: 0 }
const failedStages = []
/** The failed tests by name, printed again at the very end (a CI log is often read from its tail). */
const failedTests = []

function run(stage, command, args, env = {}) {
  const started = Date.now()
  console.log(`\n── ${stage}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  console.log(`── ${stage}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`)
  if (!ok) failedStages.push(stage)
  return ok
}

function ensureChromium() {
  if (existsSync(chromium)) return true
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is not installed at ${chromium}. Install Debian's package, then run npm test again:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to another Chromium binary).\n',
    )
    return false
  }
  console.log("Chromium is missing: installing Debian's package (root)…")
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  return (
    run('install chromium', 'apt-get', ['update'], env) &&
    run('install chromium', 'apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], env)
  )
}

/** The first lines of a failure's message, without colours, indented under the test's name. */
function excerpt(message) {
  if (!message) return ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what is removed
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '')
  const lines = plain
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 12)
  return lines.map((l) => `\n      ${l.slice(0, 300)}`).join('')
}

function countVitest(file) {
  if (!existsSync(file)) return false
  const report = JSON.parse(readFileSync(file, 'utf8'))
  results.passed += report.numPassedTests ?? 0
  // A file that fails to load has no failed tests of its own: count it once.
  const failedFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed'),
  ).length
  results.failed += (report.numFailedTests ?? 0) + failedFiles
  for (const file of report.testResults ?? []) {
    const where = file.name?.replace(`${process.cwd()}/`, '') ?? '?'
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of failed)
      failedTests.push(`unit › ${where} › ${a.fullName ?? a.title}${excerpt(a.failureMessages?.[0])}`)
    if (file.status === 'failed' && failed.length === 0) failedTests.push(`unit › ${where} (did not load)`)
  }
  return true
}

function countPlaywright(file) {
  if (!existsSync(file)) return false
  const { stats, suites, errors } = JSON.parse(readFileSync(file, 'utf8'))
  results.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  results.failed += stats.unexpected ?? 0
  // Errors outside any test: global setup, or the run's own time limit (E2E_GLOBAL_TIMEOUT_MIN).
  for (const error of errors ?? []) {
    results.failed++
    failedTests.push(`e2e › the run itself${excerpt(error.message)}`)
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const last = t.results?.[t.results.length - 1]
          failedTests.push(
            `e2e [${t.projectName}] › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${excerpt(last?.error?.message ?? last?.errors?.[0]?.message)}`,
          )
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  for (const suite of suites ?? []) walk(suite, [])
  return true
}

/**
 * REUSE_BUILD=1 (CI's second pass, on the same checkout): the build the first pass made is used again
 * instead of building the same sources twice.
 */
function reuseBuild() {
  if (process.env.REUSE_BUILD !== '1' || !existsSync('build/server/index.js')) return false
  console.log('\n── build: reusing the build of this checkout (REUSE_BUILD=1)')
  return true
}

mkdirSync('.tmp', { recursive: true })
const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'
console.log(`Database for the test suites: ${where}`)

if (wants('typecheck') && !run('typecheck', 'npx', ['tsc', '--noEmit'])) results.failed++
if (wants('lint') && !run('lint', 'npx', ['biome', 'check', '.'])) results.failed++

if (wants('unit')) {
  rmSync('.tmp/unit-results.json', { force: true })
  run('unit', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=.tmp/unit-results.json',
  ])
  if (!countVitest('.tmp/unit-results.json')) results.failed++
}

if (wants('e2e')) {
  if (!ensureChromium()) {
    results.failed++
  } else if (reuseBuild() || run('build', 'npm', ['run', 'build', '--silent'])) {
    rmSync('.tmp/e2e-results.json', { force: true })
    run('e2e', 'npx', ['playwright', 'test'])
    if (!countPlaywright('.tmp/e2e-results.json')) results.failed++
  } else {
    results.failed++
  }
}

if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(', ')}`)
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✘ ${t}`).join('\n')}`)
writeFileSync('.tmp/test-totals.json', JSON.stringify({ ...results, failedStages, failedTests }))
console.log(`\n${results.passed} passed, ${results.failed} failed`)
process.exit(results.failed > 0 || failedStages.length > 0 ? 1 : 0)
