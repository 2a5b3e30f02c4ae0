// Users made for the browser tests that sign in for real. Each Playwright project gets its own copy
// (`<name>.<project>@e2e.test`), so parallel projects and tests never share a live session or state.
// Password: DEMO_PASSWORD; TOTP secret: demoTotpSecret(email).
import { hashPassword } from '../../platform/auth/password'
import type { Database } from '../../platform/db/client'
import { accounts, linkRequests, users } from '../../platform/db/schema'
import { DEMO_PASSWORD, DEMO_TNC_VERSION, demoTotpSecret } from '../../platform/db/seed'
import type { Role } from '../../platform/rules/roles'
import { type CampaignFixtureSet, createE2eCampaigns } from './e2e-campaigns'

export const E2E_PROJECTS = ['js-on', 'js-off', 'routes'] as const

type E2eUserSpec = {
  name: string
  role: Role
  /** TOTP already enrolled. */
  enrolled: boolean
  tnc: boolean
  /** AGENCY: brand accounts it is linked to (approved). */
  linkedBrands?: number[]
  /**
   * Gets a pool of ready sessions for `signInAs`. Only for users no test signs in with a password:
   * a live session would make a real login answer 'User already Logged in from another device!'.
   */
  pool?: boolean
  /** SELLER/BRAND: the campaigns (and credit) its account starts with (e2e-campaign-fixtures.ts). */
  campaigns?: CampaignFixtureSet
  /** AGENCY: e2e brands of the same project it is linked to (approved). */
  linkedSpecs?: string[]
  /** Account status (default APPROVED). */
  status?: 'APPROVED' | 'PENDING' | 'REJECTED' | 'REVOKED' | 'REACTIVATED'
}

/** One line per test that signs in for real; give each test its own user. */
export const E2E_USER_SPECS: E2eUserSpec[] = [
  { name: 'seller-new', role: 'SELLER', enrolled: false, tnc: false },
  { name: 'seller-elsewhere', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'seller-forgot', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'seller-lockout', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'seller-replay', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'seller-terms', role: 'SELLER', enrolled: true, tnc: false, pool: true },
  { name: 'seller-external', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'seller-welcome', role: 'SELLER', enrolled: true, tnc: true, pool: true },
  { name: 'brand-login', role: 'BRAND', enrolled: true, tnc: true },
  { name: 'brand-terms', role: 'BRAND', enrolled: true, tnc: false, pool: true },
  { name: 'agency-login', role: 'AGENCY', enrolled: true, tnc: true, linkedBrands: [200001] },
  { name: 'agency-terms', role: 'AGENCY', enrolled: true, tnc: false, linkedBrands: [200001], pool: true },
  { name: 'ops-login', role: 'OPS', enrolled: true, tnc: true },
  { name: 'superadmin-login', role: 'SUPERADMIN', enrolled: true, tnc: true },
  { name: 'seller-list', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'list' },
  { name: 'seller-actions', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'actions' },
  { name: 'seller-nocredit', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'nocredit' },
  { name: 'brand-list', role: 'BRAND', enrolled: true, tnc: true, pool: true, campaigns: 'brand' },
  { name: 'agency-list', role: 'AGENCY', enrolled: true, tnc: true, pool: true, linkedSpecs: ['brand-list'] },
  { name: 'seller-keyboard', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'keyboard' },
  // skip-link.spec: signs in with its password and stops at the two-factor step.
  { name: 'seller-skiplink', role: 'SELLER', enrolled: true, tnc: true },
  // Issue 11 (accounts): onboarding, user management, approvals, links, and the accounts journey.
  { name: 'ops-onboard', role: 'OPS', enrolled: true, tnc: true, pool: true },
  { name: 'superadmin-onboard', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'superadmin-users', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'ops-users', role: 'OPS', enrolled: true, tnc: true, pool: true },
  { name: 'seller-revoke', role: 'SELLER', enrolled: true, tnc: true },
  { name: 'ops-access', role: 'OPS', enrolled: true, tnc: true },
  { name: 'agency-rejected', role: 'AGENCY', enrolled: true, tnc: true, status: 'REJECTED' },
  { name: 'superadmin-approve', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'agency-pending-1', role: 'AGENCY', enrolled: true, tnc: false, status: 'PENDING' },
  { name: 'agency-pending-2', role: 'AGENCY', enrolled: true, tnc: false, status: 'PENDING' },
  { name: 'agency-pending-3', role: 'AGENCY', enrolled: true, tnc: false, status: 'PENDING' },
  { name: 'agency-link', role: 'AGENCY', enrolled: true, tnc: true, pool: true },
  { name: 'brand-link', role: 'BRAND', enrolled: true, tnc: true, pool: true, campaigns: 'brand' },
  { name: 'brand-link-2', role: 'BRAND', enrolled: true, tnc: true, pool: true },
  { name: 'superadmin-delink', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'ops-journey', role: 'OPS', enrolled: true, tnc: true, pool: true },
  { name: 'superadmin-journey', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'brand-journey', role: 'BRAND', enrolled: true, tnc: true, pool: true, campaigns: 'brand' },
  // Issue 12 (analytics and reports).
  { name: 'seller-analytics', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'list' },
  { name: 'seller-reports', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'list' },
  { name: 'seller-saved', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'list' },
  // Issue 13 (billing and bulk upload).
  { name: 'superadmin-billing', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'seller-billing', role: 'SELLER', enrolled: true, tnc: true, pool: true, campaigns: 'nocredit' },
  {
    name: 'seller-billing-other',
    role: 'SELLER',
    enrolled: true,
    tnc: true,
    pool: true,
    campaigns: 'nocredit',
  },
  { name: 'superadmin-bulk', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'ops-reports', role: 'OPS', enrolled: true, tnc: true, pool: true },
  { name: 'superadmin-reports', role: 'SUPERADMIN', enrolled: true, tnc: true, pool: true },
  { name: 'brand-reports', role: 'BRAND', enrolled: true, tnc: true, pool: true, campaigns: 'brand' },
  {
    name: 'agency-reports',
    role: 'AGENCY',
    enrolled: true,
    tnc: true,
    pool: true,
    linkedSpecs: ['brand-reports'],
  },
]

/** Marketplace accounts with no console user yet, per project and kind (onboarding a SELLER or BRAND). */
export const E2E_FREE_ACCOUNTS = 8
const FIRST_FREE_ACCOUNT = 790_001

/** The i-th (0-based) marketplace account of `kind` that global-setup leaves without a user in `project`. */
export function e2eFreeAccountId(kind: 'SELLER' | 'BRAND', project: string, i: number): number {
  const p = E2E_PROJECTS.indexOf(project as (typeof E2E_PROJECTS)[number])
  if (p < 0 || i < 0 || i >= E2E_FREE_ACCOUNTS) throw new Error(`no free ${kind} account ${i} in ${project}`)
  return FIRST_FREE_ACCOUNT + p * 100 + (kind === 'BRAND' ? 50 : 0) + i
}

export const e2eEmail = (name: string, project: string) => `${name}.${project}@e2e.test`

export type E2eUser = {
  email: string
  id: number
  role: Role
  totpSecret: string
  password: string
  pool: boolean
  /** Its account's campaigns: name → campaign id. */
  campaigns: Record<string, number>
}

/** Account ids for e2e sellers and brands: their own, with no campaigns. */
const FIRST_E2E_ACCOUNT = 700_001

/** The account id (= user id) createE2eUsers gives a SELLER or BRAND spec in a project. */
export function e2eAccountId(name: string, project: string): number {
  let next = FIRST_E2E_ACCOUNT
  for (const p of E2E_PROJECTS) {
    for (const spec of E2E_USER_SPECS) {
      if (spec.role !== 'SELLER' && spec.role !== 'BRAND') continue
      if (p === project && spec.name === name) return next
      next++
    }
  }
  throw new Error(`${name} is not a SELLER or BRAND in E2E_USER_SPECS`)
}

/** `now` dates the fixture campaigns and facts; global-setup records its IST day (paths.ts SEED_DAY_FILE). */
export async function createE2eUsers(db: Database, now = new Date()): Promise<Record<string, E2eUser>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const created: Record<string, E2eUser> = {}
  let nextAccount = FIRST_E2E_ACCOUNT
  for (const project of E2E_PROJECTS) {
    for (const spec of E2E_USER_SPECS) {
      const email = e2eEmail(spec.name, project)
      const totpSecret = demoTotpSecret(email)
      let id: number | undefined
      let accountId: number | null = null
      if (spec.role === 'SELLER' || spec.role === 'BRAND') {
        accountId = nextAccount++
        id = accountId
        await db
          .insert(accounts)
          .values({ id: accountId, kind: spec.role, name: `E2E ${spec.name} ${project}` })
      }
      const [row] = await db
        .insert(users)
        .values({
          ...(id ? { id } : {}),
          name: `E2E ${spec.name}`,
          email,
          role: spec.role,
          accountId,
          accountStatus: spec.status ?? 'APPROVED',
          addedBy: 'e2e',
          passwordHash,
          passwordChangedAt: now,
          totpSecret: spec.enrolled ? totpSecret : null,
          twoFactorRegistered: spec.enrolled,
          tncAcceptance: spec.tnc,
          tncVersion: spec.tnc ? DEMO_TNC_VERSION : null,
          tncAcceptedAt: spec.tnc ? now : null,
        })
        .returning({ id: users.id })
      const linked = [
        ...(spec.linkedBrands ?? []),
        ...(spec.linkedSpecs ?? []).map((n) => e2eAccountId(n, project)),
      ]
      for (const brandId of linked) {
        await db
          .insert(linkRequests)
          .values({ agencyId: row!.id, brandId, status: 'APPROVED', requestedAt: now, actionedAt: now })
      }
      if (accountId !== null && accountId !== e2eAccountId(spec.name, project))
        throw new Error('e2e account ids drifted')
      const campaignIds =
        accountId !== null && spec.campaigns
          ? await createE2eCampaigns(db, spec.campaigns, accountId, email, now)
          : {}
      created[email] = {
        email,
        id: row!.id,
        role: spec.role,
        totpSecret,
        password: DEMO_PASSWORD,
        pool: Boolean(spec.pool),
        campaigns: campaignIds,
      }
    }
  }
  for (const project of E2E_PROJECTS) {
    for (const kind of ['SELLER', 'BRAND'] as const) {
      for (let i = 0; i < E2E_FREE_ACCOUNTS; i++) {
        const id = e2eFreeAccountId(kind, project, i)
        await db
          .insert(accounts)
          .values({ id, kind, name: `E2E free ${kind.toLowerCase()} ${i + 1} ${project}` })
      }
    }
  }
  return created
}
