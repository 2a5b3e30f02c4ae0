// The one route table (spec accounts §2 "Routes and allowed roles", campaigns §2 and §6): every page of
// the console with its tree, allowed roles, seller and terms needs, its own <h1> and its menu entry.
// The guard, the left menu, the header and the route-table browser test all read it; a route module
// names its entry: `requireUser(request, context, ROUTES.adminBilling)`. Pure: safe in the browser.
import type { GuardOptions } from './guard.server'
import { ADMIN_ROLES, ADVERTISER_ROLES, type Role } from '../platform/rules/roles'

/**
 * Where a page renders: inside the console shell of the /admin tree (SUPERADMIN, OPS), the plain tree
 * (AGENCY, BRAND, SELLER) or the tree open to any signed-in role; or 'public': outside the shell (its
 * own guard may still ask for a sign-in, e.g. the terms page).
 */
export type Tree = 'admin' | 'advertiser' | 'any' | 'public'

export type MenuId =
  | 'userManagement'
  | 'onboarding'
  | 'approval'
  | 'requestApproval'
  | 'link'
  | 'delink'
  | 'campaigns'
  | 'analytics'
  | 'billing'
  | 'bulkUpload'
  | 'outbox'
  | 'jobs'

/** The page's own <h1>: its exact text, or its fixed start where the rest is data (a name). */
export type Heading = string | { startsWith: string }

export type RouteEntry = GuardOptions & {
  /** Stable id: the key of ROUTES. */
  id: string
  /** Remix path; `:id` marks a parameter. */
  path: string
  tree: Tree
  /** Roles allowed (spec §2); absent: any signed-in user, or nobody checks (public pages). */
  roles?: readonly Role[]
  /** false for the spec's "pass without a seller id" routes and for pages outside the console. */
  needsSeller: boolean
  /** The terms pages: a user who has not accepted is not sent to the terms page from here. */
  termsPage?: boolean
  /** The <h1> the page renders; null when the path is no page of its own (a redirect, a file). */
  heading: Heading | null
  /** A dialog drawn over its parent page (the <h1> is the parent's): the dialog's title. */
  dialog?: string
  /** Its entry in the left menu (spec campaigns §6 / accounts §6), ordered by `order`. */
  menu?: { id: MenuId; label: string; order: number }
}

const SUPERADMIN = ['SUPERADMIN'] as const satisfies readonly Role[]

export const ROUTES = {
  // Sign-in and terms pages, outside the shell.
  login: { id: 'login', path: '/', tree: 'public', needsSeller: false, heading: 'Login' },
  loginVerify: {
    id: 'loginVerify',
    path: '/login/verify',
    tree: 'public',
    needsSeller: false,
    heading: 'Two-factor authentication',
  },
  loginElsewhere: {
    id: 'loginElsewhere',
    path: '/login/elsewhere',
    tree: 'public',
    needsSeller: false,
    heading: 'You are logged in elsewhere',
  },
  forgotPassword: {
    id: 'forgotPassword',
    path: '/forgot-password',
    tree: 'public',
    needsSeller: false,
    heading: 'Forgot Password',
  },
  forgotPasswordVerify: {
    id: 'forgotPasswordVerify',
    path: '/forgot-password/verify',
    tree: 'public',
    needsSeller: false,
    heading: 'Enter OTP',
  },
  forgotPasswordDone: {
    id: 'forgotPasswordDone',
    path: '/forgot-password/done',
    tree: 'public',
    needsSeller: false,
    heading: 'Password reset successful',
  },
  externalLogin: {
    id: 'externalLogin',
    path: '/ads/auth/v1/external/login',
    tree: 'public',
    needsSeller: false,
    heading: 'Redirecting...',
  },
  home: {
    id: 'home',
    path: '/home',
    tree: 'public',
    roles: ['SELLER'],
    needsSeller: false,
    heading: { startsWith: 'Welcome, ' },
  },
  unauthorized: {
    id: 'unauthorized',
    path: '/unauthorized',
    tree: 'public',
    needsSeller: false,
    heading: 'Unauthorized',
  },
  tncErrorPopup: {
    id: 'tncErrorPopup',
    path: '/tncErrorPopup',
    tree: 'public',
    needsSeller: false,
    heading: 'Terms and Conditions pending',
  },
  terms: {
    id: 'terms',
    path: '/terms-and-conditions',
    tree: 'public',
    needsSeller: false,
    termsPage: true,
    heading: 'Terms and Conditions',
  },
  staticTerms: {
    id: 'staticTerms',
    path: '/StaticTnCPage',
    tree: 'public',
    needsSeller: false,
    heading: 'Terms and Conditions',
  },
  // The invitation e-mail's link (issue 11): set a password and enrol the authenticator, signed out.
  invitation: {
    id: 'invitation',
    path: '/invitation',
    tree: 'public',
    needsSeller: false,
    heading: 'Set up your account',
  },
  termsNotAccepted: {
    id: 'termsNotAccepted',
    path: '/terms-not-accepted',
    tree: 'public',
    needsSeller: false,
    heading: 'Terms and Conditions not accepted',
  },
  advancedReports: {
    id: 'advancedReports',
    path: '/advanced-reports',
    tree: 'public',
    needsSeller: true,
    heading: null,
  },

  // The /admin tree: SUPERADMIN and OPS.
  adminSelectAccount: {
    id: 'adminSelectAccount',
    path: '/admin/select-account',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'Select account',
  },
  adminCampaigns: {
    id: 'adminCampaigns',
    path: '/admin/campaigns',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    menu: { id: 'campaigns', label: 'Campaign', order: 1 },
  },
  adminCampaignClass: {
    id: 'adminCampaignClass',
    path: '/admin/campaigns/class',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    dialog: 'Campaign class',
  },
  adminCampaignDelete: {
    id: 'adminCampaignDelete',
    path: '/admin/campaigns/:id/delete',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    dialog: 'Delete campaign?',
  },
  adminCampaignDownload: {
    id: 'adminCampaignDownload',
    path: '/admin/campaigns/download',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: null,
  },
  adminCampaignHistory: {
    id: 'adminCampaignHistory',
    path: '/admin/campaigns/:id/history',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: { startsWith: 'History: ' },
  },
  adminAnalytics: {
    id: 'adminAnalytics',
    path: '/admin/analytics',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Analytics',
    menu: { id: 'analytics', label: 'Analytics', order: 2 },
  },
  adminUserManagement: {
    id: 'adminUserManagement',
    path: '/admin/userManagement',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'User Management',
    menu: { id: 'userManagement', label: 'User Management', order: 3 },
  },
  // All Advertisers (spec accounts §3 "Bulk download CSV columns"): a file, listed before the :email pages.
  adminAllAdvertisers: {
    id: 'adminAllAdvertisers',
    path: '/admin/userManagement/all-advertisers',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: null,
  },
  // One user (issue 11 "User detail"): read-only profile, current access, revoke or reactivate.
  adminUserDetail: {
    id: 'adminUserDetail',
    path: '/admin/userManagement/:email',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'User details',
  },
  // The onboarding form in edit mode (spec: its title is User Management), for a rejected agency.
  adminUserEdit: {
    id: 'adminUserEdit',
    path: '/admin/userManagement/:email/edit',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'User Management',
  },
  // An agency row's brand list (CSV).
  adminUserBrands: {
    id: 'adminUserBrands',
    path: '/admin/userManagement/:email/brands',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: null,
  },
  adminUserAccess: {
    id: 'adminUserAccess',
    path: '/admin/userManagement/:email/access',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'User details',
    dialog: 'Change access',
  },
  adminUserRevoke: {
    id: 'adminUserRevoke',
    path: '/admin/userManagement/:email/revoke',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'User details',
    dialog: 'Revoke account',
  },
  adminUserReactivate: {
    id: 'adminUserReactivate',
    path: '/admin/userManagement/:email/reactivate',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'User details',
    dialog: 'Reactivate account',
  },
  adminOnboarding: {
    id: 'adminOnboarding',
    path: '/admin/onboarding',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'Onboarding',
    menu: { id: 'onboarding', label: 'Onboarding', order: 4 },
  },
  adminApproval: {
    id: 'adminApproval',
    path: '/admin/approval',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Approval',
    menu: { id: 'approval', label: 'Approval', order: 5 },
  },
  // A pending registration (issue 11 "Approvals"): profile, agency documents, comments on rejection.
  adminApprovalDetail: {
    id: 'adminApprovalDetail',
    path: '/admin/approval/:userType/:userId',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Approval details',
  },
  adminApprovalReject: {
    id: 'adminApprovalReject',
    path: '/admin/approval/:userType/:userId/reject',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Approval details',
    dialog: 'Reject registration',
  },
  adminApprovalApprove: {
    id: 'adminApprovalApprove',
    path: '/admin/approval/:userType/:userId/approve',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Approval details',
    dialog: 'Approve & Send TnC',
  },
  // An uploaded agency document, viewed in the browser (a file).
  adminAgencyDocument: {
    id: 'adminAgencyDocument',
    path: '/admin/approval/:userType/:userId/documents/:docType',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: null,
  },
  adminRequestApproval: {
    id: 'adminRequestApproval',
    path: '/admin/requestApproval',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'De-Link Approval',
    // The same menu id as the brand's Link Approval: de-link approvals for the super admin.
    menu: { id: 'requestApproval', label: 'Delink Approval', order: 6 },
  },
  // One de-link request (spec: "The action opens a detail view with a De-link button").
  adminDelinkDetail: {
    id: 'adminDelinkDetail',
    path: '/admin/requestApproval/:requestId',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'De-link request',
  },
  adminDelinkApprove: {
    id: 'adminDelinkApprove',
    path: '/admin/requestApproval/:requestId/delink',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'De-link request',
    dialog: 'De-link',
  },
  adminDelinkReject: {
    id: 'adminDelinkReject',
    path: '/admin/requestApproval/:requestId/reject',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'De-link request',
    dialog: 'Reject de-link request',
  },
  // Beyond the spec (issue 11): the e-mails the product sent, only outside production without SMTP_URL.
  adminOutbox: {
    id: 'adminOutbox',
    path: '/admin/outbox',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'Outbox',
    menu: { id: 'outbox', label: 'Outbox', order: 11 },
  },
  // Beyond the spec (decision 058): background jobs that failed after their retries; Retry is SUPERADMIN's.
  adminJobs: {
    id: 'adminJobs',
    path: '/admin/jobs',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: false,
    heading: 'Background jobs',
    menu: { id: 'jobs', label: 'Background Jobs', order: 12 },
  },
  adminBilling: {
    id: 'adminBilling',
    path: '/admin/billing',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Billing',
    menu: { id: 'billing', label: 'Payment', order: 9 },
  },
  // The three billing reports (issue 13): CSV files named by the platform, :report ∈ BILLING_REPORT_NAMES.
  adminBillingReport: {
    id: 'adminBillingReport',
    path: '/admin/billing/reports/:report',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: null,
  },
  adminBulkUpload: {
    id: 'adminBulkUpload',
    path: '/admin/bulkUpload',
    tree: 'admin',
    roles: SUPERADMIN,
    needsSeller: false,
    heading: 'Bulk Upload',
    menu: { id: 'bulkUpload', label: 'Bulk Upload', order: 10 },
  },
  adminSavedReports: {
    id: 'adminSavedReports',
    path: '/admin/saved-reports',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
  },
  adminDefaultReports: {
    id: 'adminDefaultReports',
    path: '/admin/default-reports',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Default Reports',
  },
  adminSaveScheduleReport: {
    id: 'adminSaveScheduleReport',
    path: '/admin/save-schedule-report',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Save and Schedule Report',
  },
  adminSavedReportView: {
    id: 'adminSavedReportView',
    path: '/admin/saved-reports/:reportId',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: { startsWith: 'Report: ' },
  },
  adminSavedReportDelete: {
    id: 'adminSavedReportDelete',
    path: '/admin/saved-reports/:reportId/delete',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
    dialog: 'Delete report?',
  },
  adminSavedReportDownload: {
    id: 'adminSavedReportDownload',
    path: '/admin/saved-reports/:reportId/download',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
    dialog: 'Download report',
  },
  adminSaveScheduleDiscard: {
    id: 'adminSaveScheduleDiscard',
    path: '/admin/save-schedule-report/discard',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Save and Schedule Report',
    dialog: 'Discard changes?',
  },
  adminDefaultReportDownload: {
    id: 'adminDefaultReportDownload',
    path: '/admin/default-reports/download',
    tree: 'admin',
    roles: ADMIN_ROLES,
    needsSeller: true,
    heading: 'Default Reports',
    dialog: 'Download report',
  },

  // The plain tree: AGENCY, BRAND and SELLER.
  selectAccount: {
    id: 'selectAccount',
    path: '/select-account',
    tree: 'advertiser',
    roles: ['AGENCY'],
    needsSeller: false,
    heading: 'Select account',
  },
  campaigns: {
    id: 'campaigns',
    path: '/campaigns',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    menu: { id: 'campaigns', label: 'Campaign', order: 1 },
  },
  campaignClass: {
    id: 'campaignClass',
    path: '/campaigns/class',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    dialog: 'Campaign class',
  },
  campaignDelete: {
    id: 'campaignDelete',
    path: '/campaigns/:id/delete',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Campaigns',
    dialog: 'Delete campaign?',
  },
  campaignDownload: {
    id: 'campaignDownload',
    path: '/campaigns/download',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: null,
  },
  campaignHistory: {
    id: 'campaignHistory',
    path: '/campaigns/:id/history',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: { startsWith: 'History: ' },
  },
  analytics: {
    id: 'analytics',
    path: '/analytics',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Analytics',
    menu: { id: 'analytics', label: 'Analytics', order: 2 },
  },
  requestApproval: {
    id: 'requestApproval',
    path: '/requestApproval',
    tree: 'advertiser',
    roles: ['BRAND'],
    needsSeller: false,
    heading: 'Link Approval',
    menu: { id: 'requestApproval', label: 'Link Approval', order: 6 },
  },
  // 'View Linked Agencies' (CSV), before the :requestId dialogs.
  linkedAgencies: {
    id: 'linkedAgencies',
    path: '/requestApproval/linked-agencies',
    tree: 'advertiser',
    roles: ['BRAND'],
    needsSeller: false,
    heading: null,
  },
  linkApprove: {
    id: 'linkApprove',
    path: '/requestApproval/:requestId/approve',
    tree: 'advertiser',
    roles: ['BRAND'],
    needsSeller: false,
    heading: 'Link Approval',
    dialog: 'Approve link request',
  },
  linkReject: {
    id: 'linkReject',
    path: '/requestApproval/:requestId/reject',
    tree: 'advertiser',
    roles: ['BRAND'],
    needsSeller: false,
    heading: 'Link Approval',
    dialog: 'Reject link request',
  },
  link: {
    id: 'link',
    path: '/link',
    tree: 'advertiser',
    roles: ['AGENCY'],
    needsSeller: false,
    heading: 'Link Request',
    menu: { id: 'link', label: 'Link Request', order: 7 },
  },
  // 'View Linked Brands' (CSV).
  linkedBrands: {
    id: 'linkedBrands',
    path: '/link/linked-brands',
    tree: 'advertiser',
    roles: ['AGENCY'],
    needsSeller: false,
    heading: null,
  },
  delink: {
    id: 'delink',
    path: '/delink',
    tree: 'advertiser',
    roles: ['AGENCY', 'BRAND'],
    needsSeller: false,
    heading: 'Delink Request',
    menu: { id: 'delink', label: 'Delink Request', order: 8 },
  },
  savedReports: {
    id: 'savedReports',
    path: '/saved-reports',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
  },
  saveScheduleReport: {
    id: 'saveScheduleReport',
    path: '/save-schedule-report',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Save and Schedule Report',
  },
  savedReportView: {
    id: 'savedReportView',
    path: '/saved-reports/:reportId',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: { startsWith: 'Report: ' },
  },
  savedReportDelete: {
    id: 'savedReportDelete',
    path: '/saved-reports/:reportId/delete',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
    dialog: 'Delete report?',
  },
  savedReportDownload: {
    id: 'savedReportDownload',
    path: '/saved-reports/:reportId/download',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Saved Reports',
    dialog: 'Download report',
  },
  saveScheduleDiscard: {
    id: 'saveScheduleDiscard',
    path: '/save-schedule-report/discard',
    tree: 'advertiser',
    roles: ADVERTISER_ROLES,
    needsSeller: true,
    heading: 'Save and Schedule Report',
    dialog: 'Discard changes?',
  },

  // Open to every signed-in role, inside the shell.
  createCampaign: {
    id: 'createCampaign',
    path: '/create-campaign',
    tree: 'any',
    needsSeller: true,
    heading: 'Create Campaign',
  },
  // Discard's confirmation over the editor (decision 029): ?id=N or ?class=… as the editor's own.
  createCampaignDiscard: {
    id: 'createCampaignDiscard',
    path: '/create-campaign/discard',
    tree: 'any',
    needsSeller: true,
    heading: 'Create Campaign',
    dialog: 'Are you sure?',
  },
  // An ad group card's list as a CSV file, posted without JavaScript (decision 077; with it the browser
  // writes the file). ?id=N as the editor's own; a GET goes back to the editor.
  createCampaignDownload: {
    id: 'createCampaignDownload',
    path: '/create-campaign/download',
    tree: 'any',
    needsSeller: true,
    heading: null,
  },
} as const satisfies Record<string, RouteEntry>

export type RouteId = keyof typeof ROUTES

/** Every entry, in table order. */
export const ROUTE_LIST: readonly RouteEntry[] = Object.values(ROUTES)

/** What the layout route of each shell tree lets through; its pages then apply their own entry. */
export const TREES = {
  admin: { roles: ADMIN_ROLES, needsSeller: false },
  advertiser: { roles: ADVERTISER_ROLES, needsSeller: false },
  any: { needsSeller: false },
} as const satisfies Record<Exclude<Tree, 'public'>, GuardOptions>

/** The shell tree a role's pages live in. */
export const treeOf = (role: Role): 'admin' | 'advertiser' =>
  (ADMIN_ROLES as readonly Role[]).includes(role) ? 'admin' : 'advertiser'

export type MenuEntry = { id: MenuId; label: string; href: string }

/**
 * The left menu for a role: its tree's menu entries that allow the role, in menu order. The Outbox
 * entry only when the platform keeps mail in its outbox (outside production, no SMTP_URL).
 */
export function menuFor(role: Role, options: { outbox?: boolean } = {}): MenuEntry[] {
  const tree = treeOf(role)
  return ROUTE_LIST.filter(
    (entry): entry is RouteEntry & { menu: NonNullable<RouteEntry['menu']> } =>
      entry.tree === tree &&
      Boolean(entry.menu) &&
      (!entry.roles || entry.roles.includes(role)) &&
      (entry.menu?.id !== 'outbox' || options.outbox === true),
  )
    .sort((a, b) => a.menu.order - b.menu.order)
    .map((entry) => ({ id: entry.menu.id, label: entry.menu.label, href: entry.path }))
}

/** The account-selection page a role may use (the header's Switch), or null for SELLER and BRAND. */
export function selectAccountPath(role: Role): string | null {
  const page = [ROUTES.adminSelectAccount, ROUTES.selectAccount].find((entry) =>
    (entry.roles as readonly Role[]).includes(role),
  )
  return page?.path ?? null
}

/** Where Login sends a signed-in user: their campaigns, or account selection when none is chosen. */
export function homePath(role: Role, sellerId: number | null): string {
  const campaigns = treeOf(role) === 'admin' ? ROUTES.adminCampaigns : ROUTES.campaigns
  if (sellerId) return campaigns.path
  return selectAccountPath(role) ?? campaigns.path
}

/** A concrete URL for an entry's path: `:name` parameters filled in. */
export function pathOf(entry: RouteEntry, params: Record<string, string | number> = {}): string {
  return entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${entry.id}: no value for :${name}`)
    return encodeURIComponent(String(value))
  })
}

/** The entry whose path matches a URL path ('/campaigns/12/history' → campaignHistory), if any. */
export function entryAt(pathname: string): RouteEntry | undefined {
  return ROUTE_LIST.find((entry) =>
    new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`).test(pathname.replace(/(.)\/$/, '$1')),
  )
}

/** Whether a rendered <h1> is the entry's own. */
export function isOwnHeading(heading: Heading, text: string): boolean {
  return typeof heading === 'string' ? text === heading : text.startsWith(heading.startsWith)
}
