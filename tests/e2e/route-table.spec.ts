// Walks the route table of spec accounts §2 for every role and session state: each path ends on the
// spec's page or redirect. Runs once, without JavaScript (the 'routes' project).
import type { Role } from '../../platform/rules/roles'
import { expect, test } from './fixtures'

const ADMIN: Role[] = ['SUPERADMIN', 'OPS']
const ADVERTISER: Role[] = ['AGENCY', 'BRAND', 'SELLER']
const ALL: Role[] = [...ADMIN, ...ADVERTISER]

// spec accounts §2 "Routes and allowed roles"; needsSeller false for the routes that "pass without a seller id".
const ROUTES: { path: string; roles: Role[]; needsSeller: boolean }[] = [
  { path: '/admin/select-account', roles: ADMIN, needsSeller: false },
  { path: '/select-account', roles: ['AGENCY'], needsSeller: false },
  { path: '/admin/campaigns', roles: ADMIN, needsSeller: true },
  { path: '/campaigns', roles: ADVERTISER, needsSeller: true },
  { path: '/admin/analytics', roles: ADMIN, needsSeller: true },
  { path: '/analytics', roles: ADVERTISER, needsSeller: true },
  { path: '/admin/billing', roles: ['SUPERADMIN'], needsSeller: false },
  { path: '/create-campaign', roles: ALL, needsSeller: true },
  { path: '/admin/saved-reports', roles: ADMIN, needsSeller: true },
  { path: '/saved-reports', roles: ADVERTISER, needsSeller: true },
  { path: '/admin/default-reports', roles: ADMIN, needsSeller: true },
  { path: '/admin/save-schedule-report', roles: ADMIN, needsSeller: true },
  { path: '/save-schedule-report', roles: ADVERTISER, needsSeller: true },
  { path: '/admin/onboarding', roles: ADMIN, needsSeller: false },
  { path: '/admin/userManagement', roles: ADMIN, needsSeller: false },
  { path: '/admin/requestApproval', roles: ['SUPERADMIN'], needsSeller: false },
  { path: '/requestApproval', roles: ['BRAND'], needsSeller: false },
  { path: '/link', roles: ['AGENCY'], needsSeller: false },
  { path: '/delink', roles: ['AGENCY', 'BRAND'], needsSeller: false },
  { path: '/admin/approval', roles: ['SUPERADMIN'], needsSeller: false },
  { path: '/admin/bulkUpload', roles: ['SUPERADMIN'], needsSeller: false },
]

type State = { name: string; email?: string; role?: Role; sellerId?: number | null; tnc?: boolean }

const STATES: State[] = [
  { name: 'signed out' },
  {
    name: 'SUPERADMIN with an account',
    email: 'superadmin@example.com',
    role: 'SUPERADMIN',
    sellerId: 100001,
  },
  {
    name: 'SUPERADMIN without an account',
    email: 'superadmin@example.com',
    role: 'SUPERADMIN',
    sellerId: null,
  },
  { name: 'OPS with an account', email: 'ops@example.com', role: 'OPS', sellerId: 200001 },
  { name: 'OPS without an account', email: 'ops@example.com', role: 'OPS', sellerId: null },
  { name: 'AGENCY with a linked brand', email: 'agency@example.com', role: 'AGENCY', sellerId: 200001 },
  { name: 'AGENCY without a brand', email: 'agency@example.com', role: 'AGENCY', sellerId: null },
  {
    name: 'AGENCY, terms not accepted',
    email: 'agency2@example.com',
    role: 'AGENCY',
    sellerId: null,
    tnc: false,
  },
  { name: 'BRAND', email: 'brand@example.com', role: 'BRAND', sellerId: 200001 },
  { name: 'SELLER', email: 'seller@example.com', role: 'SELLER', sellerId: 100001 },
  {
    name: 'SELLER, terms not accepted',
    email: 'newseller@example.com',
    role: 'SELLER',
    sellerId: 100006,
    tnc: false,
  },
]

const TERMS = '/terms-and-conditions'
const prefix = (role: Role) => (ADMIN.includes(role) ? '/admin' : '')

/** Where Login sends a signed-in user (then that page's own guard applies). */
function home(state: State): string {
  const role = state.role!
  const target = ADMIN.includes(role)
    ? state.sellerId
      ? '/admin/campaigns'
      : '/admin/select-account'
    : role === 'AGENCY' && !state.sellerId
      ? '/select-account'
      : '/campaigns'
  return expected(target, state)
}

/** The spec's guard rules (accounts §2 "Route guard"), applied to the route table. */
function expected(path: string, state: State): string {
  const signedIn = Boolean(state.email)
  const termsPending = state.tnc === false && (state.role === 'AGENCY' || Boolean(state.sellerId))
  switch (path) {
    case '/':
      return signedIn ? home(state) : '/'
    case '/unauthorized':
      // Public: a failed token check on the terms pages lands here.
      return path
    case '/tncErrorPopup':
      // Any signed-in user (spec "any"); the terms rule still applies first.
      if (!signedIn) return '/'
      return termsPending ? TERMS : path
    case TERMS:
      if (!signedIn) return '/'
      if (ADMIN.includes(state.role!) || state.tnc !== false) return '/unauthorized'
      return TERMS
    case '/StaticTnCPage':
      return signedIn && state.tnc !== false ? '/unauthorized' : path
    case '/ads/auth/v1/external/login':
      return signedIn ? home(state) : path
    case '/home':
      if (!signedIn) return '/'
      if (state.role !== 'SELLER') return home(state)
      return termsPending ? TERMS : path
    case '/advanced-reports': {
      if (!signedIn) return '/'
      if (termsPending) return TERMS
      if (!state.sellerId) return home(state)
      return expected(`${prefix(state.role!)}/save-schedule-report`, state)
    }
  }
  const route = ROUTES.find((r) => r.path === path)
  if (!route) return signedIn ? home(state) : '/' // any other path redirects to /
  if (!signedIn) return '/'
  if (!route.roles.includes(state.role!)) return home(state)
  if (termsPending) return TERMS
  if (route.needsSeller && !state.sellerId) return home(state)
  return path
}

const PATHS = [
  '/',
  ...ROUTES.map((r) => r.path),
  '/advanced-reports',
  '/home',
  '/unauthorized',
  '/tncErrorPopup',
  TERMS,
  '/StaticTnCPage',
  '/ads/auth/v1/external/login',
  '/no/such/page',
]

for (const state of STATES) {
  test(`route table: ${state.name}`, async ({ page, signInAs }) => {
    if (state.email) await signInAs(state.email, { sellerId: state.sellerId ?? null })
    const outcomes: string[] = []
    const wanted: string[] = []
    for (const path of PATHS) {
      await page.goto(path)
      const url = new URL(page.url())
      outcomes.push(`${path} → ${url.pathname}`)
      wanted.push(`${path} → ${expected(path, state)}`)
    }
    expect(outcomes).toEqual(wanted)
    if (state.email) {
      // The walk did not end the session: the home page still answers as signed in.
      await page.goto('/')
      await expect(page).toHaveURL(home(state))
    }
  })
}
