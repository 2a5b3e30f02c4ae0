// Roles and the role-based menu of spec campaigns §6 / accounts §6. Pure: shared by console and platform.
export const Roles = ['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER'] as const
export type Role = (typeof Roles)[number]

export const ADMIN_ROLES = ['SUPERADMIN', 'OPS'] as const satisfies readonly Role[]
export const ADVERTISER_ROLES = ['AGENCY', 'BRAND', 'SELLER'] as const satisfies readonly Role[]

export const isRole = (value: unknown): value is Role => Roles.includes(value as Role)
export const isAdminRole = (role: Role) => role === 'SUPERADMIN' || role === 'OPS'

/** The header's role label: SUPERADMIN shows 'SUPER ADMIN', OPS 'ADMIN', others their role. */
export function roleLabel(role: Role): string {
  if (role === 'SUPERADMIN') return 'SUPER ADMIN'
  if (role === 'OPS') return 'ADMIN'
  return role
}

/** '/admin' for SUPERADMIN and OPS, '' for everyone else. */
export const routePrefix = (role: Role) => (isAdminRole(role) ? '/admin' : '')

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

export type MenuEntry = { id: MenuId; label: string; href: string }

const MENU: { id: MenuId; label: string; roles: readonly Role[] }[] = [
  { id: 'campaigns', label: 'Campaign', roles: Roles },
  { id: 'analytics', label: 'Analytics', roles: Roles },
  { id: 'userManagement', label: 'User Management', roles: ['SUPERADMIN', 'OPS'] },
  { id: 'onboarding', label: 'Onboarding', roles: ['SUPERADMIN', 'OPS'] },
  { id: 'approval', label: 'Approval', roles: ['SUPERADMIN'] },
  // The same menu id serves both: de-link approval for the super admin, link approval for a brand.
  { id: 'requestApproval', label: 'Delink Approval', roles: ['SUPERADMIN'] },
  { id: 'requestApproval', label: 'Link Approval', roles: ['BRAND'] },
  { id: 'link', label: 'Link Request', roles: ['AGENCY'] },
  { id: 'delink', label: 'Delink Request', roles: ['AGENCY', 'BRAND'] },
  { id: 'billing', label: 'Payment', roles: ['SUPERADMIN'] },
  { id: 'bulkUpload', label: 'Bulk Upload', roles: ['SUPERADMIN'] },
]

/** The left menu for a role: entries navigate to /{menuId}, with the /admin prefix for staff. */
export function menuFor(role: Role): MenuEntry[] {
  const prefix = routePrefix(role)
  return MENU.filter((entry) => entry.roles.includes(role)).map(({ id, label }) => ({
    id,
    label,
    href: `${prefix}/${id}`,
  }))
}
