// The authorization matrix (issue 14, Security; decision 050): for every platform endpoint, who the specs
// let in. Written by hand from spec accounts §2 (route guard), §6 (roles), §7 (calls) and spec campaigns
// §6, then reviewed against them; never generated from the code's answers. platform/authz-matrix.test.ts
// calls every endpoint as every caller below and compares the answer with this table.
import type { Role } from '../rules/roles'

/**
 * The callers. The five roles act on their own advertiser (SUPERADMIN on seller 100001, OPS on brand
 * 200001, AGENCY on its linked brand 200001, BRAND and SELLER on themselves). The last four are attacks:
 * - signedOut: no bearer token;
 * - otherSeller: seller2@ (100002), a SELLER acting on seller@'s (100001) account and objects;
 * - unlinkedAgency: agency2@, an AGENCY whose request to brand 200001 is only PENDING, acting on 200001;
 * - revoked: a SELLER whose token was issued and whose account was then revoked through the API.
 */
export const CALLERS = [
  'SUPERADMIN',
  'OPS',
  'AGENCY',
  'BRAND',
  'SELLER',
  'signedOut',
  'otherSeller',
  'unlinkedAgency',
  'revoked',
] as const
export type Caller = (typeof CALLERS)[number]

/** Who each caller is (docs/demo-accounts.md). revoked: seller3@, revoked by the tests after its sign-in. */
export const CALLER_EMAIL: Record<Exclude<Caller, 'signedOut'>, string> = {
  SUPERADMIN: 'superadmin@example.com',
  OPS: 'ops@example.com',
  AGENCY: 'agency@example.com',
  BRAND: 'brand@example.com',
  SELLER: 'seller@example.com',
  otherSeller: 'seller2@example.com',
  unlinkedAgency: 'agency2@example.com',
  revoked: 'seller3@example.com',
}
export type Access = 'allow' | 'deny'

export type MatrixRow = {
  access: Record<Caller, Access>
  /**
   * A deny answered with another status than 401 (no live session) or 403 (not allowed), by design:
   * 404 where the platform hides whether another's object exists, 406 for staff on the terms call (spec
   * §6: "HTTP 406 for OPS or SUPERADMIN goes to the terms error popup"), 409 where the request is about a
   * link the caller does not have.
   */
  denyStatus?: Partial<Record<Caller, number>>
  /**
   * The endpoint needs no session: its answer depends on credentials inside the request (a password, a
   * one-time code, an invitation or a signed link), not on the caller. The test then asserts that every
   * caller gets the same answer, whatever bearer token it sends.
   */
  public?: true
  /** Why, where the row is not plain from the spec. */
  why?: string
}

const ALL_ROLES: readonly Role[] = ['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER']
const STAFF: readonly Role[] = ['SUPERADMIN', 'OPS']

function row(access: Record<Caller, Access>, extra: Omit<MatrixRow, 'access'> = {}): MatrixRow {
  return { access, ...extra }
}

const grant = (yes: boolean): Access => (yes ? 'allow' : 'deny')

/**
 * By role alone: the listed roles are in; otherSeller is a SELLER and unlinkedAgency an AGENCY like any
 * other (the call is about no advertiser); signed out and revoked are out.
 */
function byRole(roles: readonly Role[], extra?: Omit<MatrixRow, 'access'>): MatrixRow {
  return row(
    {
      SUPERADMIN: grant(roles.includes('SUPERADMIN')),
      OPS: grant(roles.includes('OPS')),
      AGENCY: grant(roles.includes('AGENCY')),
      BRAND: grant(roles.includes('BRAND')),
      SELLER: grant(roles.includes('SELLER')),
      signedOut: 'deny',
      otherSeller: grant(roles.includes('SELLER')),
      unlinkedAgency: grant(roles.includes('AGENCY')),
      revoked: 'deny',
    },
    extra,
  )
}

/**
 * For an advertiser (a seller or brand account, or an object of one): the listed roles for their own
 * advertiser (architecture: staff any account, an agency only its linked brands, a seller or brand only
 * itself); otherSeller and unlinkedAgency are refused.
 */
function forAdvertiser(roles: readonly Role[], extra?: Omit<MatrixRow, 'access'>): MatrixRow {
  const r = byRole(roles, extra)
  return { ...r, access: { ...r.access, otherSeller: 'deny', unlinkedAgency: 'deny' } }
}

/** The same row with these callers refused. */
function refuse(r: MatrixRow, ...callers: Caller[]): MatrixRow {
  return { ...r, access: { ...r.access, ...Object.fromEntries(callers.map((c) => [c, 'deny'])) } }
}

/** Nobody in the matrix: the call is for another kind of credential (a machine token, a half-way sign-in). */
function nobody(why: string): MatrixRow {
  return byRole([], { why })
}

/** No session needed (see MatrixRow.public). */
function open(why: string): MatrixRow {
  return row(
    Object.fromEntries(
      [
        'SUPERADMIN',
        'OPS',
        'AGENCY',
        'BRAND',
        'SELLER',
        'signedOut',
        'otherSeller',
        'unlinkedAgency',
        'revoked',
      ].map((c) => [c, 'allow']),
    ) as Record<Caller, Access>,
    { public: true, why },
  )
}

const A = '/ads/ad-auth/v1'
const I = '/ads/ad-inventory/v1'
const P = '/ads/ad-payments/payment'
const R = '/ads/adinventory/v1'
const USER_PATH = `${A}/:userType{SUPERADMIN|OPS|AGENCY|BRAND|SELLER}/:userId{[0-9]{1,15}}`
const DOCUMENT_PATH = `${A}/AGENCY/:userId{[0-9]{1,15}}/documents/:docType`

/** Keyed `METHOD path` exactly as the mounted Hono apps list their routes (`app.routes`). */
export const AUTHZ_TABLE: Record<string, MatrixRow> = {
  // --- Sign-in (spec §7 auth service): open calls whose own credentials decide.
  [`POST ${A}/login`]: open('password sign-in'),
  [`POST ${A}/user/totp`]: open('forgot-password code request (spec §2 Forgot password)'),
  [`POST ${A}/user/password/reset`]: open('password reset with the mailed code'),
  [`POST ${A}/external/login`]: open('seller-portal hand-off, signed by the portal'),
  [`GET ${A}/invitation`]: open('an invitation link (issue 11)'),
  [`POST ${A}/invitation/password`]: open('an invitation link sets the password'),
  [`POST ${A}/invitation/totp`]: open('an invitation link enrols the second factor'),
  [`GET ${A}/gauth2fa-signup`]: nobody(
    'only a half-way sign-in (password done, second factor not) gets the QR code; a full session has nothing to enrol',
  ),
  [`POST ${A}/gauth2fa-verify-totp`]: nobody('only a half-way sign-in verifies its second factor'),
  [`GET ${A}/validateToken`]: byRole(ALL_ROLES, {
    why: 'the token is in the query (spec §7): any live full session is valid; none or a revoked one is not',
  }),
  [`GET ${A}/session`]: byRole(ALL_ROLES),
  [`POST ${A}/logout`]: byRole(ALL_ROLES),
  [`POST ${A}/tnc`]: refuse(
    byRole(['AGENCY', 'BRAND', 'SELLER'], {
      denyStatus: { SUPERADMIN: 406, OPS: 406 },
      why: "terms are for SELLER, BRAND and AGENCY (spec §2); each accepts for itself only: otherSeller sends seller@'s user id (unlinkedAgency its own)",
    }),
    'otherSeller',
  ),
  [`POST ${A}/generate-otp`]: byRole(ALL_ROLES, {
    why: 'report downloads are open to every role (spec §2 /advanced-reports)',
  }),
  [`GET ${A}/pincodes/fetch`]: byRole(ALL_ROLES, {
    why: 'pincode targeting (every campaign editor) and onboarding look pincodes up',
  }),
  [`GET ${A}/accounts`]: byRole(ALL_ROLES, {
    why: 'the account picker lists only what the caller may act for (its rows are checked elsewhere)',
  }),
  [`GET ${A}/accounts/:id`]: forAdvertiser(ALL_ROLES, {
    why: 'account selection: may the caller act for this id',
  }),

  // --- Onboarding and user management (spec §6: SUPERADMIN and OPS; role change and revoke SUPERADMIN).
  [`POST ${A}/onBoardUsers`]: byRole(STAFF, {
    why: 'OPS onboards every role but Super Admin; the sample is an agency',
  }),
  [`GET ${A}/onBoardUsers/:email`]: byRole(STAFF, {
    why: 'OPS sees the onboarding-style edit of a rejected agency',
  }),
  [`PUT ${A}/onBoardUsers/:email`]: byRole(STAFF, { why: 'OPS edits a rejected agency (spec §4)' }),
  [`POST ${A}/invitation/resend`]: byRole(STAFF),
  [`GET ${A}/userManagement/details`]: byRole(STAFF),
  [`GET ${A}/userManagement/userProfileDetails/:email`]: byRole(STAFF, {
    why: 'OPS: "the user list loads full profile details for the selected row"',
  }),
  [`GET ${A}/userManagement/downloadProfileDetails`]: byRole(STAFF, {
    why: 'the All Advertisers CSV of the user list',
  }),
  [`GET ${A}/userManagement/brandDetails/:email`]: byRole(STAFF, { why: "an agency row's brand-list CSV" }),
  [`PUT ${A}/userManagement/updateRole`]: byRole(['SUPERADMIN'], {
    why: "spec §6: role change is SUPERADMIN's",
  }),
  [`PUT ${A}/userManagement/updateAccountStatus`]: byRole(['SUPERADMIN'], {
    why: 'revoke and reactivate sit on the user detail, SUPERADMIN\'s (spec §6 "full user detail")',
  }),
  [`GET ${A}/outbox`]: byRole(STAFF, { why: 'the mail outbox outside production (decision 037): staff' }),
  [`GET ${A}/jobs/failed`]: byRole(STAFF, { why: 'failed background jobs (decision 058): staff read them' }),
  [`POST ${A}/jobs/failed/:id/retry`]: byRole(['SUPERADMIN'], {
    why: "retrying a failed job is the super admin's, like the other platform-wide changes (decision 058)",
  }),

  // --- Approvals (spec §6: SUPERADMIN).
  [`GET ${A}/approval/listing`]: byRole(['SUPERADMIN']),
  [`GET ${USER_PATH}`]: byRole(['SUPERADMIN']),
  [`PATCH ${USER_PATH}`]: byRole(['SUPERADMIN']),
  [`POST ${DOCUMENT_PATH}`]: byRole(['SUPERADMIN'], {
    why: 'agency documents belong to the approval detail',
  }),
  [`GET ${DOCUMENT_PATH}`]: byRole(['SUPERADMIN']),

  // --- Agency links (spec §6, §4 "Link and de-link").
  [`POST ${A}/brand/link-request`]: byRole(['AGENCY'], {
    why: 'any agency may ask a brand; that is how it becomes linked',
  }),
  [`POST ${A}/brand/link`]: byRole(['BRAND'], { why: 'the brand approves or rejects a request made to it' }),
  [`POST ${A}/brand/de-link-request`]: forAdvertiser(['AGENCY', 'BRAND'], {
    denyStatus: { unlinkedAgency: 409 },
    why: 'a de-link asks about an existing link: an agency not linked to the brand has none to end (409)',
  }),
  [`POST ${A}/brand/de-link`]: byRole(['SUPERADMIN'], { why: 'de-links are approved by the super admin' }),
  [`GET ${A}/link-request/listing`]: byRole(['BRAND'], { why: 'Link Approval page (BRAND)' }),
  [`GET ${A}/de-link-request/listing`]: byRole(['SUPERADMIN'], { why: 'De-Link Approval page (SUPERADMIN)' }),
  [`GET ${A}/de-link-request/:id`]: byRole(['SUPERADMIN']),
  [`GET ${A}/link-request/history`]: byRole(['AGENCY'], {
    why: "the Link Request page's history is the agency's own",
  }),
  [`GET ${A}/linkedAgencies/:id`]: forAdvertiser(['SUPERADMIN', 'OPS', 'BRAND'], {
    why: "\"View Linked Agencies\" is the brand's own list (and staff's, user management); an agency reads no brand's agencies",
  }),
  [`GET ${A}/linkedBrands/:id`]: forAdvertiser(['SUPERADMIN', 'OPS', 'AGENCY'], {
    why: '"View Linked Brands" is the agency\'s own list; the unlinked agency asks for agency@\'s list',
  }),

  // --- Campaigns and ad groups (spec campaigns §6: every role, each for its own advertiser).
  [`GET ${I}/campaign/loadHomePage`]: forAdvertiser(ALL_ROLES),
  [`GET ${I}/campaign/download`]: forAdvertiser(ALL_ROLES),
  [`GET ${I}/campaign/homePageStats`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/campaign/view`]: forAdvertiser(ALL_ROLES),
  [`DELETE ${I}/campaigns/delete`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/campaign/:id/pause`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/campaign/:id/play`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/campaign/:id/clone`]: forAdvertiser(ALL_ROLES),
  [`GET ${I}/campaign/:id/history`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/vertex/product/get`]: forAdvertiser(ALL_ROLES, {
    why: "product search for the advertiser's ad group",
  }),
  [`POST ${I}/adgroup/keyword/suggest`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/adgroup/list`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/adgroup/view`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/campaign/create`]: forAdvertiser(ALL_ROLES, {
    why: '/create-campaign is open to any role (spec §2)',
  }),
  [`POST ${I}/campaign/modify`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/adgroup/create`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/adgroup/modify`]: forAdvertiser(ALL_ROLES),
  [`POST ${I}/metadata/keyword`]: byRole(['SUPERADMIN'], {
    why: 'bulk upload and metadata: SUPERADMIN (spec §6)',
  }),
  [`GET ${I}/metadata/keyword`]: byRole(['SUPERADMIN'], {
    why: 'Keywords Search sits on the Bulk Upload page',
  }),

  // --- Payments (spec §6: billing is SUPERADMIN's; credits are read for the advertiser's campaign list).
  [`GET ${P}/post-paid/check-available-credit`]: forAdvertiser(ALL_ROLES),
  [`GET ${P}/post-paid/credits-enabled`]: forAdvertiser(ALL_ROLES),
  [`POST ${P}/post-paid/input-credit-csv`]: byRole(['SUPERADMIN']),
  [`POST ${P}/post-paid/input-amount-paid`]: byRole(['SUPERADMIN']),
  [`POST ${P}/post-paid/input-Promo-credit`]: byRole(['SUPERADMIN']),
  [`GET ${P}/test/generate_credit_report`]: byRole(['SUPERADMIN']),
  [`GET ${P}/test/generate_promo_report`]: byRole(['SUPERADMIN']),
  [`GET ${P}/test/generate_overall_credit_report`]: byRole(['SUPERADMIN']),

  // --- Analytics and reports (spec §2: analytics, saved and advanced reports for every role, each for
  // its own advertiser; default reports (getOpsReport) for staff).
  [`POST ${R}/facts`]: nobody('performance ingest takes the machine token only; no user session'),
  [`GET ${R}/analytics/file`]: open('a signed file link is its own credential; a session adds nothing'),
  [`GET ${R}/analytics/getDefaultReport`]: byRole(ALL_ROLES, {
    why: 'the report catalogue (types, durations): no advertiser data, its userId is read and ignored',
  }),
  [`GET ${R}/analytics/getFilters`]: forAdvertiser(ALL_ROLES),
  [`POST ${R}/analytics/generateReport`]: forAdvertiser(ALL_ROLES),
  [`GET ${R}/analytics/getReport`]: forAdvertiser(ALL_ROLES),
  [`POST ${R}/analytics/saveAndScheduleReport`]: forAdvertiser(ALL_ROLES),
  [`GET ${R}/analytics/getSavedReports`]: forAdvertiser(ALL_ROLES),
  [`DELETE ${R}/analytics/deleteReport`]: forAdvertiser(ALL_ROLES),
  [`GET ${R}/analytics/downloadReport`]: forAdvertiser(ALL_ROLES),
  [`POST ${R}/analytics/getOpsReport`]: forAdvertiser(STAFF, {
    why: 'the default-report download (admin page)',
  }),
}
