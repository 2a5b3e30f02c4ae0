// Lighthouse (the npm `lighthouse`, 13.x) on the login page, the campaign list, the editor and analytics:
// its command line, mobile preset (its default: emulated phone, simulated slow 4G and 4× CPU), driving
// Debian's Chromium headless. Signed-in pages get the session cookie through --extra-headers. Prints
// performance and accessibility scores, LCP, TBT and CLS against the target (score ≥ 95).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { projectPath } from '../../platform/paths'
import { type FigureTable, fmtMs } from './table'

export const LIGHTHOUSE_CLI = projectPath('node_modules/lighthouse/cli/index.js')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SCORE_TARGET = 95
/** Lighthouse's "good" thresholds (web.dev) for the three metrics, mobile. */
const LCP_TARGET_MS = 2500
const TBT_TARGET_MS = 200
const CLS_TARGET = 0.1

export type LighthousePage = { label: string; url: string; cookie?: string }

type Report = {
  lighthouseVersion: string
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number }>
  runtimeError?: { message: string }
}

function runLighthouse(page: LighthousePage): Promise<Report> {
  const args = [
    LIGHTHOUSE_CLI,
    page.url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
    ...(page.cookie ? [`--extra-headers=${JSON.stringify({ cookie: page.cookie })}`] : []),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.once('error', reject)
    child.once('exit', (code) => {
      const text = Buffer.concat(out).toString('utf8')
      if (code !== 0 || !text.trim().startsWith('{')) {
        reject(
          new Error(`lighthouse exited ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(-500)}`),
        )
        return
      }
      resolve(JSON.parse(text) as Report)
    })
  })
}

/** Runs Lighthouse on each page in turn and adds its figures to the table under `column`. */
export async function lighthouseBench(table: FigureTable, column: string, pages: LighthousePage[]) {
  const section = 'Lighthouse 13, mobile preset (Debian Chromium, headless)'
  if (!existsSync(LIGHTHOUSE_CLI) || !existsSync(CHROMIUM)) {
    table.set(section, 'Lighthouse', '', column, {
      text: `not run: ${existsSync(LIGHTHOUSE_CLI) ? CHROMIUM : 'the lighthouse package'} is missing`,
    })
    return
  }
  for (const page of pages) {
    let report: Report
    try {
      // One retry: on a busy machine Chromium's DevTools protocol can time out once.
      report = await runLighthouse(page).catch(() => runLighthouse(page))
    } catch (error) {
      table.set(section, `${page.label}: performance`, `≥ ${SCORE_TARGET}`, column, {
        text: `failed: ${(error as Error).message.split('\n')[0]!.slice(0, 80)}`,
        over: true,
      })
      continue
    }
    if (report.runtimeError) {
      table.set(section, `${page.label}: performance`, `≥ ${SCORE_TARGET}`, column, {
        text: `error: ${report.runtimeError.message.slice(0, 80)}`,
        over: true,
      })
      continue
    }
    const score = (name: string) => {
      const value = report.categories[name]?.score
      return value === null || value === undefined ? Number.NaN : Math.round(value * 100)
    }
    const metric = (name: string) => report.audits[name]?.numericValue ?? Number.NaN
    const performance = score('performance')
    const accessibility = score('accessibility')
    const lcp = metric('largest-contentful-paint')
    const tbt = metric('total-blocking-time')
    const cls = metric('cumulative-layout-shift')
    const s = (v: number) => (Number.isNaN(v) ? '-' : String(v))
    table.set(section, `${page.label}: performance`, `≥ ${SCORE_TARGET}`, column, {
      text: s(performance),
      over: !(performance >= SCORE_TARGET),
    })
    table.set(section, `${page.label}: accessibility`, `≥ ${SCORE_TARGET}`, column, {
      text: s(accessibility),
      over: !(accessibility >= SCORE_TARGET),
    })
    table.set(section, `${page.label}: LCP`, `≤ ${fmtMs(LCP_TARGET_MS)}`, column, {
      text: fmtMs(lcp),
      over: !(lcp <= LCP_TARGET_MS),
    })
    table.set(section, `${page.label}: TBT`, `≤ ${fmtMs(TBT_TARGET_MS)}`, column, {
      text: fmtMs(tbt),
      over: !(tbt <= TBT_TARGET_MS),
    })
    table.set(section, `${page.label}: CLS`, `≤ ${CLS_TARGET}`, column, {
      text: Number.isNaN(cls) ? '-' : cls.toFixed(3),
      over: !(cls <= CLS_TARGET),
    })
  }
}
