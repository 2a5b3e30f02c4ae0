// Shapes of the user-management calls (spec accounts §3 "User (list item)", §7 /v1/userManagement/*),
// shared by the platform handlers and the console client. Decision 034.
import { z } from 'zod/v4'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../rules/lists'
import { Roles } from '../rules/roles'
import {
  ACCOUNT_STATUSES,
  REASON_EMPTY,
  REASON_MAX,
  USER_STATUS_FILTERS,
  USER_TYPE_FILTERS,
} from '../rules/users'
import { safeText, TEXT_MAX } from './text'

export const USER_SORT_DIRECTIONS = ['desc', 'asc'] as const

/**
 * GET /v1/userManagement/details — the spec's path, with server-side filters and paging (decision 034):
 * userType and status (ALL or one value), direction of the timestamp sort (desc: newest first), page
 * (1-based) and size (10, 20, 50, 100). Answers one page and the total.
 */
export const userListQuerySchema = z.object({
  userType: z.enum(USER_TYPE_FILTERS).default('ALL'),
  status: z.enum(USER_STATUS_FILTERS).default('ALL'),
  direction: z.enum(USER_SORT_DIRECTIONS).default('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 10, 20, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
})
export type UserListQuery = z.infer<typeof userListQuerySchema>
export type UserListParams = z.output<typeof userListQuerySchema>

export const brandDetailSchema = z.object({ brandId: z.number(), brandName: z.string() })

/** spec §3 "User (list item)". timestamp: when the user was added (ISO 8601, UTC). */
export const userListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(Roles),
  email: z.string(),
  addedBy: z.string().nullable(),
  timestamp: z.string(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  /** AGENCY: the brands it is linked to (APPROVED links); others: empty. */
  brandDetails: z.array(brandDetailSchema),
  profileId: z.string().nullable(),
  primaryContactNumber: z.string().nullable(),
  secondaryContactNumber: z.string().nullable(),
  address: z.string().nullable(),
  pincode: z.number().nullable(),
  comments: z.string().nullable(),
})
export type UserListItem = z.infer<typeof userListItemSchema>

export const userListResponseSchema = z.object({
  users: z.array(userListItemSchema),
  totalCount: z.number(),
  page: z.number(),
  size: z.number(),
  totalPages: z.number(),
})
export type UserListResponse = z.infer<typeof userListResponseSchema>

export const agencyDocumentSummarySchema = z.object({
  /** One of the seven kinds of spec §3 "Agency documents tracked offline". */
  docType: z.string(),
  received: z.boolean(),
  fileName: z.string().nullable(),
})

/** GET /v1/userManagement/userProfileDetails/{email}: the list item plus the agency's documents. */
export const userProfileSchema = userListItemSchema.extend({
  userOnBoardingDetails: z.object({ agencyDocuments: z.array(agencyDocumentSummarySchema) }),
})
export type UserProfile = z.infer<typeof userProfileSchema>

/** An e-mail as a path or query value: one line, capped; not checked for shape (unknown → 404). */
export const userEmailSchema = safeText({ max: TEXT_MAX.email, trim: true }).pipe(
  z.string().min(1, 'Email is invalid'),
)

const reason = z
  .string({ error: REASON_EMPTY })
  .pipe(safeText({ max: REASON_MAX, trim: true }))
  .pipe(z.string().min(1, REASON_EMPTY))

/** PUT /v1/userManagement/updateRole?email&newRole&comments (SUPERADMIN; between OPS and SUPERADMIN). */
export const updateRoleQuerySchema = z.object({
  email: userEmailSchema,
  newRole: z.enum(['OPS', 'SUPERADMIN'], { error: 'newRole must be OPS or SUPERADMIN' }),
  comments: reason,
})
export type UpdateRoleParams = z.input<typeof updateRoleQuerySchema>

export const ACCOUNT_ACTIONS = ['REVOKE', 'REACTIVATE'] as const
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number]

/** PUT /v1/userManagement/updateAccountStatus?email&action&comments (SUPERADMIN). */
export const updateAccountStatusQuerySchema = z.object({
  email: userEmailSchema,
  action: z.enum(ACCOUNT_ACTIONS, { error: 'action must be REVOKE or REACTIVATE' }),
  comments: reason,
})
export type UpdateAccountStatusParams = z.input<typeof updateAccountStatusQuerySchema>

/** data of both updates: the user as it is now. */
export const userUpdateResponseSchema = z.object({
  email: z.string(),
  role: z.enum(Roles),
  accountStatus: z.enum(ACCOUNT_STATUSES),
})
export type UserUpdateResponse = z.infer<typeof userUpdateResponseSchema>

/** spec §3 "Bulk download CSV columns" (GET /v1/userManagement/downloadProfileDetails). */
export const ALL_ADVERTISERS_CSV_HEADER = ['Entity Type', 'Entity Id', 'Entity Name', 'Entity Email'] as const
export const ALL_ADVERTISERS_FILE_NAME = 'All Advertisers.csv'

/** An agency's brand list (GET /v1/userManagement/brandDetails/{email}, decision 034). */
export const BRAND_LIST_CSV_HEADER = ['Brand Id', 'Brand Name'] as const
