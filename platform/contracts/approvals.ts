// Shapes of the approval calls (spec accounts §3 "Approval list item", §7 GET /v1/approval/listing,
// GET and PATCH /v1/{userType}/{userId}) and of the agency-document calls (issue 11), for both halves.
import { z } from 'zod/v4'
import {
  ACCOUNT_STATUSES,
  agencyDocumentTypes,
  APPROVAL_DECISIONS,
  ApprovalMessages,
  COMMENTS_MAX,
} from '../rules/approvals'
import { PAGE_SIZES } from '../rules/lists'
import { Roles } from '../rules/roles'
import { safeText } from './text'

/** GET /v1/approval/listing — query (our extension; the spec sends none). */
export const approvalListQuerySchema = z.object({
  userType: z.enum(['ALL', ...Roles]).catch('ALL'),
  status: z.enum(['ALL', ...ACCOUNT_STATUSES]).catch('ALL'),
  /** '' (default): PENDING first, then newest first. 'timestamp': by timestamp only. */
  sort: z.enum(['', 'timestamp']).catch(''),
  direction: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(10),
})
export type ApprovalListQuery = z.infer<typeof approvalListQuerySchema>

/** spec §3: user_id, user_type, name, added_by, timestamp, status, agencyId. */
export const approvalListItemSchema = z.object({
  user_id: z.number(),
  user_type: z.enum(Roles),
  name: z.string(),
  added_by: z.string().nullable(),
  /** ISO 8601, when the user was added. */
  timestamp: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  /** The user's id when it is an agency, else null. */
  agencyId: z.number().nullable(),
})
export type ApprovalListItem = z.infer<typeof approvalListItemSchema>

export const approvalListSchema = z.object({
  items: z.array(approvalListItemSchema),
  page: z.number().int().min(1),
  size: z.number().int(),
  totalCount: z.number().int().min(0),
  totalPages: z.number().int().min(1),
})
export type ApprovalList = z.infer<typeof approvalListSchema>

export const agencyDocumentSchema = z.object({
  docType: z.enum(agencyDocumentTypes),
  /** The type in URLs ('io-doc'). */
  slug: z.string(),
  received: z.boolean(),
  fileName: z.string().nullable(),
  notes: z.string().nullable(),
  /** A file is stored and GET …/documents/{slug} serves it; false for documents received offline. */
  viewable: z.boolean(),
})
export type AgencyDocument = z.infer<typeof agencyDocumentSchema>

/** GET /v1/{userType}/{userId} — the read-only profile, its agency documents (AGENCY only) and comments. */
export const approvalDetailSchema = approvalListItemSchema.extend({
  email: z.string(),
  profileId: z.string().nullable(),
  primaryContactNumber: z.string().nullable(),
  secondaryContactNumber: z.string().nullable(),
  address: z.string().nullable(),
  pincode: z.string().nullable(),
  comments: z.string().nullable(),
  /** All seven kinds in the spec's order for an agency; empty for other roles. */
  agencyDocuments: z.array(agencyDocumentSchema),
})
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>

/** PATCH /v1/{userType}/{userId}?accountStatus=APPROVED|REJECTED — query. */
export const approvalDecisionQuerySchema = z.object({
  accountStatus: z.enum(APPROVAL_DECISIONS, { error: 'accountStatus must be APPROVED or REJECTED' }),
})

/** The comments, the body of the PATCH (JSON {comments} or plain text). Required for REJECTED. */
export const approvalCommentsSchema = safeText({ max: COMMENTS_MAX, multiline: true, trim: true })

export const approvalDecisionBodySchema = z.object({ comments: approvalCommentsSchema.optional() })

export const approvalDecisionResultSchema = z.object({
  user_id: z.number(),
  status: z.enum(APPROVAL_DECISIONS),
  comments: z.string(),
  /** Whether the e-mail to the user (terms link, or the comments) was handed to the mail server. */
  mailSent: z.boolean(),
})
export type ApprovalDecisionResult = z.infer<typeof approvalDecisionResultSchema>

/** POST /v1/AGENCY/{userId}/documents/{slug} — answer. */
export const agencyDocumentUploadSchema = agencyDocumentSchema
export { ApprovalMessages }
