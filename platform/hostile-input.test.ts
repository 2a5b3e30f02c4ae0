// Hostile text at the edge (decision 021): control characters and overlong text get a 400 with a field
// message from the one shared type (contracts/text.ts), never a 500 from the database. First the six
// inputs that answered 500 before, then a property test over every text field of every endpoint.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_BASE } from './auth'
import { CONTROL_CHARACTERS_MESSAGE } from './contracts/text'
import { INVENTORY_BASE } from './inventory'
import { PAYMENTS_BASE } from './payments'
import { createTestPlatform, type TestPlatform } from './testing/platform'

let t: TestPlatform
let tokens: { seller: string; agency: string; pending: string; ops: string }
let agencyId: number
beforeAll(async () => {
  t = await createTestPlatform({ externalLoginSecret: 'a-secret-only-this-test-knows-0123456789' })
  tokens = {
    seller: await t.tokenFor('seller@example.com'),
    agency: await t.tokenFor('agency2@example.com'),
    pending: await t.tokenFor('seller@example.com', 'PASSWORD'),
    ops: await t.tokenFor('ops@example.com'),
  }
  agencyId = (await t.userByEmail('agency2@example.com')).id
})
afterAll(async () => {
  await t.close()
})

/** A fresh caller address per request, so that the rate limits by IP never answer instead of the check. */
let ipCount = 0
const nextIp = () => {
  ipCount += 1
  return `10.9.${Math.floor(ipCount / 250) % 250}.${(ipCount % 250) + 1}`
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString()

describe('the inputs that answered 500', () => {
  const nul = 'a\u0000b'
  const cases: [string, () => Promise<Response>, string][] = [
    [
      'campaign list search',
      () =>
        t.request(`${INVENTORY_BASE}/v1/campaign/loadHomePage?${qs({ userId: '100001', search: nul })}`, {
          token: tokens.seller,
        }),
      'search',
    ],
    [
      'campaign download search',
      () =>
        t.request(`${INVENTORY_BASE}/v1/campaign/download?${qs({ userId: '100001', search: nul })}`, {
          token: tokens.seller,
        }),
      'search',
    ],
    [
      'login e-mail (no sign-in needed)',
      () => t.post(`${AUTH_BASE}/v1/login`, { email: `x${nul}@example.com`, password: 'whatever1' }),
      'email',
    ],
    [
      'forgot-password e-mail (no sign-in needed)',
      () => t.post(`${AUTH_BASE}/v1/user/totp?${qs({ email: `seller${nul}@example.com` })}`),
      'email',
    ],
    [
      'terms ipAddress',
      () =>
        t.post(
          `${AUTH_BASE}/v1/tnc`,
          { userId: agencyId, ipAddress: nul, timestamp: '2026-03-02T07:29:58.000Z', tncAcceptance: true },
          { token: tokens.agency },
        ),
      'ipAddress',
    ],
    [
      'terms timestamp',
      () =>
        t.post(
          `${AUTH_BASE}/v1/tnc`,
          { userId: agencyId, ipAddress: '198.51.100.1', timestamp: nul, tncAcceptance: true },
          { token: tokens.agency },
        ),
      'timestamp',
    ],
  ]
  it.each(cases)('%s: NUL gets a 400 with the field message', async (_name, send, field) => {
    const response = await send()
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors[field]).toEqual([CONTROL_CHARACTERS_MESSAGE])
    expect(body.errors).toEqual([CONTROL_CHARACTERS_MESSAGE])
  })

  it('overlong search and e-mail get a 400 with the field message, and a DEL or C1 character too', async () => {
    const long = await t.request(
      `${INVENTORY_BASE}/v1/campaign/loadHomePage?${qs({ userId: '100001', search: 'a'.repeat(201) })}`,
      { token: tokens.seller },
    )
    expect(long.status).toBe(400)
    expect((await long.json()).fieldErrors.search).toEqual(['Must be at most 200 characters'])
    const longEmail = await t.post(`${AUTH_BASE}/v1/login`, {
      email: `${'a'.repeat(250)}@example.com`,
      password: 'whatever1',
    })
    expect(longEmail.status).toBe(400)
    for (const control of ['\u007f', '\u0085', '\u009b', '\t']) {
      const response = await t.post(`${AUTH_BASE}/v1/login`, {
        email: `a${control}b@example.com`,
        password: 'whatever1',
      })
      expect(response.status).toBe(400)
      expect((await response.json()).fieldErrors.email).toEqual([CONTROL_CHARACTERS_MESSAGE])
    }
  })

  it('a search without control characters still lists (the type lets ordinary text through)', async () => {
    const response = await t.request(
      `${INVENTORY_BASE}/v1/campaign/loadHomePage?${qs({ userId: '100001', search: 'Diwali – sale' })}`,
      { token: tokens.seller },
    )
    expect(response.status).toBe(200)
  })
})

// ---------------------------------------------------------------------------------------------
// Every text field of every endpoint
// ---------------------------------------------------------------------------------------------

type Field = {
  name: string
  /** Sends the request with the hostile value in this field, valid values elsewhere. */
  send: (value: string) => Promise<Response>
  /** The field goes through a contract: the answer is a 400. Else only: never a 500. */
  refused: boolean
}

const post = (path: string, body: unknown, token?: string) => t.post(path, body, { token, ip: nextIp() })

/** A query field of a GET: valid values for the others. */
const queryFields = (
  path: string,
  valid: Record<string, string>,
  token: () => string | undefined,
  refused: boolean | ((name: string) => boolean) = true,
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
): Field[] =>
  Object.keys(valid).map((name) => ({
    name: `${method} ${path} ?${name}`,
    refused: typeof refused === 'function' ? refused(name) : refused,
    send: (value) =>
      t.request(`${path}?${qs({ ...valid, [name]: value })}`, {
        method,
        token: token(),
        headers: { 'x-forwarded-for': nextIp() },
      }),
  }))

const bodyFields = (
  path: string,
  valid: () => Record<string, unknown>,
  names: string[],
  token: () => string | undefined,
): Field[] =>
  names.map((name) => ({
    name: `POST ${path} {${name}}`,
    refused: true,
    send: (value) => post(path, { ...valid(), [name]: value }, token()),
  }))

const pathField = (
  method: 'GET' | 'POST',
  path: (value: string) => string,
  label: string,
  token: () => string,
): Field => ({
  name: `${method} ${label}`,
  refused: true,
  send: (value) =>
    t.request(path(encodeURIComponent(value)), {
      method,
      token: token(),
      headers: { 'x-forwarded-for': nextIp() },
    }),
})

const A = AUTH_BASE
const I = INVENTORY_BASE
const listQuery = {
  userId: '100001',
  dateFilterType: 'CUSTOM',
  fromDate: '2026-01-01',
  toDate: '2026-01-31',
  status: 'ALL',
  search: 'sale',
  sort: 'name',
  direction: 'asc',
}

const fields: Field[] = [
  // auth
  ...bodyFields(
    `${A}/v1/login`,
    () => ({ email: 'nobody@example.com', password: 'whatever1' }),
    ['email', 'password'],
    () => undefined,
  ),
  ...queryFields(`${A}/v1/validateToken`, { token: 'x', ipAddress: '198.51.100.1' }, () => undefined, false),
  ...queryFields(`${A}/v1/pincodes/fetch`, { pincodes: '560001' }, () => tokens.ops),
  pathField(
    'GET',
    (v) => `${A}/v1/accounts/${v}`,
    `${A}/v1/accounts/:id`,
    () => tokens.ops,
  ),
  ...queryFields(`${A}/v1/accounts`, { search: 'volt', limit: '20' }, () => tokens.ops),
  ...queryFields(
    `${A}/v1/gauth2fa-signup`,
    { email: 'seller@example.com', userId: '1', ipAddress: '198.51.100.1' },
    () => tokens.pending,
    false,
  ),
  ...bodyFields(
    `${A}/v1/gauth2fa-verify-totp`,
    () => ({ email: 'seller@example.com', totp: '123456' }),
    ['email', 'totp'],
    () => tokens.pending,
  ),
  ...bodyFields(
    `${A}/v1/tnc`,
    () => ({
      userId: agencyId,
      ipAddress: '198.51.100.1',
      timestamp: '2026-03-02T07:29:58Z',
      tncAcceptance: true,
    }),
    ['ipAddress', 'timestamp'],
    () => tokens.agency,
  ),
  ...queryFields(`${A}/v1/user/totp`, { email: 'nobody@example.com' }, () => undefined, true, 'POST'),
  ...bodyFields(
    `${A}/v1/user/password/reset`,
    () => ({
      email: 'nobody@example.com',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
      otp: '123456',
    }),
    ['email', 'password', 'confirmPassword', 'otp'],
    () => undefined,
  ),
  ...queryFields(
    `${A}/v1/external/login`,
    {
      sellerId: '100001',
      email: 'seller@example.com',
      ts: '1770000000',
      nonce: 'n'.repeat(20),
      sig: 'a'.repeat(64),
    },
    () => undefined,
    false,
    'POST',
  ),
  // inventory
  ...queryFields(
    `${I}/v1/campaign/loadHomePage`,
    { ...listQuery, page: '1', size: '10' },
    () => tokens.seller,
  ),
  ...queryFields(`${I}/v1/campaign/download`, listQuery, () => tokens.seller),
  ...queryFields(`${I}/v1/campaign/homePageStats`, { userId: '100001' }, () => tokens.seller),
  ...bodyFields(
    `${I}/v1/campaign/view`,
    () => ({ id: 1, channel_id: 1, jmcampaign_id: 1 }),
    ['id', 'channel_id', 'jmcampaign_id'],
    () => tokens.seller,
  ),
  ...queryFields(`${I}/v1/campaigns/delete`, { campaignId: '1' }, () => tokens.seller, true, 'DELETE'),
  ...(['pause', 'play', 'clone'] as const).map((action) =>
    pathField(
      'POST',
      (v) => `${I}/v1/campaign/${v}/${action}`,
      `${I}/v1/campaign/:id/${action}`,
      () => tokens.seller,
    ),
  ),
  pathField(
    'GET',
    (v) => `${I}/v1/campaign/${v}/history`,
    `${I}/v1/campaign/:id/history`,
    () => tokens.seller,
  ),
  // inventory: the catalog calls (a query userId and a body array of product ids)
  ...(
    [
      [`${I}/v1/vertex/product/get`, 'productIds'],
      [`${I}/v1/adgroup/keyword/suggest`, 'products'],
    ] as const
  ).flatMap(([path, name]): Field[] => [
    ...queryFields(path, { userId: '100001' }, () => tokens.seller, true, 'POST'),
    {
      name: `POST ${path} {${name}}`,
      refused: true,
      send: (value) => post(`${path}?userId=100001`, { [name]: [value] }, tokens.seller),
    },
  ]),
  // inventory: the ad-group reads (ids only: any text in them is a 400)
  ...bodyFields(
    `${I}/v1/adgroup/list`,
    () => ({ channel_id: 4, campaign_id: 1 }),
    ['channel_id', 'campaign_id'],
    () => tokens.seller,
  ),
  ...bodyFields(
    `${I}/v1/adgroup/view`,
    () => ({ channel_id: 4, id: 1 }),
    ['channel_id', 'id'],
    () => tokens.seller,
  ),
  // inventory: the campaign editor's writes (query action and userId; the payload's text fields)
  ...(
    [
      [`${I}/v1/campaign/create`, {}],
      [`${I}/v1/campaign/modify`, { id: 1 }],
    ] as const
  ).flatMap(([path, extra]): Field[] => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const valid = () => ({
      ...extra,
      name: 'U2FsZQ==',
      targetingType: 'Keyword',
      ad_format_type: 1,
      isPrivileged: false,
      new_revenue_type: 2,
      sellerid: 100001,
      budget_total_limit: 100_000,
      pincodeFilter: 'ALL',
      start_time: tomorrow,
      expire_time: null,
    })
    return [
      ...queryFields(path, { action: 'save', userId: '100001' }, () => tokens.seller, true, 'POST'),
      ...['name', 'tag', 'app_site_id', 'checksum', 'targetingType', 'pincodeFilter', 'deal_type'].map(
        (name): Field => ({
          name: `POST ${path} {${name}}`,
          refused: true,
          send: (value) => post(`${path}?action=save`, { ...valid(), [name]: value }, tokens.seller),
        }),
      ),
    ]
  }),
  ...(
    [
      [`${I}/v1/adgroup/create`, {}],
      [`${I}/v1/adgroup/modify`, { id: 1 }],
    ] as const
  ).flatMap(([path, extra]): Field[] => {
    const valid = () => ({
      ...extra,
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
    return [
      ...queryFields(path, { action: 'save', userId: '100001' }, () => tokens.seller, true, 'POST'),
      ...['name', 'checksum'].map(
        (name): Field => ({
          name: `POST ${path} {${name}}`,
          refused: true,
          send: (value) => post(`${path}?action=save`, { ...valid(), [name]: value }, tokens.seller),
        }),
      ),
      {
        name: `POST ${path} {keywords[].keyword}`,
        refused: true,
        send: (value) =>
          post(
            `${path}?action=save`,
            { ...valid(), keywords: [{ keyword: value, match_type: 1, bid_price: 100 }] },
            tokens.seller,
          ),
      },
    ]
  }),
  // payments
  ...queryFields(
    `${PAYMENTS_BASE}/payment/post-paid/check-available-credit`,
    { sellerId: '100001' },
    () => tokens.seller,
  ),
  ...queryFields(
    `${PAYMENTS_BASE}/payment/post-paid/credits-enabled`,
    { sellerId: '100001' },
    () => tokens.seller,
  ),
]

const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code))
/** Text with a control character inside it (not at an edge, where a trimmed field would drop a tab). */
const withControl = fc
  .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => `x${before}${control}${after}x`)
/** Longer than any field's cap, sometimes with control characters as well. */
const overlong = fc
  .tuple(fc.integer({ min: 300, max: 6000 }), fc.option(controlCharacter))
  .map(([length, control]) => `${'a'.repeat(length - 1)}${control ?? 'b'}`)
const hostile = fc.oneof(withControl, overlong)

const RUNS = 100

describe('hostile text in every field of every endpoint (fast-check)', () => {
  it.each(fields.map((field) => [field.name, field] as const))(
    '%s: never a 500',
    async (_name, field) => {
      await fc.assert(
        fc.asyncProperty(hostile, async (value) => {
          const response = await field.send(value)
          expect(response.status).not.toBe(500)
          expect(response.status).toBeLessThan(500)
          if (field.refused) {
            expect(response.status).toBe(400)
            expect((await response.json()).code).toBe(400)
          }
        }),
        { numRuns: RUNS },
      )
    },
    60_000,
  )

  it('covers every endpoint of the three services', () => {
    // Endpoints that read no text from the request (a token only).
    const withoutText = [`GET ${A}/v1/session`, `POST ${A}/v1/logout`, `POST ${A}/v1/generate-otp`]
    const routes = t.platform.services.flatMap(({ app }) =>
      app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
    )
    const covered = fields.map((field) => field.name.replace(/ [?{].*$/, ''))
    expect(new Set([...covered, ...withoutText])).toEqual(new Set(routes))
  })
})
