// Hostile text at the edge (decision 021): control characters and overlong text get a 400 with a field
// message from the one shared type (contracts/text.ts), never a 500 from the database. First the six
// inputs that answered 500 before, then a property test over every text field of every endpoint.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_BASE } from './auth'
import { CONTROL_CHARACTERS_MESSAGE, TEXT_MAX } from './contracts/text'
import { INVENTORY_BASE } from './inventory'
import { PAYMENTS_BASE } from './payments'
import { hasControlCharacters } from './rules/text'
import { createTestPlatform, TEST_INGEST_TOKEN, type TestPlatform } from './testing/platform'
import { ANALYTICS_PATH, FACT_CSV_HEADER, FACTS_PATH } from './contracts/analytics'
import { BILLING_UPLOAD_KINDS, BILLING_UPLOADS } from './contracts/billing'
import { multipartBody, multipartContentType } from './uploads/test-streams'
import { metadataUploadInit, zipOf } from './inventory/metadata-testing'
import { ZIP_MESSAGES } from './uploads/unzip'

let t: TestPlatform
let tokens: {
  seller: string
  agency: string
  pending: string
  ops: string
  superadmin: string
  brand: string
  /** agency@example.com: the agency with links to brands in every state (the seed's). */
  linkedAgency: string
}
let agencyId: number
let linkedAgencyId: number
beforeAll(async () => {
  t = await createTestPlatform({
    externalLoginSecret: 'a-secret-only-this-test-knows-0123456789',
    // GET /v1/outbox exists only where the outbox is on (decision 037): on here, so its query is read.
    outboxEnabled: true,
  })
  tokens = {
    seller: await t.tokenFor('seller@example.com'),
    agency: await t.tokenFor('agency2@example.com'),
    pending: await t.tokenFor('seller@example.com', 'PASSWORD'),
    ops: await t.tokenFor('ops@example.com'),
    superadmin: await t.tokenFor('superadmin@example.com'),
    brand: await t.tokenFor('brand@example.com'),
    linkedAgency: await t.tokenFor('agency@example.com'),
  }
  agencyId = (await t.userByEmail('agency2@example.com')).id
  linkedAgencyId = (await t.userByEmail('agency@example.com')).id
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

/**
 * Whether a hostile value must be a 400: always (true), never, only "never a 500" (false), or as the
 * contract's text type decides for this value (a function, for fields that take some of the values).
 */
type Refusal = boolean | ((value: string) => boolean)

type Field = {
  name: string
  /** Sends the request with the hostile value in this field, valid values elsewhere. */
  send: (value: string) => Promise<Response>
  /** The field goes through a contract: the answer is a 400 (for the values the function names). Else
   * only: never a 500. */
  refused: Refusal
}

/**
 * A text field whose cap is above some of the overlong values (or that takes tab and line breaks): the
 * value is refused only when the contract's safeText refuses it — trimmed, then a control character
 * (tab and line breaks allowed when multi-line) or more than `max` characters. The values it takes go
 * on to the handler, which must still never answer 500.
 */
const refusedBeyond =
  (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  (value: string) => {
    const text = value.trim()
    return hasControlCharacters(text, multiline) || text.length > max
  }

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const post = (path: string, body: unknown, token?: string) => t.post(path, body, { token, ip: nextIp() })

/** A JSON body with any method (POST, PUT, PATCH), from a fresh caller address. */
const sendJson = (method: Method, path: string, body: unknown, token?: string) =>
  t.request(path, {
    method,
    token,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  })

/**
 * A query field of a call: valid values for the others. `refused` is one answer for all the fields or
 * one per field name (true when not named); `label` names the route when `path` is one concrete URL of it.
 */
const queryFields = (
  path: string,
  valid: Record<string, string>,
  token: () => string | undefined,
  refused: boolean | Record<string, Refusal> = true,
  method: Method = 'GET',
  label: string = path,
): Field[] =>
  Object.keys(valid).map((name) => ({
    name: `${method} ${label} ?${name}`,
    refused: typeof refused === 'boolean' ? refused : (refused[name] ?? true),
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
  options: { method?: Method; label?: string; refused?: Record<string, Refusal> } = {},
): Field[] =>
  names.map((name) => ({
    name: `${options.method ?? 'POST'} ${options.label ?? path} {${name}}`,
    refused: options.refused?.[name] ?? true,
    send: (value) =>
      options.method && options.method !== 'POST'
        ? sendJson(options.method, path, { ...valid(), [name]: value }, token())
        : post(path, { ...valid(), [name]: value }, token()),
  }))

/**
 * A path parameter. `param` names which one when the route has several (the name then reads
 * 'GET <route> :param'); `refused: false` where the route's own pattern (digits, role names) or a lookup
 * by name (an unknown document kind) turns the value away with a 404 instead of a contract's 400.
 */
const pathField = (
  method: Method,
  path: (value: string) => string,
  label: string,
  token: () => string,
  options: { param?: string; refused?: Refusal } = {},
): Field => ({
  name: `${method} ${label}${options.param ? ` :${options.param}` : ''}`,
  refused: options.refused ?? true,
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

/** Who onboards: a super admin (any role). An existing e-mail, so a request whose hostile value is taken
 * (an address within its 500 characters) stops at 409 DUPLICATE_EMAIL before anything is stored. */
function onboardingFields(): Field[] {
  const user = {
    name: 'Hostile Input Agency',
    email: 'agency3@example.com',
    role: 'AGENCY',
    userId: '',
    primaryContactNumber: '9876543210',
    secondaryContactNumber: '9876543211',
    address: '1 MG Road, Bengaluru',
    pincode: '560001',
  }
  const agencyEdit = {
    name: 'Hostile Input Agency',
    primaryContactNumber: '9876543210',
    secondaryContactNumber: '9876543211',
    address: '1 MG Road, Bengaluru',
    pincode: '560001',
  }
  const address = refusedBeyond(500)
  const onboard = `${A}/v1/onBoardUsers`
  const invitationToken = 'a'.repeat(43)
  return [
    ...Object.keys(user).map(
      (name): Field => ({
        name: `POST ${onboard} {users[0].${name}}`,
        refused: name === 'address' ? address : true,
        send: (value) =>
          post(onboard, { sendMail: false, users: [{ ...user, [name]: value }] }, tokens.superadmin),
      }),
    ),
    {
      name: `POST ${onboard} {sendMail}`,
      refused: true,
      send: (value) => post(onboard, { sendMail: value, users: [user] }, tokens.superadmin),
    },
    pathField(
      'GET',
      (v) => `${A}/v1/onBoardUsers/${v}`,
      `${A}/v1/onBoardUsers/:email`,
      () => tokens.ops,
    ),
    // The edit of a rejected agency: the path names nobody, so a taken value ends in a 404, not a change.
    ...bodyFields(
      `${A}/v1/onBoardUsers/nobody%40example.com`,
      () => agencyEdit,
      Object.keys(agencyEdit),
      () => tokens.ops,
      { method: 'PUT', label: `${A}/v1/onBoardUsers/:email`, refused: { address } },
    ),
    {
      name: `PUT ${A}/v1/onBoardUsers/:email`,
      refused: true,
      send: (value) =>
        sendJson('PUT', `${A}/v1/onBoardUsers/${encodeURIComponent(value)}`, agencyEdit, tokens.ops),
    },
    ...queryFields(`${A}/v1/invitation`, { token: invitationToken }, () => undefined),
    ...bodyFields(
      `${A}/v1/invitation/password`,
      () => ({ token: invitationToken, password: 'long enough 1', confirmPassword: 'long enough 1' }),
      ['token', 'password', 'confirmPassword'],
      () => undefined,
    ),
    ...bodyFields(
      `${A}/v1/invitation/totp`,
      () => ({ token: invitationToken, totp: '123456' }),
      ['token', 'totp'],
      () => undefined,
    ),
    ...bodyFields(
      `${A}/v1/invitation/resend`,
      () => ({ email: 'nobody@example.com' }),
      ['email'],
      () => tokens.superadmin,
    ),
  ]
}

/** The list and profile reads as OPS; the two updates (SUPERADMIN only) name nobody, so a comment within
 * its 500 characters ends in a 404 and no role or account status changes. */
function userManagementFields(): Field[] {
  const U = `${A}/v1/userManagement`
  const comments = refusedBeyond(500)
  return [
    ...queryFields(
      `${U}/details`,
      { userType: 'ALL', status: 'ALL', direction: 'desc', page: '1', size: '10' },
      () => tokens.ops,
    ),
    pathField(
      'GET',
      (v) => `${U}/userProfileDetails/${v}`,
      `${U}/userProfileDetails/:email`,
      () => tokens.ops,
    ),
    pathField(
      'GET',
      (v) => `${U}/brandDetails/${v}`,
      `${U}/brandDetails/:email`,
      () => tokens.ops,
    ),
    ...queryFields(
      `${U}/updateRole`,
      { email: 'nobody@example.com', newRole: 'OPS', comments: 'Moved to operations' },
      () => tokens.superadmin,
      { comments },
      'PUT',
    ),
    ...queryFields(
      `${U}/updateAccountStatus`,
      { email: 'nobody@example.com', action: 'REVOKE', comments: 'Left the company' },
      () => tokens.superadmin,
      { comments },
      'PUT',
    ),
  ]
}

/** SUPERADMIN only. The decision names a user id nobody has, so a comment the contract takes (multi-line,
 * up to 2000 characters) ends in a 404 and nobody is approved or rejected. The {userType}/{userId} and
 * document paths are route patterns (role names, digits): anything else there is the router's 404. */
function approvalFields(): Field[] {
  const USER_PATH = `${A}/v1/:userType{SUPERADMIN|OPS|AGENCY|BRAND|SELLER}/:userId{[0-9]{1,15}}`
  const DOCUMENT_PATH = `${A}/v1/AGENCY/:userId{[0-9]{1,15}}/documents/:docType`
  const nobody = '999999999999'
  const decision = `${A}/v1/AGENCY/${nobody}?accountStatus=REJECTED`
  const comments = refusedBeyond(2000, { multiline: true })
  const routePattern = { refused: false }
  return [
    ...queryFields(
      `${A}/v1/approval/listing`,
      { userType: 'ALL', status: 'ALL', sort: 'timestamp', direction: 'desc', page: '1', size: '10' },
      () => tokens.superadmin,
      // Each query value falls back to its default (.catch): the list is answered, never a 500.
      false,
    ),
    ...(['GET', 'PATCH'] as const).flatMap((method) => [
      pathField(
        method,
        (v) => `${A}/v1/${v}/${nobody}?accountStatus=REJECTED`,
        USER_PATH,
        () => tokens.superadmin,
        { param: 'userType', ...routePattern },
      ),
      pathField(
        method,
        (v) => `${A}/v1/AGENCY/${v}?accountStatus=REJECTED`,
        USER_PATH,
        () => tokens.superadmin,
        { param: 'userId', ...routePattern },
      ),
    ]),
    ...queryFields(
      `${A}/v1/AGENCY/${nobody}`,
      { accountStatus: 'REJECTED' },
      () => tokens.superadmin,
      true,
      'PATCH',
      USER_PATH,
    ),
    {
      name: `PATCH ${USER_PATH} {comments}`,
      refused: comments,
      send: (value) => sendJson('PATCH', decision, { comments: value }, tokens.superadmin),
    },
    {
      name: `PATCH ${USER_PATH} {comments as plain text}`,
      refused: comments,
      send: (value) =>
        t.request(decision, {
          method: 'PATCH',
          token: tokens.superadmin,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'x-forwarded-for': nextIp() },
          body: value,
        }),
    },
    // The file of an upload is covered by approvals.test.ts (decision 035); here its path: an unknown
    // document kind is a 404 before the body is read, and the upload below has no file anyway.
    ...(['GET', 'POST'] as const).flatMap((method) => [
      pathField(
        method,
        (v) => `${A}/v1/AGENCY/${linkedAgencyId}/documents/${v}`,
        DOCUMENT_PATH,
        () => tokens.superadmin,
        { param: 'docType', ...routePattern },
      ),
      pathField(
        method,
        (v) => `${A}/v1/AGENCY/${v}/documents/io-doc`,
        DOCUMENT_PATH,
        () => tokens.superadmin,
        { param: 'userId', ...routePattern },
      ),
    ]),
  ]
}

/** Each call as a role it is for. Valid values name rows where a taken value changes nothing: the
 * de-link reason (multi-line, up to 1000 characters) asks about a brand the agency is not linked to
 * (409), the brand answers an agency that never asked (404), the super admin decides a de-link nobody
 * requested (404). */
function linkFields(): Field[] {
  const deLinkReason = refusedBeyond(1000, { multiline: true })
  return [
    ...queryFields(
      `${A}/v1/brand/link-request`,
      { brandId: '200001' },
      () => tokens.linkedAgency,
      true,
      'POST',
    ),
    ...queryFields(
      `${A}/v1/brand/link`,
      { agencyId: '999999999999', approvalStatus: 'REJECTED' },
      () => tokens.brand,
      true,
      'POST',
    ),
    ...bodyFields(
      `${A}/v1/brand/de-link-request`,
      () => ({ agencyId: 'agency@example.com', brandId: '200004', deLinkReason: 'Campaign ended' }),
      ['agencyId', 'brandId', 'deLinkReason'],
      () => tokens.linkedAgency,
      { refused: { deLinkReason } },
    ),
    ...bodyFields(
      `${A}/v1/brand/de-link`,
      () => ({ agencyId, brandId: 200002, approvalStatus: 'REJECTED', isDelink: false }),
      ['agencyId', 'brandId', 'approvalStatus'],
      () => tokens.superadmin,
    ),
    // page and size fall back to their defaults (.catch): a page is answered, never a 500.
    ...queryFields(
      `${A}/v1/link-request/history`,
      { page: '1', size: '5' },
      () => tokens.linkedAgency,
      false,
    ),
    pathField(
      'GET',
      (v) => `${A}/v1/de-link-request/${v}`,
      `${A}/v1/de-link-request/:id`,
      () => tokens.superadmin,
    ),
    ...(
      [
        ['linkedBrands', () => String(linkedAgencyId)],
        ['linkedAgencies', () => '200001'],
      ] as const
    ).flatMap(([list, id]): Field[] => [
      pathField(
        'GET',
        (v) => `${A}/v1/${list}/${v}`,
        `${A}/v1/${list}/:id`,
        () => tokens.superadmin,
      ),
      // format falls back to JSON (.catch).
      {
        name: `GET ${A}/v1/${list}/:id ?format`,
        refused: false,
        send: (value) =>
          t.request(`${A}/v1/${list}/${id()}?${qs({ format: value })}`, {
            token: tokens.superadmin,
            headers: { 'x-forwarded-for': nextIp() },
          }),
      },
    ]),
  ]
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
  // auth, issue 11: onboarding and invitations (decision 033)
  ...onboardingFields(),
  // auth, issue 11: user management (decision 034)
  ...userManagementFields(),
  // auth, issue 11: approvals and agency documents (decision 035)
  ...approvalFields(),
  // auth, issue 11: agency–brand links (decision 036)
  ...linkFields(),
  // auth, issue 11: the outbox (decision 037; on in this file's platform): a bad page or size is a 400
  ...queryFields(`${A}/v1/outbox`, { page: '1', size: '10' }, () => tokens.ops),
  // failed background jobs (decision 058): a bad page or size is a 400; a job id that is no UUID is no
  // job (404, as an unknown one), never a 500
  ...queryFields(`${A}/v1/jobs/failed`, { page: '1', size: '10' }, () => tokens.ops),
  pathField(
    'POST',
    (v) => `${A}/v1/jobs/failed/${v}/retry`,
    `${A}/v1/jobs/failed/:id/retry`,
    () => tokens.superadmin,
    { refused: false },
  ),
  // analytics, issue 12: the performance ingest (machine token; docs/decisions/039): every field of a row,
  // as JSON and as CSV, is refused with the row's errors before anything is looked up or written
  ...FACT_CSV_HEADER.flatMap((name): Field[] => {
    const valid: Record<string, string> = {
      // Yesterday: a row the ingest would take but for the hostile value.
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
    }
    const headers = (type: string) => ({ 'content-type': type, 'x-forwarded-for': nextIp() })
    return [
      {
        name: `POST ${FACTS_PATH} {rows[0].${name}}`,
        refused: true,
        send: (value) =>
          t.request(FACTS_PATH, {
            method: 'POST',
            token: TEST_INGEST_TOKEN,
            headers: headers('application/json'),
            body: JSON.stringify({ rows: [{ ...valid, [name]: value }] }),
          }),
      },
      {
        name: `POST ${FACTS_PATH} {csv ${name}}`,
        refused: true,
        send: (value) =>
          t.request(FACTS_PATH, {
            method: 'POST',
            token: TEST_INGEST_TOKEN,
            headers: headers('text/csv'),
            body: `${FACT_CSV_HEADER.join(',')}\n${FACT_CSV_HEADER.map((f) => {
              const cell = f === name ? value : valid[f]!
              return `"${cell.replaceAll('"', '""')}"`
            }).join(',')}\n`,
          }),
      },
    ]
  }),
  // analytics, issue 12: the report calls (decision 038)
  ...queryFields(`${ANALYTICS_PATH}/getDefaultReport`, { userId: '100001' }, () => tokens.seller),
  ...queryFields(
    `${ANALYTICS_PATH}/getFilters`,
    { userId: '100001', reportType: 'KEYWORD_PERFORMANCE_REPORT' },
    () => tokens.seller,
  ),
  ...queryFields(
    `${ANALYTICS_PATH}/getReport`,
    { userId: '100001', reportEntityId: '00000000-0000-4000-8000-000000000000', page: '1', size: '10' },
    () => tokens.seller,
  ),
  ...reportRequestFields(),
  // analytics, issue 12: saved and scheduled reports, downloads and the signed file link (decision 040)
  ...savedReportFields(),
  // payments, issue 13: the three billing uploads, every cell of their CSV (decision 045)
  ...billingUploadFields(),
  // inventory, issue 13: keyword metadata, each cell of the zipped CSV and the search (decision 046)
  ...metadataFields(),
]

/**
 * generateReport: its query (userId, page, size) and the request body's text (decision 038). Filter
 * values, the report name and the unused reportEntityId take ordinary text within their caps (a foreign
 * campaign id is then a 403, an unknown creator an empty report); field names are checked by the engine.
 */
function reportRequestFields(): Field[] {
  const path = `${ANALYTICS_PATH}/generateReport`
  const query = { userId: '100001', page: '1', size: '10' }
  const noFilters = {
    CAMPAIGN_ID: null,
    CAMPAIGN_STATUS: null,
    PLACEMENT_CATEGORY: null,
    TARGETING_TYPE: null,
    CREATED_BY: null,
  }
  const valid = () => ({
    reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
    dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  })
  const send = (body: unknown, params: Record<string, string> = query) =>
    post(`${path}?${qs(params)}`, body, tokens.seller)
  const line = refusedBeyond(TEXT_MAX.line)
  const body: [string, Refusal, (value: string) => unknown][] = [
    ['reportType', true, (v) => ({ ...valid(), reportType: v })],
    ['reportEntityId', (v) => v.length > 36, (v) => ({ ...valid(), reportEntityId: v })],
    [
      'dateFilter.dateFilterType',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: v, fromDate: null, toDate: null } }),
    ],
    [
      'dateFilter.fromDate',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: 'CUSTOM', fromDate: v, toDate: '2026-01-08' } }),
    ],
    [
      'dateFilter.toDate',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: 'CUSTOM', fromDate: '2026-01-01', toDate: v } }),
    ],
    [
      'reportMetaData.reportName',
      refusedBeyond(100),
      (v) => ({ ...valid(), reportMetaData: { reportName: v } }),
    ],
    ['dimensionFields', true, (v) => ({ ...valid(), dimensionFields: { [v]: true } })],
    ['metricFields', true, (v) => ({ ...valid(), metricFields: { [v]: true } })],
    ...(
      ['CAMPAIGN_ID', 'CAMPAIGN_STATUS', 'PLACEMENT_CATEGORY', 'TARGETING_TYPE', 'CREATED_BY'] as const
    ).map((filter): [string, Refusal, (value: string) => unknown] => [
      `filters.${filter}[0]`,
      filter === 'CAMPAIGN_ID' || filter === 'CREATED_BY' ? line : true,
      (v) => ({ ...valid(), filters: { ...noFilters, [filter]: [v] } }),
    ]),
  ]
  return [
    ...Object.keys(query).map(
      (name): Field => ({
        name: `POST ${path} ?${name}`,
        refused: true,
        send: (value) => send(valid(), { ...query, [name]: value }),
      }),
    ),
    ...body.map(
      ([name, refused, make]): Field => ({
        name: `POST ${path} {${name}}`,
        refused,
        send: (value) => send(make(value)),
      }),
    ),
  ]
}

/**
 * saveAndScheduleReport, getSavedReports, deleteReport, downloadReport, getOpsReport and the signed file
 * link (decision 040). The report name and filter values take ordinary text within their caps (a taken
 * name saves a report; a taken campaign id is a 403); e-mail recipients take any text up to 254
 * characters and drop what is not an address (spec §5: silently); a file token the schema takes is a
 * 403 (not a valid link); a download's code is 6 digits.
 */
function savedReportFields(): Field[] {
  const noFilters = {
    CAMPAIGN_ID: null,
    CAMPAIGN_STATUS: null,
    PLACEMENT_CATEGORY: null,
    TARGETING_TYPE: null,
    CREATED_BY: null,
  }
  const valid = () => ({
    reportEntityId: '',
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
    reportMetaData: { reportName: 'Hostile input', isSaved: true },
    filters: noFilters,
    scheduleDetails: { frequency: 'ONCE', startDate: null, endDate: null, emailIds: [] },
  })
  const schedule = (over: Record<string, unknown>) => ({
    ...valid(),
    scheduleDetails: {
      frequency: 'WEEKLY',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      emailIds: [],
      ...over,
    },
  })
  const line = refusedBeyond(TEXT_MAX.line)
  const body: [string, Refusal, (value: string) => unknown][] = [
    ['reportType', true, (v) => ({ ...valid(), reportType: v })],
    ['reportEntityId', true, (v) => ({ ...valid(), reportEntityId: v })],
    [
      'dateFilter.dateFilterType',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: v, fromDate: null, toDate: null } }),
    ],
    [
      'dateFilter.fromDate',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: 'CUSTOM', fromDate: v, toDate: '2026-01-08' } }),
    ],
    [
      'dateFilter.toDate',
      true,
      (v) => ({ ...valid(), dateFilter: { dateFilterType: 'CUSTOM', fromDate: '2026-01-01', toDate: v } }),
    ],
    [
      'reportMetaData.reportName',
      refusedBeyond(100),
      (v) => ({ ...valid(), reportMetaData: { reportName: v, isSaved: true } }),
    ],
    ['dimensionFields', true, (v) => ({ ...valid(), dimensionFields: { [v]: true } })],
    ['metricFields', true, (v) => ({ ...valid(), metricFields: { [v]: true } })],
    ['filters.CAMPAIGN_ID[0]', line, (v) => ({ ...valid(), filters: { ...noFilters, CAMPAIGN_ID: [v] } })],
    ['filters.CREATED_BY[0]', line, (v) => ({ ...valid(), filters: { ...noFilters, CREATED_BY: [v] } })],
    ['scheduleDetails.frequency', true, (v) => schedule({ frequency: v })],
    ['scheduleDetails.startDate', true, (v) => schedule({ startDate: v })],
    ['scheduleDetails.endDate', true, (v) => schedule({ endDate: v })],
    ['scheduleDetails.emailIds[0]', (v) => v.length > 254, (v) => schedule({ emailIds: [v] })],
  ]
  const save = `${ANALYTICS_PATH}/saveAndScheduleReport`
  const ops = `${ANALYTICS_PATH}/getOpsReport`
  const nobody = '00000000-0000-4000-8000-000000000000'
  const defaultReport = () => ({ ...valid(), reportType: 'DAILY_OPS_REPORT', isDefault: true })
  return [
    ...queryFields(save, { userId: '100001' }, () => tokens.seller, true, 'POST'),
    ...body.map(
      ([name, refused, make]): Field => ({
        name: `POST ${save} {${name}}`,
        refused,
        send: (value) => post(`${save}?userId=100001`, make(value), tokens.seller),
      }),
    ),
    ...queryFields(`${ANALYTICS_PATH}/getSavedReports`, { userId: '100001' }, () => tokens.seller),
    ...queryFields(
      `${ANALYTICS_PATH}/deleteReport`,
      { userId: '100001', reportEntityId: nobody },
      () => tokens.seller,
      true,
      'DELETE',
    ),
    ...queryFields(
      `${ANALYTICS_PATH}/downloadReport`,
      { userId: '100001', reportEntityId: nobody, otp: '123456' },
      () => tokens.seller,
    ),
    ...queryFields(ops, { userId: '100001', otp: '123456' }, () => tokens.ops, true, 'POST'),
    ...(
      [
        ['reportType', true, (v: string) => ({ ...defaultReport(), reportType: v })],
        [
          'reportMetaData.reportName',
          refusedBeyond(100),
          (v: string) => ({ ...defaultReport(), reportMetaData: { reportName: v, isSaved: false } }),
        ],
        [
          'filters.CAMPAIGN_ID[0]',
          line,
          (v: string) => ({ ...defaultReport(), filters: { ...noFilters, CAMPAIGN_ID: [v] } }),
        ],
      ] as const
    ).map(
      ([name, refused, make]): Field => ({
        name: `POST ${ops} {${name}}`,
        refused,
        send: (value) => post(`${ops}?userId=100001&otp=123456`, make(value), tokens.ops),
      }),
    ),
    ...queryFields(`${ANALYTICS_PATH}/file`, { token: 'v1.1.report-download.1.x' }, () => undefined, {
      token: (v) => v.length > 2048,
    }),
  ]
}

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
          const refused = typeof field.refused === 'function' ? field.refused(value) : field.refused
          if (refused) {
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
    const withoutText = [
      `GET ${A}/v1/session`,
      `POST ${A}/v1/logout`,
      `POST ${A}/v1/generate-otp`,
      `GET ${A}/v1/userManagement/downloadProfileDetails`,
      `GET ${A}/v1/link-request/listing`,
      `GET ${A}/v1/de-link-request/listing`,
      `GET ${PAYMENTS_BASE}/payment/test/generate_credit_report`,
      `GET ${PAYMENTS_BASE}/payment/test/generate_promo_report`,
      `GET ${PAYMENTS_BASE}/payment/test/generate_overall_credit_report`,
    ]
    const routes = t.platform.services.flatMap(({ app }) =>
      app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
    )
    const covered = fields.map((field) => field.name.replace(/ [?{:].*$/, ''))
    expect(new Set([...covered, ...withoutText])).toEqual(new Set(routes))
  })
})

/**
 * The billing uploads (decision 045): each cell of each file's one row, as a quoted CSV cell of a
 * multipart upload by the super admin. Every hostile value is refused (a note takes at most 200
 * characters and no control character; the other cells have patterns), so nothing is written.
 */
function billingUploadFields(): Field[] {
  const valid: Record<string, string> = {
    sellerId: '100001',
    creditLimit: '1000.00',
    effectiveFrom: '',
    note: 'Hostile input',
    transactionId: 'HOSTILE-1',
    amount: '10.00',
    paymentDate: '2026-01-01',
    validFrom: '2026-01-01',
    validTo: '',
    reason: 'Hostile input',
  }
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`
  return BILLING_UPLOAD_KINDS.flatMap((kind) => {
    const { call, columns } = BILLING_UPLOADS[kind]
    const path = `${PAYMENTS_BASE}/payment/post-paid/${call}`
    return columns.map(
      (column): Field => ({
        name: `POST ${path} {csv ${column.header}}`,
        refused: true,
        send: (value) =>
          t.request(path, {
            method: 'POST',
            token: tokens.superadmin,
            headers: { 'content-type': multipartContentType, 'x-forwarded-for': nextIp() },
            body: multipartBody({
              name: 'hostile.csv',
              text: `${columns.map((c) => c.header).join(',')}\n${columns
                .map((c) => quote(c.key === column.key ? value : (valid[c.key] ?? '')))
                .join(',')}\n`,
            }),
          }),
      }),
    )
  })
}

describe('billing uploads: files no spreadsheet wrote (decision 045)', () => {
  const path = `${PAYMENTS_BASE}/payment/post-paid/${BILLING_UPLOADS.payments.call}`
  const header = BILLING_UPLOADS.payments.columns.map((c) => c.header).join(',')
  // A text/csv body (the kit's other way in), named file.csv by default.
  const send = async (body: BodyInit) => {
    const response = await t.request(path, {
      method: 'POST',
      token: tokens.superadmin,
      headers: { 'content-type': 'text/csv', 'x-forwarded-for': nextIp() },
      body,
    })
    return { status: response.status, body: await response.json() }
  }

  it('refuses non-UTF-8 bytes in a note with a clear message, never a 500', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${header}\n100001,HOSTILE-LATIN1,10.00,2026-01-01,Caf`),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ])
    const { status, body } = await send(new Uint8Array(latin1) as unknown as BodyInit)
    expect(status).toBe(400)
    expect(body.data.errors[0]).toMatchObject({
      row: 2,
      column: 'Note',
      reason: expect.stringMatching(/UTF-8/),
    })
  })

  it('refuses a binary file named .csv with the header message, never a 500', async () => {
    const binary = new Uint8Array(4096)
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 7919) % 256
    const { status, body } = await send(binary as unknown as BodyInit)
    expect(status).toBe(400)
    expect(body.message).toMatch(/^Invalid header format/)
    expect(body.data.status).toBe('failure')
  })
})

// ---------------------------------------------------------------------------------------------
// Keyword metadata (issue 13, decision 046): POST /v1/metadata/keyword takes metadata.zip holding one CSV
// (keywords,product_ids); GET ?productId. A hostile cell is a refused row (400, nothing written).
// ---------------------------------------------------------------------------------------------
function metadataFields(): Field[] {
  const path = `${INVENTORY_BASE}/v1/metadata/keyword`
  const cellCsv = (cell: string) => `"${cell.replaceAll('"', '""')}"`
  const send = (keywords: string, productIds: string) =>
    t.request(path, {
      ...metadataUploadInit(
        zipOf({ 'keywords.csv': `keywords,product_ids\n${cellCsv(keywords)},${cellCsv(productIds)}\n` }),
        tokens.superadmin,
      ),
      headers: { 'content-type': multipartContentType, 'x-forwarded-for': nextIp() },
    })
  return [
    { name: `POST ${path} {keywords}`, refused: true, send: (value) => send(value, '10234501') },
    { name: `POST ${path} {product_ids}`, refused: true, send: (value) => send('hostile keyword', value) },
    {
      name: `GET ${path} ?productId`,
      refused: true,
      send: (value) =>
        t.request(`${path}?${qs({ productId: value })}`, {
          token: tokens.superadmin,
          headers: { 'x-forwarded-for': nextIp() },
        }),
    },
  ]
}

describe('keyword metadata: hostile files are a 4xx with a clear message, never a 500', () => {
  const path = `${INVENTORY_BASE}/v1/metadata/keyword`
  const post = (bytes: Uint8Array, fileName?: string) =>
    t.request(path, metadataUploadInit(bytes, tokens.superadmin, fileName))
  const csv = (body: string) => zipOf({ 'keywords.csv': `keywords,product_ids\n${body}\n` })

  it.each([
    ['a control character in a keyword', csv('shoes\u0007bell,10234501'), CONTROL_CHARACTERS_MESSAGE],
    ['a NUL in a keyword', csv('sho\u0000es,10234501'), CONTROL_CHARACTERS_MESSAGE],
    [
      'an overlong keyword',
      csv(`${'k'.repeat(5000)},10234501`),
      `Must be at most ${TEXT_MAX.line} characters`,
    ],
    ['a formula cell', csv(`"=cmd|' /C calc'!A0",10234501`), null],
    ['a formula in product_ids', csv('shoes,"@SUM(1+1)"'), null],
  ])('%s: 400, the row in the error report, formula-safe', async (_name, bytes, reason) => {
    const response = await post(bytes)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.data.applied).toBe(0)
    const report: string = body.data.metadataErrorReport
    expect(report.split('\r\n')[0]).toBe('keywords,product_ids,error_message')
    // No line of the report starts a cell with a formula character.
    for (const line of report.split('\r\n').slice(1)) expect(line).not.toMatch(/^"?[=+@]/)
    if (reason) expect(report).toContain(reason)
  })

  it.each([
    [
      'non-UTF-8 text',
      zipOf({ 'keywords.csv': Uint8Array.from([0x6b, 0x2c, 0xe9, 0x0a]) }),
      ZIP_MESSAGES.notUtf8,
    ],
    [
      'a CSV posted without zipping',
      new TextEncoder().encode('keywords,product_ids\nx,1\n'),
      ZIP_MESSAGES.notZip,
    ],
    ['a zip bomb', zipOf({ 'keywords.csv': new Uint8Array(12 * 1024 * 1024).fill(0x2c) }), ZIP_MESSAGES.bomb],
    ['a control character in the entry name', zipOf({ 'key\u0001words.csv': 'x' }), ZIP_MESSAGES.badName],
    ['random bytes', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256), ZIP_MESSAGES.notZip],
  ])('%s: 400 with its message', async (_name, bytes, message) => {
    const response = await post(bytes)
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe(message)
  })

  it('random bytes after a zip signature never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2048 }), async (tail) => {
        const bytes = new Uint8Array(4 + tail.length)
        bytes.set([0x50, 0x4b, 0x03, 0x04], 0)
        bytes.set(tail, 4)
        const response = await post(bytes)
        expect(response.status).toBe(400)
      }),
      { numRuns: 50 },
    )
  })
})
