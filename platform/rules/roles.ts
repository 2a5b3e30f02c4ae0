// Roles of spec accounts §1 and their labels. Pure: shared by console and platform. The console's
// role-based menu (spec campaigns §6 / accounts §6) is in the route table, app/route-table.ts.
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

/** spec accounts §6: a SELLER or BRAND acts for itself: its account id is its own, never a chosen one. */
export const actsForItself = (role: Role) => role === 'SELLER' || role === 'BRAND'
