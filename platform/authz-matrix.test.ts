// The authorization matrix (issue 14, Security; decision 050): every platform endpoint, called as each of
// the five roles, signed out, another seller, an agency not linked to the brand and a revoked user, with
// a request that would succeed for an allowed caller, against the hand-written table of
// platform/testing/authz-table.ts. An unexpected 2xx fails, and so does any 5xx; a new endpoint without
// a row in the table fails "every endpoint has a row".
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_BASE } from './auth'
import { adGroups, campaigns, products } from './db/schema'
import { INVENTORY_BASE } from './inventory'
import { metadataUploadInit, zipOf } from './inventory/metadata-testing'
import { PAYMENTS_BASE } from './payments'
import { ANALYTICS_BASE } from './analytics'
import { AUTHZ_TABLE, CALLER_EMAIL, CALLERS, type Caller, type MatrixRow } from './testing/authz-table'
import { createFailedJobs } from './testing/failed-jobs'
import { sponsoredPayload } from './testing/campaign-payloads'
import { createTestPlatform, DEMO_PASSWORD, TEST_INGEST_TOKEN, type TestPlatform } from './testing/platform'
import { fullyCategorisedProductsOf } from './testing/seeded-products'
import { multipartBody, multipartContentType } from './uploads/test-streams'

const A = `${AUTH_BASE}/v1`
const I = `${INVENTORY_BASE}/v1`
const P = `${PAYMENTS_BASE}/payment`
const R = `${ANALYTICS_BASE}/v1`
const SELLER_ID = 100001
const BRAND_ID = 200001

const EMAIL = CALLER_EMAIL

/** The advertiser each caller acts on (see CALLERS): its own, or for the attacks the victim's. */
const SUBJECT: Record<Caller, number> = {
  SUPERADMIN: SELLER_ID,
  OPS: BRAND_ID,
  AGENCY: BRAND_ID,
  BRAND: BRAND_ID,
  SELLER: SELLER_ID,
  signedOut: SELLER_ID,
  otherSeller: SELLER_ID,
  unlinkedAgency: BRAND_ID,
  revoked: SELLER_ID,
}

type Call = {
  who: Caller
  token: string | undefined
  /** The caller's user (null signed out). */
  user: { id: number; email: string } | null
  /** The advertiser the request is about. */
  sellerId: number
}

let t: TestPlatform
const tokens = {} as Record<Caller, string | undefined>
const users = {} as Record<Caller, { id: number; email: string } | null>
/** A seeded live campaign (and one of its ad groups) of each advertiser, read-only calls use these. */
const seeded = {} as Record<number, { campaignId: number; jmcampaignId: number; adGroupId: number }>

let ipCount = 0
/** A fresh caller address per request, so that no rate limit by IP answers instead of the check. */
const nextIp = () => {
  ipCount += 1
  return `10.77.${Math.floor(ipCount / 250) % 250}.${(ipCount % 250) + 1}`
}
let unique = 0
const next = () => {
  unique += 1
  return unique
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

function send(call: Call, method: string, path: string, body?: unknown, token = call.token) {
  const headers: Record<string, string> = { 'x-forwarded-for': nextIp() }
  if (body !== undefined) headers['content-type'] = 'application/json'
  return t.request(path, {
    method,
    token,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

function upload(call: Call, path: string, fileName: string, text: string) {
  return t.request(path, {
    method: 'POST',
    token: call.token,
    headers: { 'content-type': multipartContentType, 'x-forwarded-for': nextIp() },
    body: multipartBody({ name: fileName, text }),
  })
}

async function firstLiveCampaign(sellerId: number) {
  const [row] = await t.db
    .select({ campaignId: campaigns.id, jmcampaignId: campaigns.jmcampaignId, adGroupId: adGroups.id })
    .from(campaigns)
    .innerJoin(adGroups, eq(adGroups.campaignId, campaigns.id))
    .where(and(eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)))
    .orderBy(asc(campaigns.id), asc(adGroups.id))
    .limit(1)
  if (!row) throw new Error(`no campaign with an ad group for ${sellerId}`)
  return row
}

/** A campaign of the advertiser that only this request touches: a copy of its seeded one, by the super admin. */
async function freshCampaign(sellerId: number) {
  const response = await t.request(`${I}/campaign/${seeded[sellerId]!.campaignId}/clone`, {
    method: 'POST',
    token: tokens.SUPERADMIN,
  })
  expect(response.status, 'cloning a campaign for the matrix').toBe(200)
  const { id: campaignId, jmcampaign_id: jmcampaignId } = (await response.json()).data as {
    id: number
    jmcampaign_id: number
  }
  const [group] = await t.db
    .select({ id: adGroups.id })
    .from(adGroups)
    .where(eq(adGroups.campaignId, campaignId))
    .orderBy(asc(adGroups.id))
    .limit(1)
  return { campaignId, jmcampaignId, adGroupId: group?.id ?? seeded[sellerId]!.adGroupId }
}

const noFilters = {
  CAMPAIGN_ID: null,
  CAMPAIGN_STATUS: null,
  PLACEMENT_CATEGORY: null,
  TARGETING_TYPE: null,
  CREATED_BY: null,
}
const reportRequest = () => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: `Authz matrix ${next()}`, isSaved: true },
  filters: noFilters,
  scheduleDetails: { frequency: 'ONCE', startDate: null, endDate: null, emailIds: [] },
})

/** A saved report of the advertiser, saved by the advertiser itself (the seller, or the brand). */
async function savedReportOf(sellerId: number) {
  const owner = sellerId === SELLER_ID ? tokens.SELLER : tokens.BRAND
  const response = await t.post(`${R}/analytics/saveAndScheduleReport?userId=${sellerId}`, reportRequest(), {
    token: owner,
  })
  expect(response.status, 'saving a report for the matrix').toBe(201)
  return (await response.json()).data.reportEntityId as string
}

/** A report download code mailed to the caller (a caller without a session gets a made-up one). */
async function reportCode(call: Call) {
  if (!call.token || !call.user || call.who === 'revoked') return '000000'
  const response = await send(call, 'POST', `${A}/generate-otp`)
  expect(response.status, 'a report code for the matrix').toBe(200)
  const mail = t.sent.filter((m) => m.to === call.user?.email).at(-1)
  const code = /code is (\d{6})/.exec(mail?.text ?? '')?.[1]
  if (!code) throw new Error(`no report code mailed to ${call.user.email}`)
  return code
}

/** Products the advertiser may put in an ad group: a seller's listings, a brand's own products. */
async function productsOf(sellerId: number, limit: number) {
  if (sellerId !== BRAND_ID) return fullyCategorisedProductsOf(t.db, sellerId, limit)
  const rows = await t.db
    .select({ productId: products.productId })
    .from(products)
    .where(and(eq(products.brandId, sellerId), isNotNull(products.categoryLevel3)))
    .orderBy(asc(products.productId))
    .limit(limit)
  return rows.map((r) => r.productId)
}

const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'

/** The request of each endpoint, one that would succeed for an allowed caller. */
const REQUESTS: Record<string, (call: Call) => Promise<Response>> = {
  // Sign-in: credentials of a user who is no caller here (brand2@), so that nothing a caller holds changes.
  [`POST ${A}/login`]: (c) =>
    send(c, 'POST', `${A}/login`, { email: 'brand2@example.com', password: DEMO_PASSWORD }),
  [`POST ${A}/user/totp`]: (c) =>
    send(c, 'POST', `${A}/user/totp?${qs({ email: `nobody-${next()}@example.com` })}`),
  [`POST ${A}/user/password/reset`]: (c) =>
    send(c, 'POST', `${A}/user/password/reset`, {
      email: 'brand2@example.com',
      password: 'Another@Console2026',
      confirmPassword: 'Another@Console2026',
      otp: '000000',
    }),
  [`POST ${A}/external/login`]: (c) =>
    send(
      c,
      'POST',
      `${A}/external/login?${qs({ sellerId: SELLER_ID, email: 'seller@example.com', ts: '1770000000', nonce: 'n'.repeat(20), sig: 'a'.repeat(64) })}`,
    ),
  [`GET ${A}/invitation`]: (c) => send(c, 'GET', `${A}/invitation?${qs({ token: 'a'.repeat(43) })}`),
  [`POST ${A}/invitation/password`]: (c) =>
    send(c, 'POST', `${A}/invitation/password`, {
      token: 'a'.repeat(43),
      password: 'Another@Console2026',
      confirmPassword: 'Another@Console2026',
    }),
  [`POST ${A}/invitation/totp`]: (c) =>
    send(c, 'POST', `${A}/invitation/totp`, { token: 'a'.repeat(43), totp: '123456' }),
  [`GET ${A}/gauth2fa-signup`]: (c) =>
    send(c, 'GET', `${A}/gauth2fa-signup?${qs({ email: c.user?.email ?? '', userId: c.user?.id ?? '' })}`),
  [`POST ${A}/gauth2fa-verify-totp`]: (c) =>
    send(c, 'POST', `${A}/gauth2fa-verify-totp?${qs({ userId: c.user?.id ?? '' })}`, {
      email: c.user?.email ?? 'nobody@example.com',
      totp: '123456',
    }),
  [`GET ${A}/validateToken`]: (c) =>
    send(
      c,
      'GET',
      `${A}/validateToken?${qs({ token: c.token ?? '', ipAddress: '198.51.100.1' })}`,
      undefined,
      undefined,
    ),
  [`GET ${A}/session`]: (c) => send(c, 'GET', `${A}/session`),
  // Its own session: a fresh one of the same user, so that the caller's stays for the other rows.
  [`POST ${A}/logout`]: async (c) =>
    send(c, 'POST', `${A}/logout`, undefined, c.user ? await t.tokenFor(c.user.email) : undefined),
  [`POST ${A}/tnc`]: async (c) =>
    send(c, 'POST', `${A}/tnc`, {
      // otherSeller accepts on behalf of seller@; everyone else for itself.
      userId: c.who === 'otherSeller' ? users.SELLER!.id : (c.user?.id ?? users.SELLER!.id),
      ipAddress: '198.51.100.1',
      timestamp: '2026-11-23T07:29:58Z',
      tncAcceptance: true,
    }),
  [`POST ${A}/generate-otp`]: (c) => send(c, 'POST', `${A}/generate-otp`),
  [`GET ${A}/pincodes/fetch`]: (c) => send(c, 'GET', `${A}/pincodes/fetch?pincodes=560001`),
  [`GET ${A}/accounts`]: (c) => send(c, 'GET', `${A}/accounts?${qs({ search: 'volt', limit: 20 })}`),
  [`GET ${A}/accounts/:id`]: (c) => send(c, 'GET', `${A}/accounts/${c.sellerId}`),

  [`POST ${A}/onBoardUsers`]: (c) =>
    send(c, 'POST', `${A}/onBoardUsers`, {
      sendMail: false,
      users: [
        {
          name: 'Authz Matrix Agency',
          email: `authz-agency-${next()}@example.com`,
          role: 'AGENCY',
          userId: '',
          primaryContactNumber: '9876543210',
          secondaryContactNumber: '9876543211',
          address: '1 MG Road, Bengaluru',
          pincode: '560001',
        },
      ],
    }),
  [`GET ${A}/onBoardUsers/:email`]: (c) => send(c, 'GET', `${A}/onBoardUsers/agency4%40example.com`),
  [`PUT ${A}/onBoardUsers/:email`]: (c) =>
    send(c, 'PUT', `${A}/onBoardUsers/agency4%40example.com`, {
      name: 'Quickreach Marketing',
      primaryContactNumber: '9876543210',
      secondaryContactNumber: '9876543211',
      address: '2 MG Road, Bengaluru',
      pincode: '560001',
    }),
  [`POST ${A}/invitation/resend`]: (c) =>
    send(c, 'POST', `${A}/invitation/resend`, { email: 'agency3@example.com' }),
  [`GET ${A}/userManagement/details`]: (c) =>
    send(
      c,
      'GET',
      `${A}/userManagement/details?${qs({ userType: 'ALL', status: 'ALL', page: 1, size: 10 })}`,
    ),
  [`GET ${A}/userManagement/userProfileDetails/:email`]: (c) =>
    send(c, 'GET', `${A}/userManagement/userProfileDetails/seller2%40example.com`),
  [`GET ${A}/userManagement/downloadProfileDetails`]: (c) =>
    send(c, 'GET', `${A}/userManagement/downloadProfileDetails`),
  [`GET ${A}/userManagement/brandDetails/:email`]: (c) =>
    send(c, 'GET', `${A}/userManagement/brandDetails/agency%40example.com`),
  [`PUT ${A}/userManagement/updateRole`]: (c) =>
    send(
      c,
      'PUT',
      `${A}/userManagement/updateRole?${qs({ email: 'ops2@example.com', newRole: 'SUPERADMIN', comments: 'Covers billing' })}`,
    ),
  [`PUT ${A}/userManagement/updateAccountStatus`]: (c) =>
    send(
      c,
      'PUT',
      `${A}/userManagement/updateAccountStatus?${qs({ email: 'superadmin2@example.com', action: 'REACTIVATE', comments: 'Back from leave' })}`,
    ),
  [`GET ${A}/outbox`]: (c) => send(c, 'GET', `${A}/outbox?${qs({ page: 1, size: 10 })}`),
  [`GET ${A}/jobs/failed`]: (c) => send(c, 'GET', `${A}/jobs/failed?${qs({ page: 1, size: 10 })}`),
  // A failed job of its own per request: an allowed caller's retry succeeds, a refused one leaves it failed.
  [`POST ${A}/jobs/failed/:id/retry`]: async (c) => {
    const [id] = await createFailedJobs(t.database, [`Authz matrix ${next()}`])
    return send(c, 'POST', `${A}/jobs/failed/${id}/retry`)
  },

  [`GET ${A}/approval/listing`]: (c) =>
    send(c, 'GET', `${A}/approval/listing?${qs({ userType: 'ALL', status: 'ALL', page: 1, size: 10 })}`),
  [`GET ${A}/:userType{SUPERADMIN|OPS|AGENCY|BRAND|SELLER}/:userId{[0-9]{1,15}}`]: async (c) =>
    send(c, 'GET', `${A}/AGENCY/${(await t.userByEmail('agency3@example.com')).id}`),
  [`PATCH ${A}/:userType{SUPERADMIN|OPS|AGENCY|BRAND|SELLER}/:userId{[0-9]{1,15}}`]: (c) =>
    send(c, 'PATCH', `${A}/BRAND/200003?accountStatus=REJECTED`, { comments: 'Documents missing' }),
  [`POST ${A}/AGENCY/:userId{[0-9]{1,15}}/documents/:docType`]: async (c) =>
    t.request(`${A}/AGENCY/${(await t.userByEmail('agency3@example.com')).id}/documents/io-doc`, {
      method: 'POST',
      token: c.token,
      headers: { 'content-type': multipartContentType, 'x-forwarded-for': nextIp() },
      body: multipartBody({ name: 'io.pdf', text: pdf }),
    }),
  [`GET ${A}/AGENCY/:userId{[0-9]{1,15}}/documents/:docType`]: async (c) =>
    send(c, 'GET', `${A}/AGENCY/${(await t.userByEmail('agency3@example.com')).id}/documents/io-doc`),

  // Links: agency@ is linked to 200001 and 200002; agency2@ only asked 200001 (PENDING).
  [`POST ${A}/brand/link-request`]: (c) =>
    send(c, 'POST', `${A}/brand/link-request?brandId=${c.who === 'unlinkedAgency' ? 200009 : 200007}`),
  [`POST ${A}/brand/link`]: (c) =>
    send(
      c,
      'POST',
      `${A}/brand/link?${qs({ agencyId: users.unlinkedAgency!.id, approvalStatus: 'REJECTED' })}`,
    ),
  [`POST ${A}/brand/de-link-request`]: (c) =>
    send(c, 'POST', `${A}/brand/de-link-request`, {
      agencyId: c.who === 'unlinkedAgency' ? EMAIL.unlinkedAgency : EMAIL.AGENCY,
      brandId: String(c.who === 'AGENCY' ? 200002 : c.sellerId),
      deLinkReason: 'Campaign season over',
    }),
  [`POST ${A}/brand/de-link`]: (c) =>
    send(c, 'POST', `${A}/brand/de-link`, {
      agencyId: users.AGENCY!.id,
      brandId: 200005,
      approvalStatus: 'REJECTED',
      isDelink: false,
    }),
  [`GET ${A}/link-request/listing`]: (c) => send(c, 'GET', `${A}/link-request/listing`),
  [`GET ${A}/de-link-request/listing`]: (c) => send(c, 'GET', `${A}/de-link-request/listing`),
  [`GET ${A}/de-link-request/:id`]: (c) => send(c, 'GET', `${A}/de-link-request/2`),
  [`GET ${A}/link-request/history`]: (c) => send(c, 'GET', `${A}/link-request/history?page=1&size=5`),
  [`GET ${A}/linkedAgencies/:id`]: (c) => send(c, 'GET', `${A}/linkedAgencies/${BRAND_ID}`),
  [`GET ${A}/linkedBrands/:id`]: (c) => send(c, 'GET', `${A}/linkedBrands/${users.AGENCY!.id}`),

  // Campaigns: read calls on the advertiser's seeded campaign, changes on a copy made for the request.
  [`GET ${I}/campaign/loadHomePage`]: (c) =>
    send(
      c,
      'GET',
      `${I}/campaign/loadHomePage?${qs({ userId: c.sellerId, dateFilterType: 'LAST_30D', page: 1, size: 10 })}`,
    ),
  [`GET ${I}/campaign/download`]: (c) =>
    send(
      c,
      'GET',
      `${I}/campaign/download?${qs({ userId: c.sellerId, dateFilterType: 'LAST_30D', status: 'ALL' })}`,
    ),
  [`GET ${I}/campaign/homePageStats`]: (c) =>
    send(c, 'GET', `${I}/campaign/homePageStats?userId=${c.sellerId}`),
  [`POST ${I}/campaign/view`]: (c) => {
    const { campaignId, jmcampaignId } = seeded[c.sellerId]!
    return send(c, 'POST', `${I}/campaign/view`, {
      id: campaignId,
      channel_id: 4,
      jmcampaign_id: jmcampaignId,
    })
  },
  [`DELETE ${I}/campaigns/delete`]: async (c) => {
    const { campaignId } = await freshCampaign(c.sellerId)
    return send(c, 'DELETE', `${I}/campaigns/delete?campaignId=${campaignId}`)
  },
  [`POST ${I}/campaign/:id/pause`]: async (c) =>
    send(c, 'POST', `${I}/campaign/${(await freshCampaign(c.sellerId)).campaignId}/pause`),
  [`POST ${I}/campaign/:id/play`]: async (c) =>
    send(c, 'POST', `${I}/campaign/${(await freshCampaign(c.sellerId)).campaignId}/play`),
  [`POST ${I}/campaign/:id/clone`]: (c) =>
    send(c, 'POST', `${I}/campaign/${seeded[c.sellerId]!.campaignId}/clone`),
  [`GET ${I}/campaign/:id/history`]: (c) =>
    send(c, 'GET', `${I}/campaign/${seeded[c.sellerId]!.campaignId}/history`),
  [`POST ${I}/vertex/product/get`]: async (c) =>
    send(c, 'POST', `${I}/vertex/product/get?userId=${c.sellerId}`, {
      productIds: await productsOf(c.sellerId, 2),
    }),
  [`POST ${I}/adgroup/keyword/suggest`]: async (c) =>
    send(c, 'POST', `${I}/adgroup/keyword/suggest?userId=${c.sellerId}`, {
      products: await productsOf(c.sellerId, 2),
    }),
  [`POST ${I}/adgroup/list`]: (c) =>
    send(c, 'POST', `${I}/adgroup/list`, { channel_id: 4, campaign_id: seeded[c.sellerId]!.campaignId }),
  [`POST ${I}/adgroup/view`]: (c) =>
    send(c, 'POST', `${I}/adgroup/view`, { channel_id: 4, id: seeded[c.sellerId]!.adGroupId }),
  [`POST ${I}/campaign/create`]: (c) =>
    send(
      c,
      'POST',
      `${I}/campaign/create?${qs({ action: 'save', userId: c.sellerId })}`,
      sponsoredPayload(t, { sellerid: c.sellerId }),
    ),
  [`POST ${I}/campaign/modify`]: async (c) => {
    const { campaignId, jmcampaignId } = await freshCampaign(c.sellerId)
    return send(
      c,
      'POST',
      `${I}/campaign/modify?${qs({ action: 'save', userId: c.sellerId })}`,
      sponsoredPayload(t, { id: campaignId, jmcampaign_id: jmcampaignId, sellerid: c.sellerId }),
    )
  },
  [`POST ${I}/adgroup/create`]: async (c) => {
    const { campaignId, jmcampaignId } = await freshCampaign(c.sellerId)
    return send(c, 'POST', `${I}/adgroup/create?${qs({ action: 'save', userId: c.sellerId })}`, {
      channel_id: 4,
      jmflg: false,
      checksum: null,
      campaign_id: campaignId,
      jmcampaign_id: jmcampaignId,
      sellerid: c.sellerId,
      name: `Authz group ${next()}`,
      products: (await productsOf(c.sellerId, 1)).map((productId) => ({ productId })),
      keywords: [{ keyword: 'running shoes', match_type: 1, bid_price: 500 }],
    })
  },
  [`POST ${I}/adgroup/modify`]: async (c) => {
    const { campaignId, jmcampaignId, adGroupId } = await freshCampaign(c.sellerId)
    return send(c, 'POST', `${I}/adgroup/modify?${qs({ action: 'save', userId: c.sellerId })}`, {
      id: adGroupId,
      channel_id: 4,
      jmflg: false,
      checksum: null,
      campaign_id: campaignId,
      jmcampaign_id: jmcampaignId,
      sellerid: c.sellerId,
      name: `Authz group ${next()}`,
      products: (await productsOf(c.sellerId, 1)).map((productId) => ({ productId })),
      keywords: [{ keyword: 'running shoes', match_type: 1, bid_price: 500 }],
    })
  },
  [`POST ${I}/metadata/keyword`]: async (c) => {
    const [product] = await fullyCategorisedProductsOf(t.db, SELLER_ID, 1)
    return t.request(
      `${I}/metadata/keyword`,
      metadataUploadInit(
        zipOf({ 'keywords.csv': `keywords,product_ids\nauthz matrix,${product}\n` }),
        c.token ?? '',
      ),
    )
  },
  [`GET ${I}/metadata/keyword`]: async (c) =>
    send(
      c,
      'GET',
      `${I}/metadata/keyword?productId=${(await fullyCategorisedProductsOf(t.db, SELLER_ID, 1))[0]}`,
    ),

  [`GET ${P}/post-paid/check-available-credit`]: (c) =>
    send(c, 'GET', `${P}/post-paid/check-available-credit?sellerId=${c.sellerId}`),
  [`GET ${P}/post-paid/credits-enabled`]: (c) =>
    send(c, 'GET', `${P}/post-paid/credits-enabled?sellerId=${c.sellerId}`),
  [`POST ${P}/post-paid/input-credit-csv`]: (c) =>
    upload(
      c,
      `${P}/post-paid/input-credit-csv`,
      'credit.csv',
      `Seller Id,Credit Limit,Effective From,Note\n${SELLER_ID},500000.00,,authz\n`,
    ),
  [`POST ${P}/post-paid/input-amount-paid`]: (c) =>
    upload(
      c,
      `${P}/post-paid/input-amount-paid`,
      'payments.csv',
      `Seller Id,Transaction Id,Amount,Payment Date,Note\n${SELLER_ID},AUTHZ-${next()},10.00,2026-11-01,authz\n`,
    ),
  [`POST ${P}/post-paid/input-Promo-credit`]: (c) =>
    upload(
      c,
      `${P}/post-paid/input-Promo-credit`,
      'promo.csv',
      `Seller Id,Amount,Valid From,Valid To,Reason\n${SELLER_ID},10.00,2026-11-01,,authz\n`,
    ),
  [`GET ${P}/test/generate_credit_report`]: (c) => send(c, 'GET', `${P}/test/generate_credit_report`),
  [`GET ${P}/test/generate_promo_report`]: (c) => send(c, 'GET', `${P}/test/generate_promo_report`),
  [`GET ${P}/test/generate_overall_credit_report`]: (c) =>
    send(c, 'GET', `${P}/test/generate_overall_credit_report`),

  [`POST ${R}/facts`]: (c) => send(c, 'POST', `${R}/facts`, { rows: [] }),
  [`GET ${R}/analytics/file`]: (c) =>
    send(c, 'GET', `${R}/analytics/file?${qs({ token: 'v1.1.report-download.1.x' })}`),
  [`GET ${R}/analytics/getDefaultReport`]: (c) =>
    send(c, 'GET', `${R}/analytics/getDefaultReport?userId=${c.sellerId}`),
  [`GET ${R}/analytics/getFilters`]: (c) =>
    send(
      c,
      'GET',
      `${R}/analytics/getFilters?${qs({ userId: c.sellerId, reportType: 'KEYWORD_PERFORMANCE_REPORT' })}`,
    ),
  [`POST ${R}/analytics/generateReport`]: (c) =>
    send(c, 'POST', `${R}/analytics/generateReport?${qs({ userId: c.sellerId, page: 1, size: 10 })}`, {
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
    }),
  [`GET ${R}/analytics/getReport`]: async (c) =>
    send(
      c,
      'GET',
      `${R}/analytics/getReport?${qs({ userId: c.sellerId, reportEntityId: await savedReportOf(c.sellerId), page: 1, size: 10 })}`,
    ),
  [`POST ${R}/analytics/saveAndScheduleReport`]: (c) =>
    send(c, 'POST', `${R}/analytics/saveAndScheduleReport?userId=${c.sellerId}`, reportRequest()),
  [`GET ${R}/analytics/getSavedReports`]: (c) =>
    send(c, 'GET', `${R}/analytics/getSavedReports?userId=${c.sellerId}`),
  [`DELETE ${R}/analytics/deleteReport`]: async (c) =>
    send(
      c,
      'DELETE',
      `${R}/analytics/deleteReport?${qs({ userId: c.sellerId, reportEntityId: await savedReportOf(c.sellerId) })}`,
    ),
  [`GET ${R}/analytics/downloadReport`]: async (c) => {
    const reportEntityId = await savedReportOf(c.sellerId)
    const otp = await reportCode(c)
    return send(c, 'GET', `${R}/analytics/downloadReport?${qs({ userId: c.sellerId, reportEntityId, otp })}`)
  },
  [`POST ${R}/analytics/getOpsReport`]: async (c) => {
    const otp = await reportCode(c)
    return send(c, 'POST', `${R}/analytics/getOpsReport?${qs({ userId: c.sellerId, otp })}`, {
      ...reportRequest(),
      reportType: 'DAILY_OPS_REPORT',
      isDefault: true,
      reportMetaData: { reportName: `Authz ops ${next()}`, isSaved: false },
    })
  },
}

beforeAll(async () => {
  // The outbox call exists only where the outbox is on (decision 037).
  t = await createTestPlatform({
    outboxEnabled: true,
    ingestToken: TEST_INGEST_TOKEN,
    // The seller-portal hand-off is on, so that its own signature (not a switch) decides.
    externalLoginSecret: 'authz-matrix-external-login-secret-0123456789',
  })
  for (const who of CALLERS) {
    if (who === 'signedOut') {
      tokens[who] = undefined
      users[who] = null
      continue
    }
    const user = await t.userByEmail(EMAIL[who])
    users[who] = { id: user.id, email: user.email }
    tokens[who] = await t.tokenFor(user.email)
  }
  // The revoked user signed in, then the super admin revoked the account: its token must stop working.
  const revoke = await t.request(
    `${A}/userManagement/updateAccountStatus?${qs({ email: EMAIL.revoked, action: 'REVOKE', comments: 'Left the company' })}`,
    { method: 'PUT', token: tokens.SUPERADMIN },
  )
  expect(revoke.status).toBe(200)
  for (const sellerId of [SELLER_ID, BRAND_ID]) seeded[sellerId] = await firstLiveCampaign(sellerId)
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** The mounted endpoints, as `METHOD path` (Hono lists a middleware and its handler: once each). */
function mountedEndpoints() {
  return [
    ...new Set(
      t.platform.services.flatMap(({ app }) =>
        app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
      ),
    ),
  ]
}

describe('the authorization table', () => {
  it('has a row for every endpoint, and every row is an endpoint', () => {
    const mounted = mountedEndpoints().sort()
    expect(Object.keys(AUTHZ_TABLE).sort()).toEqual(mounted)
    expect(Object.keys(REQUESTS).sort()).toEqual(mounted)
  })

  it('lets no signed-out or revoked caller into anything but the open calls', () => {
    for (const [endpoint, row] of Object.entries(AUTHZ_TABLE)) {
      if (row.public) continue
      expect(row.access.signedOut, endpoint).toBe('deny')
      expect(row.access.revoked, endpoint).toBe('deny')
    }
  })
})

/** Deny callers first: they must change nothing, so the allowed callers after them meet the data unchanged. */
const order = (row: MatrixRow) =>
  [...CALLERS].sort((a, b) => Number(row.access[a] === 'allow') - Number(row.access[b] === 'allow'))

function expected(row: MatrixRow, who: Caller, status: number): string | null {
  if (status >= 500) return `answered ${status}`
  // An open call: what the request carries decides (a wrong code, a forged link); compared across callers.
  if (row.public) return null
  if (row.access[who] === 'allow') {
    return status === 401 || status === 403 ? `is allowed but answered ${status}` : null
  }
  if (status >= 200 && status < 300) return `is denied but answered ${status}`
  if (who === 'signedOut' || who === 'revoked')
    return status === 401 ? null : `has no live session: 401 expected, got ${status}`
  const allowed = [401, 403, ...(row.denyStatus?.[who] ? [row.denyStatus[who]] : [])]
  return allowed.includes(status) ? null : `is denied: ${allowed.join(' or ')} expected, got ${status}`
}

describe('every endpoint as every caller', () => {
  it.each(Object.keys(AUTHZ_TABLE))(
    '%s',
    async (endpoint) => {
      const row = AUTHZ_TABLE[endpoint]!
      const request = REQUESTS[endpoint]!
      const wrong: string[] = []
      const statuses = new Map<Caller, number>()
      for (const who of order(row)) {
        const call: Call = { who, token: tokens[who], user: users[who], sellerId: SUBJECT[who] }
        const response = await request(call)
        statuses.set(who, response.status)
        const problem = expected(row, who, response.status)
        if (problem) {
          const body = await response.text()
          wrong.push(`${who} ${problem}: ${body.slice(0, 200)}`)
        }
      }
      if (row.public) {
        // The answer depends on what the request carries, never on the bearer token beside it.
        expect(new Set(statuses.values()).size, JSON.stringify(Object.fromEntries(statuses))).toBe(1)
      }
      expect(wrong).toEqual([])
    },
    60_000,
  )
})
