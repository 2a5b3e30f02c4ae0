// Property tests (fast-check) on the platform's API payloads with hostile input (issue 14, Security;
// decision 051), beside hostile-input.test.ts (control characters and overlong text in every text field of
// every endpoint, which this file does not repeat). Here: numbers at and beyond the limits in the numeric
// fields, Unicode (combining marks, right-to-left, astral, lone surrogates JSON can carry), HTML and
// script, CSV formulas in text that is taken and stored, fields missing and fields sent twice.
// Asserted: never a 5xx; a refused value is a 4xx whose envelope says why; an accepted value is stored
// as validated — read back where a call returns what it stored, and at the end a sweep of every text
// column of the database finds no control character and no replaced (ill-formed) text.
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_BASE } from './auth'
import { ANALYTICS_PATH, FACTS_PATH } from './contracts/analytics'
import { INVENTORY_BASE } from './inventory'
import { hasControlCharacters } from './rules/text'
import { createTestPlatform, TEST_INGEST_TOKEN, type TestPlatform } from './testing/platform'

const A = AUTH_BASE
const I = INVENTORY_BASE
const RUNS = 30

let t: TestPlatform
let seller: string
let superadmin: string
let ops: string
let agency: string
let agencyId: number
beforeAll(async () => {
  t = await createTestPlatform({ outboxEnabled: true })
  seller = await t.tokenFor('seller@example.com')
  superadmin = await t.tokenFor('superadmin@example.com')
  ops = await t.tokenFor('ops@example.com')
  agency = await t.tokenFor('agency2@example.com')
  agencyId = (await t.userByEmail('agency2@example.com')).id
})
afterAll(async () => {
  await t?.close()
})

/** A fresh caller address per request, so that the rate limits by IP never answer instead of the check. */
let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `10.7.${Math.floor(ipCount / 250) % 250}.${(ipCount % 250) + 1}`
}

/** Sends a JSON text as is (to send a key twice), from a fresh address. */
const sendText = (method: string, path: string, body: string, token?: string) =>
  t.request(path, {
    method,
    token,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body,
  })
const sendJson = (method: string, path: string, body: unknown, token?: string) =>
  sendText(method, path, JSON.stringify(body), token)
const get = (path: string, token?: string) =>
  t.request(path, { token, headers: { 'x-forwarded-for': nextIp() } })

/** Never a 5xx; a 4xx says why (the envelope's message). Returns the parsed body (null if not JSON). */
async function expectHandled(
  response: Response,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  expect(response.status).toBeLessThan(500)
  const text = await response.text()
  let body: Record<string, unknown> | null = null
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  if (response.status >= 400) {
    expect(body, `a ${response.status} without an envelope: ${text.slice(0, 200)}`).not.toBeNull()
    expect(typeof body?.message).toBe('string')
    expect(String(body?.message).length).toBeGreaterThan(0)
  }
  return { status: response.status, body }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** Numbers at and past the limits, and things that are numbers only to a careless parser. */
const numberLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    0,
    -0,
    -1,
    1,
    0.5,
    12.345,
    99.999,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 63,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '1e3',
    ' 12 ',
    '12.345',
    '0x10',
    '',
    '-0',
    'NaN',
    'Infinity',
    '١٢',
    '12abc',
    null,
    true,
    false,
    [],
    [1],
    {},
  ),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
)
/** The same as query-string text. */
const numberText = numberLike.map((value) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
)

/** Text a field may take and store, but which an HTML page or a spreadsheet must not execute. */
const hostileUnicode: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; drop table campaigns; --",
    '=HYPERLINK("http://evil.example","x")',
    '+1+1',
    '-1+1',
    '@SUM(1+1)',
    'e\u0301\u0301\u0301 combining',
    '\u202eevil.exe\u202c',
    'שלום עולם',
    'مرحبا',
    '😀👍🏽👨‍👩‍👧',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'a\ud800b',
    '\udfff',
    'x\ufeffy',
    '\u200b\u200d',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** What no stored text may hold: a control character (tab and line breaks aside) or half a surrogate. */
const storedProblem = (text: string) => hasControlCharacters(text, true)

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
/** Hostile names the properties below got stored (so the final sweep has something to find). */
let storedNames = 0

// ---------------------------------------------------------------------------------------------
// Valid payloads (the edges vary one field at a time)
// ---------------------------------------------------------------------------------------------
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString()
const campaignBody = (): Record<string, unknown> => ({
  name: Buffer.from('Property sale').toString('base64'),
  targetingType: 'Keyword',
  ad_format_type: 1,
  isPrivileged: false,
  new_revenue_type: 2,
  sellerid: 100001,
  budget_total_limit: 100_000,
  budget_daily_limit: -1,
  budget_pacing: 1,
  pincodeFilter: 'ALL',
  start_time: tomorrow(),
  expire_time: null,
})
const adGroupBody = (): Record<string, unknown> => ({
  channel_id: 4,
  jmflg: false,
  checksum: null,
  campaign_id: 1,
  jmcampaign_id: 1,
  sellerid: 100001,
  name: 'Group',
  products: [{ productId: 1 }],
  keywords: [{ keyword: 'shoes', match_type: 1, bid_price: 100 }],
})
const noFilters = {
  CAMPAIGN_ID: null,
  CAMPAIGN_STATUS: null,
  PLACEMENT_CATEGORY: null,
  TARGETING_TYPE: null,
  CREATED_BY: null,
}
const reportBody = (): Record<string, unknown> => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: 'Property report', isSaved: true },
  filters: noFilters,
  scheduleDetails: { frequency: 'ONCE', startDate: null, endDate: null, emailIds: [] },
})
const factRow = (): Record<string, unknown> => ({
  date: new Date(Date.now() - 86_400_000 + 19_800_000).toISOString().slice(0, 10),
  hour: '3',
  campaign_id: '1',
  ad_group_id: '1',
  keyword: 'shoes',
  product_id: '',
  placement: 'SEARCH',
  impressions: '10',
  clicks: '1',
  spend: '5.00',
  orders: '0',
  units: '0',
  sales: '0',
})

/** A JSON call whose body is `valid()` with one field changed. */
type BodyCall = {
  name: string
  method: string
  path: string
  token: () => string | undefined
  valid: () => Record<string, unknown>
}
const bodyCalls: BodyCall[] = [
  {
    name: 'campaign create',
    method: 'POST',
    path: `${I}/v1/campaign/create?action=save&userId=100001`,
    token: () => seller,
    valid: campaignBody,
  },
  {
    name: 'campaign modify',
    method: 'POST',
    path: `${I}/v1/campaign/modify?action=save&userId=100001`,
    token: () => seller,
    valid: () => ({ ...campaignBody(), id: 1 }),
  },
  {
    name: 'ad group create',
    method: 'POST',
    path: `${I}/v1/adgroup/create?action=save&userId=100001`,
    token: () => seller,
    valid: adGroupBody,
  },
  {
    name: 'campaign view',
    method: 'POST',
    path: `${I}/v1/campaign/view`,
    token: () => seller,
    valid: () => ({ id: 1, channel_id: 1, jmcampaign_id: 1 }),
  },
  {
    name: 'ad group list',
    method: 'POST',
    path: `${I}/v1/adgroup/list`,
    token: () => seller,
    valid: () => ({ channel_id: 4, campaign_id: 1 }),
  },
  {
    name: 'terms',
    method: 'POST',
    path: `${A}/v1/tnc`,
    token: () => agency,
    valid: () => ({
      userId: agencyId,
      ipAddress: '198.51.100.1',
      timestamp: '2026-03-02T07:29:58Z',
      tncAcceptance: true,
    }),
  },
  {
    name: 'login',
    method: 'POST',
    path: `${A}/v1/login`,
    token: () => undefined,
    valid: () => ({ email: 'nobody@example.com', password: 'whatever1' }),
  },
  {
    name: 'de-link decision',
    method: 'POST',
    path: `${A}/v1/brand/de-link`,
    token: () => superadmin,
    valid: () => ({ agencyId, brandId: 200002, approvalStatus: 'REJECTED', isDelink: false }),
  },
  {
    name: 'save and schedule a report',
    method: 'POST',
    path: `${ANALYTICS_PATH}/saveAndScheduleReport?userId=100001`,
    token: () => seller,
    valid: reportBody,
  },
  {
    name: 'generate a report',
    method: 'POST',
    path: `${ANALYTICS_PATH}/generateReport?userId=100001&page=1&size=10`,
    token: () => seller,
    valid: () => ({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
    }),
  },
  {
    name: 'onboard users',
    method: 'POST',
    path: `${A}/v1/onBoardUsers`,
    token: () => superadmin,
    valid: () => ({
      sendMail: false,
      users: [
        {
          name: 'Property Agency',
          email: 'agency3@example.com',
          role: 'AGENCY',
          userId: '',
          primaryContactNumber: '9876543210',
          secondaryContactNumber: '9876543211',
          address: '1 MG Road, Bengaluru',
          pincode: '560001',
        },
      ],
    }),
  },
]

/** Numeric fields: a path into a body call's payload. */
const numericFields: { call: string; field: (string | number)[] }[] = [
  ...[
    'budget_total_limit',
    'budget_daily_limit',
    'budget_pacing',
    'ad_format_type',
    'new_revenue_type',
    'sellerid',
  ].map((name) => ({ call: 'campaign create', field: [name] })),
  { call: 'campaign modify', field: ['id'] },
  ...[['channel_id'], ['campaign_id'], ['jmcampaign_id'], ['sellerid'], ['products', 0, 'productId']].map(
    (field) => ({
      call: 'ad group create',
      field,
    }),
  ),
  ...['bid_price', 'match_type'].map((name) => ({ call: 'ad group create', field: ['keywords', 0, name] })),
  ...['id', 'channel_id', 'jmcampaign_id'].map((name) => ({ call: 'campaign view', field: [name] })),
  ...['channel_id', 'campaign_id'].map((name) => ({ call: 'ad group list', field: [name] })),
  { call: 'terms', field: ['userId'] },
  ...['agencyId', 'brandId'].map((name) => ({ call: 'de-link decision', field: [name] })),
  { call: 'onboard users', field: ['users', 0, 'pincode'] },
  { call: 'onboard users', field: ['users', 0, 'primaryContactNumber'] },
]

/** A copy of `body` with the value at `field` replaced (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove')
function withValue(body: Record<string, unknown>, field: (string | number)[], value: unknown) {
  const copy = structuredClone(body)
  let node = copy as Record<string | number, unknown>
  for (const key of field.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = field.at(-1)!
  if (value === REMOVE) delete node[last]
  else node[last] = value
  return copy
}

const callNamed = (name: string) => bodyCalls.find((c) => c.name === name)!

describe('numbers at and beyond the limits (fast-check)', () => {
  it.each(numericFields.map((f) => [`${f.call} ${f.field.join('.')}`, f] as const))(
    '%s: never a 5xx, a refusal says why',
    async (_name, { call, field }) => {
      const c = callNamed(call)
      await fc.assert(
        fc.asyncProperty(numberLike, async (value) => {
          await expectHandled(await sendJson(c.method, c.path, withValue(c.valid(), field, value), c.token()))
        }),
        { numRuns: RUNS },
      )
    },
    60_000,
  )

  it('a campaign taken with an edge budget is stored as validated: a whole number of paise, as sent', async () => {
    const c = callNamed('campaign create')
    await fc.assert(
      fc.asyncProperty(numberLike, async (budget) => {
        const { status, body } = await expectHandled(
          await sendJson(c.method, c.path, { ...c.valid(), budget_total_limit: budget }, c.token()),
        )
        if (status !== 200) return
        const id = (body!.data as { id: number }).id
        const [row] = rowsOf<{ budget: string | null }>(
          await t.db.execute(sql`select budget_total_limit::text as budget from campaigns where id = ${id}`),
        )
        const stored = row!.budget
        // Taken only as a safe whole number of paise (or null, no total budget), and stored exactly so.
        if (budget === null) expect(stored).toBeNull()
        else {
          expect(Number.isSafeInteger(budget)).toBe(true)
          expect(stored).toBe(String(budget === 0 ? 0 : budget))
        }
      }),
      { numRuns: RUNS },
    )
  }, 60_000)

  const pagedQueries: { name: string; path: string; params: Record<string, string>; token: () => string }[] =
    [
      {
        name: 'campaign list',
        path: `${I}/v1/campaign/loadHomePage`,
        params: { userId: '100001', page: '1', size: '10' },
        token: () => seller,
      },
      {
        name: 'user management list',
        path: `${A}/v1/userManagement/details`,
        params: { userType: 'ALL', status: 'ALL', page: '1', size: '10' },
        token: () => ops,
      },
      {
        name: 'approval list',
        path: `${A}/v1/approval/listing`,
        params: { userType: 'ALL', status: 'ALL', page: '1', size: '10' },
        token: () => superadmin,
      },
      { name: 'outbox', path: `${A}/v1/outbox`, params: { page: '1', size: '10' }, token: () => ops },
      {
        name: 'failed jobs',
        path: `${A}/v1/jobs/failed`,
        params: { page: '1', size: '10' },
        token: () => ops,
      },
      {
        name: 'accounts search',
        path: `${A}/v1/accounts`,
        params: { search: 'volt', limit: '20' },
        token: () => ops,
      },
      {
        name: 'saved report page',
        path: `${ANALYTICS_PATH}/getReport`,
        params: {
          userId: '100001',
          reportEntityId: '00000000-0000-4000-8000-000000000000',
          page: '1',
          size: '10',
        },
        token: () => seller,
      },
      {
        name: 'campaign totals',
        path: `${I}/v1/campaign/homePageStats`,
        params: { userId: '100001' },
        token: () => seller,
      },
    ]
  it.each(pagedQueries.map((q) => [q.name, q] as const))(
    '%s: numeric query values at the limits, never a 5xx',
    async (_name, q) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...Object.keys(q.params)), numberText, async (name, value) => {
          const params = new URLSearchParams({ ...q.params, [name]: value })
          await expectHandled(await get(`${q.path}?${params}`, q.token()))
        }),
        { numRuns: RUNS },
      )
    },
    60_000,
  )

  it('the performance ingest: numeric cells at the limits are refused or taken, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'hour',
          'campaign_id',
          'ad_group_id',
          'impressions',
          'clicks',
          'spend',
          'orders',
          'units',
          'sales',
        ),
        numberLike,
        async (name, value) => {
          await expectHandled(
            await t.request(FACTS_PATH, {
              method: 'POST',
              token: TEST_INGEST_TOKEN,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
              body: JSON.stringify({ rows: [{ ...factRow(), [name]: value }] }),
            }),
          )
        },
      ),
      { numRuns: RUNS },
    )
  }, 60_000)
})

describe('Unicode, script and formulas in text that is stored (fast-check)', () => {
  it('a campaign name is refused with a message or stored exactly as validated', async () => {
    const c = callNamed('campaign create')
    await fc.assert(
      fc.asyncProperty(hostileUnicode, async (name) => {
        const encoded = Buffer.from(name, 'utf8').toString('base64')
        const { status, body } = await expectHandled(
          await sendJson(c.method, c.path, { ...c.valid(), name: encoded }, c.token()),
        )
        if (status !== 200) return
        const id = (body!.data as { id: number }).id
        const [row] = rowsOf<{ name: string }>(
          await t.db.execute(sql`select name from campaigns where id = ${id}`),
        )
        const stored = row!.name
        // What the API carried (base64 of UTF-8) is what is stored, and it is clean text.
        expect(Buffer.from(stored, 'utf8').toString('base64')).toBe(
          Buffer.from(Buffer.from(encoded, 'base64').toString('utf8'), 'utf8').toString('base64'),
        )
        expect(storedProblem(stored)).toBe(false)
        storedNames += 1
      }),
      { numRuns: RUNS },
    )
  }, 60_000)

  it.each([
    ['login e-mail', 'login', ['email']],
    ['login password', 'login', ['password']],
    ['terms ipAddress', 'terms', ['ipAddress']],
    ['ad group name', 'ad group create', ['name']],
    ['keyword', 'ad group create', ['keywords', 0, 'keyword']],
    ['report name', 'save and schedule a report', ['reportMetaData', 'reportName']],
    ['report recipient', 'save and schedule a report', ['scheduleDetails', 'emailIds', 0]],
    ['onboarded name', 'onboard users', ['users', 0, 'name']],
    ['onboarded address', 'onboard users', ['users', 0, 'address']],
  ] as const)(
    '%s: never a 5xx (a lone surrogate included), a refusal says why',
    async (_name, call, field) => {
      const c = callNamed(call)
      await fc.assert(
        fc.asyncProperty(hostileUnicode, async (value) => {
          await expectHandled(
            await sendJson(c.method, c.path, withValue(c.valid(), [...field], value), c.token()),
          )
        }),
        { numRuns: RUNS },
      )
    },
    60_000,
  )

  it('a lone surrogate is refused with the field message, not stored as a replacement character', async () => {
    for (const value of ['seller\ud800@example.com', '\udc00x@example.com']) {
      const response = await sendJson('POST', `${A}/v1/login`, { email: value, password: 'whatever1' })
      expect(response.status).toBe(400)
      expect((await response.json()).fieldErrors.email).toEqual(['Remove control characters from this field'])
    }
    // An emoji is a surrogate pair: taken.
    const c = callNamed('save and schedule a report')
    const response = await sendJson(
      c.method,
      c.path,
      withValue(c.valid(), ['reportMetaData', 'reportName'], 'Diwali 😀 report'),
      c.token(),
    )
    expect(response.status).toBeGreaterThanOrEqual(200)
    expect(response.status).toBeLessThan(300)
  })
})

describe('fields missing, and fields sent twice', () => {
  it.each(bodyCalls.map((c) => [c.name, c] as const))(
    '%s: each field left out, never a 5xx',
    async (_name, c) => {
      for (const key of Object.keys(c.valid())) {
        await expectHandled(await sendJson(c.method, c.path, withValue(c.valid(), [key], REMOVE), c.token()))
      }
      // An empty body, an empty object, null, an array, and a body that is not JSON.
      for (const body of ['', '{}', 'null', '[]', '{"a":', 'not json']) {
        await expectHandled(await sendText(c.method, c.path, body, c.token()))
      }
    },
  )

  it.each(bodyCalls.map((c) => [c.name, c] as const))(
    '%s: a key sent twice (the second hostile) is one value, never a 5xx',
    async (_name, c) => {
      const keys = Object.keys(c.valid())
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...keys),
          fc.oneof(numberLike, hostileUnicode),
          async (key, value) => {
            const json = JSON.stringify(c.valid())
            const twice = `${json.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`
            await expectHandled(await sendText(c.method, c.path, twice, c.token()))
          },
        ),
        { numRuns: 15 },
      )
    },
    60_000,
  )

  it('a query parameter sent twice (the second hostile) is never a 5xx', async () => {
    const queries: [string, Record<string, string>, () => string][] = [
      [
        `${I}/v1/campaign/loadHomePage`,
        { userId: '100001', page: '1', size: '10', search: 'sale' },
        () => seller,
      ],
      [`${I}/v1/campaign/download`, { userId: '100001', search: 'sale' }, () => seller],
      [
        `${A}/v1/userManagement/details`,
        { userType: 'ALL', status: 'ALL', page: '1', size: '10' },
        () => ops,
      ],
      [`${A}/v1/accounts`, { search: 'volt', limit: '20' }, () => ops],
      [`${ANALYTICS_PATH}/getDefaultReport`, { userId: '100001' }, () => seller],
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...queries),
        fc.oneof(numberText, hostileUnicode),
        fc.nat(),
        async ([path, params, token], value, pick) => {
          const names = Object.keys(params)
          const name = names[pick % names.length]!
          const search = new URLSearchParams(params)
          search.append(name, value)
          await expectHandled(await get(`${path}?${search}`, token()))
        },
      ),
      { numRuns: 40 },
    )
  }, 60_000)
})

describe('never stored unvalidated', () => {
  // Last: after every property above (and the seed), no text anywhere in the database holds a control
  // character (tab and line breaks aside): not in a column, not escaped inside a JSON document.
  it('no text column of any table holds a control character', async () => {
    const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
      await t.db.execute(sql`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`),
    )
    expect(columns.length).toBeGreaterThan(50)
    const found: string[] = []
    for (const { table_name, column_name, data_type } of columns) {
      const column = sql.raw(`"${column_name}"`)
      const table = sql.raw(`"${table_name}"`)
      // jsonb writes C0 characters as \u00XX escapes; text holds them as they are.
      const value = data_type.startsWith('json') ? sql`${column}::text` : column
      const bad = rowsOf<{ v: string }>(
        await t.db.execute(sql`
          select ${value} as v from ${table}
          where ${value} ~ ${'[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]|\\\\u00(0[0-8bcef]|1[0-9a-f])'}
          limit 3`),
      )
      for (const row of bad)
        found.push(`${table_name}.${column_name}: ${JSON.stringify(row.v).slice(0, 120)}`)
    }
    expect(found).toEqual([])
    // The properties above did store hostile text (else the sweep proved little).
    expect(storedNames).toBeGreaterThan(0)
  })
})

// A value of the storedProblem rule itself, so the sweep and the round trip agree on what "clean" is.
describe('the rule of clean stored text', () => {
  it('takes emoji, combining marks and right-to-left text; refuses control characters and lone surrogates', () => {
    for (const ok of ['😀', 'e\u0301', 'שלום', 'a\tb\nc', 'x\ufffd']) expect(storedProblem(ok)).toBe(false)
    for (const bad of ['a\u0001', '\ud800', 'b\udc00', '\u009b']) expect(storedProblem(bad)).toBe(true)
  })
})
