// User management rules both halves apply (spec accounts §4 "Account status", §5 "Other forms", §6).
// Pure: the console decides what it shows with them, the platform what it refuses.
import type { Role } from './roles'

export const ACCOUNT_STATUSES = ['APPROVED', 'REJECTED', 'PENDING', 'REVOKED', 'REACTIVATED'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/** spec §5: the access dialog's (and revoke's) reason is required. */
export const REASON_EMPTY = 'Reason cannot be empty'
/** The longest reason kept (audit log, the user's comments). */
export const REASON_MAX = 500
export const USER_NOT_FOUND = 'User not found'

/** The user list's User Type column: the role labels of the onboarding form (spec §2). */
export const USER_TYPE_LABELS: Record<Role, string> = {
  SUPERADMIN: 'Super Admin',
  OPS: 'Admin',
  SELLER: 'Seller',
  BRAND: 'Brand',
  AGENCY: 'Agency',
}

/** Filter values of the user list: every role or status, or ALL. */
export const USER_TYPE_FILTERS = ['ALL', 'SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER'] as const
export type UserTypeFilter = (typeof USER_TYPE_FILTERS)[number]
export const USER_STATUS_FILTERS = ['ALL', ...ACCOUNT_STATUSES] as const
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number]

/** The status labels the list shows next to the colour (colour is never the only cue). */
export const STATUS_LABELS: Record<AccountStatus, string> = {
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PENDING: 'Pending',
  REVOKED: 'Revoked',
  REACTIVATED: 'Reactivated',
}

/** spec §4 "Status colours" of the user list. */
export type StatusTone = 'green' | 'red' | 'amber'
export function statusTone(status: AccountStatus): StatusTone {
  if (status === 'APPROVED' || status === 'REACTIVATED') return 'green'
  if (status === 'REJECTED' || status === 'REVOKED') return 'red'
  return 'amber'
}

/**
 * "Advertisers" of the All Advertisers download (decision 034): the users who advertise — SELLER,
 * BRAND and AGENCY — whatever their status. Staff are not advertisers.
 */
export const ADVERTISER_TYPES = ['SELLER', 'BRAND', 'AGENCY'] as const satisfies readonly Role[]

/** spec §4: the Revoke button shows for APPROVED or REACTIVATED; otherwise Reactivate account. */
export const mayRevoke = (status: AccountStatus) => status === 'APPROVED' || status === 'REACTIVATED'
/** Reactivate leads REVOKED to REACTIVATED (decision 034: only REVOKED; PENDING and REJECTED go through approvals). */
export const mayReactivate = (status: AccountStatus) => status === 'REVOKED'

export const isAdminUser = (role: Role) => role === 'SUPERADMIN' || role === 'OPS'

/** spec §4: the access dialog offers only the other admin role. */
export function otherAdminRole(role: Role): 'OPS' | 'SUPERADMIN' | null {
  if (role === 'OPS') return 'SUPERADMIN'
  if (role === 'SUPERADMIN') return 'OPS'
  return null
}

/** spec §6: only SUPERADMIN changes roles and account status (the full user detail is theirs). */
export const mayManageAccess = (viewer: Role) => viewer === 'SUPERADMIN'

/**
 * The user list's edit icon (spec §4): for a SUPERADMIN viewer when the row's status is neither
 * REJECTED nor PENDING (it opens the detail); for others (OPS) only on AGENCY rows with status REJECTED
 * (it opens the onboarding form in edit mode). null: no icon.
 */
export function editTarget(
  viewer: Role,
  row: { role: Role; accountStatus: AccountStatus },
): 'detail' | 'edit' | null {
  if (viewer === 'SUPERADMIN') {
    return row.accountStatus === 'REJECTED' || row.accountStatus === 'PENDING' ? null : 'detail'
  }
  return row.role === 'AGENCY' && row.accountStatus === 'REJECTED' ? 'edit' : null
}
