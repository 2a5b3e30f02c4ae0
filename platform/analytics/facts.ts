// Performance data in (issue 12, docs/decisions/039): POST /ads/adinventory/v1/facts takes the ad
// server's daily or hourly rows, authenticated by the machine token (FACTS_INGEST_TOKEN), never a user
// session. The body is CSV (text/csv, header FACT_CSV_HEADER) or JSON ({ rows: [...] } with the same
// field names), at most FACT_BODY_MAX_BYTES (counted while the body streams in) and FACT_ROWS_MAX rows.
//
// ingestFacts() is the one write path of performance rows: this endpoint, `npm run facts:import` and
// the delivery simulator all call it. Every row is validated first (any bad row: 400 with per-row
// errors, nothing written); the good rows are upserted into performance_facts (re-sending the same
// (date, hour, keys) replaces the figures: idempotent), then the performance_daily rows of the touched
// (day, campaign) pairs are recomputed as the sums of their facts, in one transaction with one audit row.
import { createHash, timingSafeEqual } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import Papa from 'papaparse'
import { audit } from '../audit'
import { clientIp } from '../auth/request'
import {
  FACT_BODY_MAX_BYTES,
  FACT_CSV_HEADER,
  FACT_LATE_DAYS,
  FACT_ROWS_MAX,
  type FactsResponse,
} from '../contracts/analytics'
import type { Database, Tx } from '../db/client'
import {
  adGroupProducts,
  adGroups,
  campaigns,
  keywordTargets,
  PLACEMENTS,
  type Placement,
} from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, errorBody, ok } from '../http'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, TEXT_MAX, tooLongMessage } from '../rules/text'
import { addDays, isCalendarDate, istDate, istDayFraction } from '../rules/time'

export type FactField = (typeof FACT_CSV_HEADER)[number]
/** One row as sent: CSV cells (text) or JSON values (text or numbers); blank/null/absent = empty. */
export type FactInput = Partial<Record<FactField, string | number | null>>
export type FactSource = 'INGEST' | 'CLI' | 'SIMULATOR'

/** One refused row: its number (CSV: the line as a spreadsheet shows it, header = 1; JSON: 1-based). */
export type FactRowError = { row: number; field: FactField | null; value: string | null; message: string }

/** Row errors kept in an answer (all are counted). */
export const FACT_ERRORS_MAX = 1000

export const FactMessages = {
  notConfigured: 'Performance ingest is not configured',
  invalidToken: 'Invalid ingest token',
  tooLarge: `The body is larger than ${FACT_BODY_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `At most ${FACT_ROWS_MAX} rows per call`,
  wrongType: 'Send text/csv or application/json',
  badEncoding: 'The body is not UTF-8 text',
  badHeader: `The first line must be the header ${FACT_CSV_HEADER.join(',')}`,
  badJson: 'The JSON body must be { "rows": [ { "date": …, … } ] }',
  noRows: 'No rows to ingest',
  refused: (count: number) =>
    `${count} ${count === 1 ? 'row was' : 'rows were'} refused; nothing was written`,
  required: 'Required',
  date: 'Enter a real date as YYYY-MM-DD',
  future: 'This date is in the future',
  futureHour: 'This hour has not ended yet (IST)',
  tooLate: `Rows older than ${FACT_LATE_DAYS} days are not accepted`,
  hour: 'Hour must be blank (a whole day) or 0 to 23',
  id: 'Must be a positive whole number',
  count: 'Must be a whole number, 0 or more',
  money: 'Must be rupees, 0 or more, with at most 2 decimals',
  placement: `Must be one of ${PLACEMENTS.join(', ')}`,
  keywordOrProduct: 'Give either a keyword or a product_id, not both',
  clicks: 'Clicks cannot exceed impressions',
  orders: 'Orders cannot exceed clicks',
  noCampaign: 'No such campaign',
  noAdGroup: 'This ad group is not in the campaign',
  noKeyword: 'This keyword is not a target of the ad group',
  noProduct: 'This product is not in the ad group',
  duplicate: (row: number) => `Same date, hour and keys as row ${row}`,
} as const

/** A refused request: every row error (the first FACT_ERRORS_MAX), nothing written. */
export class FactsRefused extends DomainError {
  constructor(
    readonly rowErrors: FactRowError[],
    readonly errorCount: number,
    rowCount = new Set(rowErrors.map((e) => e.row)).size,
  ) {
    super(400, 'INVALID_ROWS', FactMessages.refused(rowCount))
  }
}

type ParsedFact = {
  row: number
  day: string
  hour: number
  campaignId: number
  adGroupId: number
  keyword: string
  productId: number
  placement: Placement
  impressions: number
  clicks: number
  spend: number
  orders: number
  units: number
  sales: number
}

const INT_MAX = 2_147_483_647
const ID_PATTERN = /^[1-9]\d{0,14}$/
const COUNT_PATTERN = /^\d{1,10}$/
const MONEY_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value.trim()

/** Rupees with at most two decimals → integer paise, or null. */
export function rupeesToPaise(value: string): number | null {
  const match = MONEY_PATTERN.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Paise → the rupee text ingest takes ('123.45'). */
export const paiseToRupees = (paise: number) =>
  `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`

/** Field checks that need no database. Returns the parsed row or its errors. */
function parseRow(
  input: FactInput,
  row: number,
  clock: { today: string; oldest: string; hourNow: number },
): { fact: ParsedFact } | { errors: FactRowError[] } {
  const errors: FactRowError[] = []
  const fail = (field: FactField, value: string, message: string) =>
    errors.push({ row, field, value: value.length > 100 ? `${value.slice(0, 100)}…` : value, message })
  const cell = (field: FactField) => {
    const value = text(input[field])
    if (hasControlCharacters(value)) {
      fail(field, value, CONTROL_CHARACTERS_MESSAGE)
      return null
    }
    if (value.length > TEXT_MAX.line) {
      fail(field, value, tooLongMessage(TEXT_MAX.line))
      return null
    }
    return value
  }
  const required = (field: FactField) => {
    const value = cell(field)
    if (value === '') fail(field, value, FactMessages.required)
    return value || null
  }
  const id = (field: FactField) => {
    const value = required(field)
    if (value === null) return 0
    if (!ID_PATTERN.test(value)) fail(field, value, FactMessages.id)
    return Number(value)
  }
  const count = (field: FactField) => {
    const value = required(field)
    if (value === null) return 0
    if (!COUNT_PATTERN.test(value) || Number(value) > INT_MAX) fail(field, value, FactMessages.count)
    return Number(value)
  }
  const money = (field: FactField) => {
    const value = required(field)
    if (value === null) return 0
    const paise = rupeesToPaise(value)
    if (paise === null || !Number.isSafeInteger(paise)) fail(field, value, FactMessages.money)
    return paise ?? 0
  }

  const day = required('date')
  if (day !== null) {
    if (!isCalendarDate(day)) fail('date', day, FactMessages.date)
    else if (day > clock.today) fail('date', day, FactMessages.future)
    else if (day < clock.oldest) fail('date', day, FactMessages.tooLate)
  }
  const hourText = cell('hour')
  let hour = -1
  if (hourText) {
    if (!/^\d{1,2}$/.test(hourText) || Number(hourText) > 23) fail('hour', hourText, FactMessages.hour)
    else {
      hour = Number(hourText)
      if (day === clock.today && hour > clock.hourNow) fail('hour', hourText, FactMessages.futureHour)
    }
  }
  const campaignId = id('campaign_id')
  const adGroupId = id('ad_group_id')
  const keyword = cell('keyword') ?? ''
  const productText = cell('product_id') ?? ''
  let productId = 0
  if ((keyword === '') === (productText === '')) {
    fail(keyword ? 'product_id' : 'keyword', keyword || productText, FactMessages.keywordOrProduct)
  } else if (productText) {
    if (!ID_PATTERN.test(productText)) fail('product_id', productText, FactMessages.id)
    else productId = Number(productText)
  }
  const placementText = required('placement')
  if (placementText !== null && !(PLACEMENTS as readonly string[]).includes(placementText)) {
    fail('placement', placementText, FactMessages.placement)
  }
  const impressions = count('impressions')
  const clicks = count('clicks')
  const spend = money('spend')
  const orders = count('orders')
  const units = count('units')
  const sales = money('sales')
  if (errors.length === 0 && clicks > impressions) fail('clicks', String(clicks), FactMessages.clicks)
  if (errors.length === 0 && orders > clicks) fail('orders', String(orders), FactMessages.orders)
  if (errors.length > 0) return { errors }
  return {
    fact: {
      row,
      day: day!,
      hour,
      campaignId,
      adGroupId,
      keyword,
      productId,
      placement: placementText as Placement,
      impressions,
      clicks,
      spend,
      orders,
      units,
      sales,
    },
  }
}

const IN_CHUNK = 5000
async function inChunks<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < values.length; i += IN_CHUNK) out.push(...(await read(values.slice(i, i + IN_CHUNK))))
  return out
}

/** Checks against the campaigns, ad groups, keyword targets and products; spells keywords as stored. */
async function checkReferences(tx: Tx, facts: ParsedFact[]): Promise<FactRowError[]> {
  const campaignIds = [...new Set(facts.map((f) => f.campaignId))]
  const adGroupIds = [...new Set(facts.map((f) => f.adGroupId))]
  const knownCampaigns = new Set(
    (
      await inChunks(campaignIds, (ids) =>
        tx.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.id, ids)),
      )
    ).map((r) => r.id),
  )
  const groupCampaign = new Map(
    (
      await inChunks(adGroupIds, (ids) =>
        tx
          .select({ id: adGroups.id, campaignId: adGroups.campaignId })
          .from(adGroups)
          .where(inArray(adGroups.id, ids)),
      )
    ).map((r) => [r.id, r.campaignId]),
  )
  const keywordGroups = [...new Set(facts.filter((f) => f.keyword).map((f) => f.adGroupId))]
  const productGroups = [...new Set(facts.filter((f) => !f.keyword).map((f) => f.adGroupId))]
  const storedKeyword = new Map(
    (
      await inChunks(keywordGroups, (ids) =>
        tx
          .select({ adGroupId: keywordTargets.adGroupId, keyword: keywordTargets.keyword })
          .from(keywordTargets)
          .where(inArray(keywordTargets.adGroupId, ids)),
      )
    ).map((r) => [`${r.adGroupId}\u0000${r.keyword.toLowerCase()}`, r.keyword]),
  )
  const groupProducts = new Set(
    (
      await inChunks(productGroups, (ids) =>
        tx
          .select({ adGroupId: adGroupProducts.adGroupId, productId: adGroupProducts.productId })
          .from(adGroupProducts)
          .where(inArray(adGroupProducts.adGroupId, ids)),
      )
    ).map((r) => `${r.adGroupId}:${r.productId}`),
  )
  const errors: FactRowError[] = []
  for (const f of facts) {
    if (!knownCampaigns.has(f.campaignId)) {
      errors.push({
        row: f.row,
        field: 'campaign_id',
        value: String(f.campaignId),
        message: FactMessages.noCampaign,
      })
      continue
    }
    if (groupCampaign.get(f.adGroupId) !== f.campaignId) {
      errors.push({
        row: f.row,
        field: 'ad_group_id',
        value: String(f.adGroupId),
        message: FactMessages.noAdGroup,
      })
      continue
    }
    if (f.keyword) {
      const stored = storedKeyword.get(`${f.adGroupId}\u0000${f.keyword.toLowerCase()}`)
      if (stored === undefined)
        errors.push({ row: f.row, field: 'keyword', value: f.keyword, message: FactMessages.noKeyword })
      else f.keyword = stored
    } else if (!groupProducts.has(`${f.adGroupId}:${f.productId}`)) {
      errors.push({
        row: f.row,
        field: 'product_id',
        value: String(f.productId),
        message: FactMessages.noProduct,
      })
    }
  }
  return errors
}

const factKey = (f: ParsedFact) =>
  [f.day, f.hour, f.campaignId, f.adGroupId, f.keyword.toLowerCase(), f.productId, f.placement].join('\u0000')

function refuse(errors: FactRowError[]): never {
  errors.sort((a, b) => a.row - b.row)
  throw new FactsRefused(
    errors.slice(0, FACT_ERRORS_MAX),
    errors.length,
    new Set(errors.map((e) => e.row)).size,
  )
}

export type IngestOptions = {
  now: Date
  source: FactSource
  /** The number of the first row in errors (CSV data starts on line 2; JSON and programs: 1). */
  firstRow?: number
  actor?: { userId: number | null; role?: string | null; ip?: string | null } | null
  requestId?: string | null
}

/**
 * Validates every row, then in one transaction upserts them into performance_facts and recomputes the
 * performance_daily rows of every touched (day, campaign) as the sums of their facts (the campaign_spend
 * triggers follow), with one audit row. Any bad row: FactsRefused (400) and nothing written.
 */
export async function ingestFacts(
  db: Database,
  rows: readonly FactInput[],
  options: IngestOptions,
): Promise<FactsResponse> {
  if (rows.length === 0) throw new DomainError(400, 'NO_ROWS', FactMessages.noRows)
  if (rows.length > FACT_ROWS_MAX) throw new DomainError(413, 'TOO_MANY_ROWS', FactMessages.tooManyRows)
  const { now, source } = options
  const firstRow = options.firstRow ?? 1
  const today = istDate(now)
  const clock = {
    today,
    oldest: addDays(today, -FACT_LATE_DAYS),
    hourNow: Math.floor(istDayFraction(now) * 24),
  }
  const errors: FactRowError[] = []
  const facts: ParsedFact[] = []
  rows.forEach((input, index) => {
    const parsed = parseRow(input, index + firstRow, clock)
    if ('errors' in parsed) errors.push(...parsed.errors)
    else facts.push(parsed.fact)
  })
  const seen = new Map<string, number>()
  for (const f of facts) {
    const key = factKey(f)
    const earlier = seen.get(key)
    if (earlier !== undefined)
      errors.push({ row: f.row, field: null, value: null, message: FactMessages.duplicate(earlier) })
    else seen.set(key, f.row)
  }
  if (errors.length > 0) refuse(errors)

  return db.transaction(async (tx) => {
    const referenceErrors = await checkReferences(tx, facts)
    if (referenceErrors.length > 0) refuse(referenceErrors)
    // One ingest at a time: the rollup of a (day, keys) is the sum over every committed fact, so two
    // calls adding different hours of the same key must not each sum without the other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${FACTS_LOCK_KEY})`)

    // One JSON parameter per statement (json_to_recordset): far cheaper to send and plan than 15
    // parameters a row, and no parameter limit to stay under.
    let inserted = 0
    for (let i = 0; i < facts.length; i += WRITE_BATCH) {
      const batch = facts
        .slice(i, i + WRITE_BATCH)
        .map((f) => [
          f.day,
          f.hour,
          f.campaignId,
          f.adGroupId,
          f.keyword,
          f.productId,
          f.placement,
          f.impressions,
          f.clicks,
          f.spend,
          f.orders,
          f.units,
          f.sales,
        ])
      const result = await tx.execute(sql`
        with written as (
          insert into performance_facts
            (day, hour, campaign_id, ad_group_id, keyword, product_id, placement,
             impressions, clicks, spend, orders, units, sales, source, received_at)
          select (r->>0)::date, (r->>1)::smallint, (r->>2)::bigint, (r->>3)::bigint, r->>4,
            (r->>5)::bigint, r->>6, (r->>7)::int, (r->>8)::int, (r->>9)::bigint, (r->>10)::int,
            (r->>11)::int, (r->>12)::bigint, ${source}::text, ${now}::timestamptz
          from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) as r
          on conflict (campaign_id, day, ad_group_id, keyword, product_id, placement, hour) do update set
            impressions = excluded.impressions, clicks = excluded.clicks, spend = excluded.spend,
            orders = excluded.orders, units = excluded.units, sales = excluded.sales,
            source = excluded.source, received_at = excluded.received_at
          returning (xmax = 0) as inserted)
        select count(*) filter (where inserted)::int as inserted from written`)
      inserted += Number(rowsOf<{ inserted: number }>(result)[0]?.inserted ?? 0)
    }

    const pairs = [...new Set(facts.map((f) => `${f.campaignId}|${f.day}`))].map((p) => p.split('|'))
    for (let i = 0; i < pairs.length; i += IN_CHUNK) {
      const values = sql.join(
        pairs.slice(i, i + IN_CHUNK).map(([c, d]) => sql`(${Number(c)}::bigint, ${d}::date)`),
        sql`, `,
      )
      await tx.execute(sql`
        insert into performance_daily
          (day, campaign_id, ad_group_id, keyword, product_id, placement,
           impressions, clicks, spend, orders, units, sales)
        select f.day, f.campaign_id, f.ad_group_id, f.keyword, f.product_id, f.placement,
          sum(f.impressions)::int, sum(f.clicks)::int, sum(f.spend)::bigint,
          sum(f.orders)::int, sum(f.units)::int, sum(f.sales)::bigint
        from performance_facts f
        where (f.campaign_id, f.day) in (values ${values})
        group by f.day, f.campaign_id, f.ad_group_id, f.keyword, f.product_id, f.placement
        on conflict (campaign_id, day, ad_group_id, keyword, product_id, placement) do update set
          impressions = excluded.impressions, clicks = excluded.clicks, spend = excluded.spend,
          orders = excluded.orders, units = excluded.units, sales = excluded.sales
        where (performance_daily.impressions, performance_daily.clicks, performance_daily.spend,
               performance_daily.orders, performance_daily.units, performance_daily.sales)
          is distinct from
              (excluded.impressions, excluded.clicks, excluded.spend,
               excluded.orders, excluded.units, excluded.sales)`)
    }

    const days = [...new Set(facts.map((f) => f.day))].sort()
    const answer: FactsResponse = { received: facts.length, inserted, updated: facts.length - inserted, days }
    await audit(tx, {
      action: 'PERFORMANCE_FACTS_INGESTED',
      entityType: 'performance_facts',
      entityId: source,
      after: {
        ...answer,
        source,
        campaigns: new Set(facts.map((f) => f.campaignId)).size,
        spend: facts.reduce((sum, f) => sum + f.spend, 0),
      },
      actor: options.actor ?? null,
      requestId: options.requestId ?? null,
      at: now,
    })
    return answer
  })
}

/** pg_advisory_xact_lock key of the ingest ('facts' in ASCII). */
const FACTS_LOCK_KEY = 0x6661637473
/** Fact rows per INSERT statement. */
const WRITE_BATCH = 10_000
/** The rows of a raw query (node-postgres and PGlite both answer { rows }). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

// ---------------------------------------------------------------------------------------------
// Reading a body: CSV or JSON
// ---------------------------------------------------------------------------------------------
/** CSV text → rows (header FACT_CSV_HEADER, exact and in order; blank lines skipped). */
export function parseFactsCsv(csv: string): FactInput[] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: 'greedy' })
  const [header, ...records] = parsed.data
  if (!header || header.map((h) => h.trim().toLowerCase()).join(',') !== FACT_CSV_HEADER.join(',')) {
    throw new DomainError(400, 'INVALID_HEADER', FactMessages.badHeader)
  }
  if (records.length > FACT_ROWS_MAX) throw new DomainError(413, 'TOO_MANY_ROWS', FactMessages.tooManyRows)
  return records.map((cells) =>
    Object.fromEntries(FACT_CSV_HEADER.map((field, i) => [field, cells[i] ?? ''])),
  )
}

/** A JSON body → rows: { rows: [ { date, hour, … } ] }, values text, numbers or null. */
export function parseFactsJson(body: string): FactInput[] {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    throw new DomainError(400, 'MALFORMED_JSON', FactMessages.badJson)
  }
  const rows = (value as { rows?: unknown } | null)?.rows
  if (!Array.isArray(rows)) throw new DomainError(400, 'MALFORMED_JSON', FactMessages.badJson)
  if (rows.length > FACT_ROWS_MAX) throw new DomainError(413, 'TOO_MANY_ROWS', FactMessages.tooManyRows)
  return rows.map((row) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row))
      throw new DomainError(400, 'MALFORMED_JSON', FactMessages.badJson)
    const out: FactInput = {}
    for (const field of FACT_CSV_HEADER) {
      const cell = (row as Record<string, unknown>)[field]
      // Anything but text, a number or null (an object, a boolean) is text the row checks refuse.
      out[field] =
        cell === undefined || cell === null || typeof cell === 'string' || typeof cell === 'number'
          ? (cell ?? null)
          : JSON.stringify(cell)
    }
    return out
  })
}

/** The body as text, refused with 413 as soon as it passes `maxBytes` (never held beyond that). */
export async function readBodyWithLimit(request: Request, maxBytes = FACT_BODY_MAX_BYTES): Promise<string> {
  const tooLarge = () => new DomainError(413, 'BODY_TOO_LARGE', FactMessages.tooLarge)
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
  if (!request.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new DomainError(400, 'BAD_ENCODING', FactMessages.badEncoding)
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Constant-time comparison of the bearer token with the configured machine token. */
export function ingestTokenMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header?.trim() ?? '')
  return match !== null && timingSafeEqual(digest(match[1]!), digest(expected))
}

export function factsRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  app.post('/v1/facts', async (c) => {
    if (!deps.ingestToken) throw new DomainError(403, 'INGEST_NOT_CONFIGURED', FactMessages.notConfigured)
    if (!ingestTokenMatches(c.req.header('authorization'), deps.ingestToken)) {
      throw new DomainError(401, 'INVALID_TOKEN', FactMessages.invalidToken)
    }
    const contentType = c.req.header('content-type') ?? ''
    const isCsv = /^text\/csv\b/i.test(contentType)
    if (!isCsv && !/^application\/json\b/i.test(contentType)) {
      throw new DomainError(400, 'WRONG_CONTENT_TYPE', FactMessages.wrongType)
    }
    const body = await readBodyWithLimit(c.req.raw)
    const rows = isCsv ? parseFactsCsv(body) : parseFactsJson(body)
    try {
      const answer = await ingestFacts(deps.database.db, rows, {
        now: deps.now(),
        source: 'INGEST',
        firstRow: isCsv ? 2 : 1,
        actor: { userId: null, role: 'INGEST', ip: clientIp(c) },
        requestId: c.get('requestId'),
      })
      // Budget states follow the new spend now rather than at the next minute's cron.
      deps.wake?.('campaign-states')
      return ok(c, answer, `${answer.received} rows ingested`)
    } catch (error) {
      if (!(error instanceof FactsRefused)) throw error
      const fieldErrors: Record<string, string[]> = {}
      for (const e of error.rowErrors) {
        const key = `rows.${e.row}${e.field ? `.${e.field}` : ''}`
        fieldErrors[key] = [...(fieldErrors[key] ?? []), e.message]
      }
      return c.json(
        {
          ...errorBody(400, error.errorCode, error.message, c.get('requestId')),
          errorMessageList: [
            error.message,
            ...error.rowErrors.map((e) => `Row ${e.row}${e.field ? `, ${e.field}` : ''}: ${e.message}`),
          ],
          fieldErrors,
          rowErrors: error.rowErrors,
          errorCount: error.errorCount,
        },
        400,
      )
    }
  })

  return app
}
