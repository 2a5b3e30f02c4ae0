// The route table against the spec (accounts §2, §6; campaigns §6) and against app/routes: each route
// module has its entry and names it; each entry has its module.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectPath } from '../platform/paths'
import { LOGIN_PATH } from './components/Shell'
import { ADMIN_ROLES, type Role, Roles, routePrefix } from '../platform/rules/roles'
import {
  entryAt,
  homePath,
  menuFor,
  pathOf,
  ROUTE_LIST,
  ROUTES,
  type RouteEntry,
  selectAccountPath,
  TREES,
} from './route-table'

const ROUTES_DIR = projectPath('app/routes')
/** Modules that are no page: the shell layouts, the redirects of unknown paths, the logout action. */
const NOT_PAGES = new Set([
  'admin.tsx',
  '_advertiser.tsx',
  '_any.tsx',
  '$.tsx',
  'admin._index.tsx',
  'logout.tsx',
])

/** The URL path of a flat-routes module name ('_advertiser.campaigns_.$id.history' → '/campaigns/:id/history'). */
function urlPathOf(file: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, '').replace(/^\$(\w+)$/, ':$1'))
  return `/${segments.join('/')}`
}

const modules = readdirSync(ROUTES_DIR)
  .filter((file) => file.endsWith('.tsx') && !NOT_PAGES.has(file))
  .map((file) => ({
    file,
    path: urlPathOf(file),
    source: readFileSync(path.join(ROUTES_DIR, file), 'utf8'),
  }))

describe('the route table', () => {
  it('keys each entry by its id, once per path', () => {
    for (const [key, entry] of Object.entries(ROUTES)) expect(entry.id).toBe(key)
    const paths = ROUTE_LIST.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('has an entry for every route module, and a module for every entry', () => {
    expect(modules.map((m) => m.path).sort()).toEqual(ROUTE_LIST.map((entry) => entry.path).sort())
  })

  it('is what every guarding route module passes to the guard, instead of its own roles', () => {
    for (const { file, path: urlPath, source } of modules) {
      const entry = entryAt(urlPath) as RouteEntry
      const guards = /requireUser\(|Loader\(args|Action\(args/.test(source)
      if (guards) expect(source, file).toContain(`ROUTES.${entry.id})`)
      expect(source, file).not.toMatch(/roles:|_ROLES|needsSeller|termsPage/)
    }
  })

  it('lists the spec roles of accounts §2', () => {
    const rolesOf = (id: keyof typeof ROUTES) => (ROUTES[id] as RouteEntry).roles ?? Roles
    expect(rolesOf('adminSelectAccount')).toEqual(ADMIN_ROLES)
    expect(rolesOf('selectAccount')).toEqual(['AGENCY'])
    expect(rolesOf('adminBilling')).toEqual(['SUPERADMIN'])
    expect(rolesOf('adminRequestApproval')).toEqual(['SUPERADMIN'])
    expect(rolesOf('requestApproval')).toEqual(['BRAND'])
    expect(rolesOf('link')).toEqual(['AGENCY'])
    expect(rolesOf('delink')).toEqual(['AGENCY', 'BRAND'])
    expect(rolesOf('adminApproval')).toEqual(['SUPERADMIN'])
    expect(rolesOf('adminBulkUpload')).toEqual(['SUPERADMIN'])
    expect(rolesOf('createCampaign')).toEqual(Roles)
    expect(rolesOf('advancedReports')).toEqual(Roles)
    for (const entry of ROUTE_LIST.filter((e) => e.tree === 'admin' || e.tree === 'advertiser')) {
      // Each shell tree's pages are a subset of its layout's roles; /admin pages carry the prefix.
      const layout: readonly Role[] = TREES[entry.tree as 'admin' | 'advertiser'].roles
      for (const role of entry.roles ?? []) expect(layout, entry.id).toContain(role)
      expect(entry.path.startsWith('/admin/'), entry.id).toBe(entry.tree === 'admin')
    }
  })

  it('lets exactly the spec list of accounts §2 pass without a seller id, inside the shell', () => {
    const spec = [
      '/admin/onboarding',
      '/admin/userManagement',
      '/admin/approval',
      '/admin/requestApproval',
      '/requestApproval',
      '/link',
      '/delink',
      '/admin/billing',
      '/admin/select-account',
      '/select-account',
      '/admin/bulkUpload',
    ]
    // Beyond the spec: the Outbox (issue 11), staff only, outside production; Background jobs (decision 058).
    const beyond = ['/admin/outbox', '/admin/jobs']
    const withoutSeller = ROUTE_LIST.filter((e) => e.tree !== 'public' && !e.needsSeller).map((e) => e.path)
    // The spec's pages themselves, and their detail pages, dialogs and files (a user, a request).
    expect(withoutSeller.filter((p) => spec.includes(p)).sort()).toEqual([...spec].sort())
    const outside = withoutSeller.filter(
      (p) => !beyond.includes(p) && !spec.some((page) => p === page || p.startsWith(`${page}/`)),
    )
    expect(outside).toEqual([])
  })

  it('gives each role the menu of campaigns §6, in order, at /{menuId} with the /admin prefix', () => {
    const labels = (role: Role) => menuFor(role).map((m) => m.label)
    // Background Jobs is beyond the spec (decision 058): last, for both staff roles.
    expect(labels('SUPERADMIN')).toEqual([
      'Campaign',
      'Analytics',
      'User Management',
      'Onboarding',
      'Approval',
      'Delink Approval',
      'Payment',
      'Bulk Upload',
      'Background Jobs',
    ])
    expect(labels('OPS')).toEqual([
      'Campaign',
      'Analytics',
      'User Management',
      'Onboarding',
      'Background Jobs',
    ])
    expect(labels('AGENCY')).toEqual(['Campaign', 'Analytics', 'Link Request', 'Delink Request'])
    expect(labels('BRAND')).toEqual(['Campaign', 'Analytics', 'Link Approval', 'Delink Request'])
    expect(labels('SELLER')).toEqual(['Campaign', 'Analytics'])
    for (const role of Roles) {
      for (const item of menuFor(role)) expect(item.href).toBe(`${routePrefix(role)}/${item.id}`)
    }
  })

  it('sends Switch and Login to the account selection of the roles that choose an account', () => {
    expect(selectAccountPath('SUPERADMIN')).toBe('/admin/select-account')
    expect(selectAccountPath('OPS')).toBe('/admin/select-account')
    expect(selectAccountPath('AGENCY')).toBe('/select-account')
    expect(selectAccountPath('BRAND')).toBeNull()
    expect(selectAccountPath('SELLER')).toBeNull()
    expect(homePath('OPS', null)).toBe('/admin/select-account')
    expect(homePath('SELLER', 100001)).toBe('/campaigns')
  })

  it('fills parameters and finds the entry of a URL path', () => {
    expect(pathOf(ROUTES.campaignHistory, { id: 42 })).toBe('/campaigns/42/history')
    expect(() => pathOf(ROUTES.campaignHistory)).toThrow(':id')
    expect(entryAt('/admin/campaigns/42/delete')?.id).toBe('adminCampaignDelete')
    expect(entryAt('/campaigns/class')?.id).toBe('campaignClass')
    expect(entryAt('/')?.id).toBe('login')
    expect(entryAt('/no/such/page')).toBeUndefined()
  })
})

describe('the shell outside the route table', () => {
  it("writes Login's path as the table has it (the shell keeps the table out of the browser bundle)", () => {
    expect(LOGIN_PATH).toBe(ROUTES.login.path)
  })
})
