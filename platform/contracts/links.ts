// Contracts of the agency–brand link calls (spec accounts §3 "Link request item", "Link history item",
// §7 brand/link-request, brand/link, brand/de-link-request, brand/de-link and the listings). Decision 036.
import { z } from 'zod/v4'
import {
  APPROVAL_STATUSES,
  BRAND_ID_SOURCE,
  DELINK_REASON_MAX,
  DELINK_STATUSES,
  LINK_STATUSES,
  LinkMessages,
} from '../rules/links'
import { LINK_HISTORY_DEFAULT_PAGE_SIZE, LINK_HISTORY_PAGE_SIZES } from '../rules/lists'
import { TEXT_MAX } from '../rules/text'
import { safeText } from './text'

const brandIdPattern = new RegExp(`^${BRAND_ID_SOURCE}$`)

/** A brand id from a query or a body: digits (a string or a number) → number, else 'Brand ID is invalid'. */
export const brandIdSchema = z
  .union([z.string(), z.number()], { error: LinkMessages.brandIdInvalid })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(brandIdPattern, LinkMessages.brandIdInvalid))
  .transform(Number)

/** An agency's user id (digits) → number, else 'Agency ID is invalid'. */
export const agencyUserIdSchema = z
  .union([z.string(), z.number()], { error: LinkMessages.agencyIdInvalid })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,15}$/, LinkMessages.agencyIdInvalid))
  .transform(Number)

/**
 * The de-link form's 'Agency Email Id': the agency's e-mail as the form sends it, or its user id.
 * Anything else (control characters, a malformed address) is 'Agency ID is invalid'.
 */
export const agencyRefSchema = z
  .union([z.string(), z.number()], { error: LinkMessages.agencyIdInvalid })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .max(TEXT_MAX.email, LinkMessages.agencyIdInvalid)
      .regex(/^(\d{1,15}|[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+)$/u, LinkMessages.agencyIdInvalid),
  )

// ---- Requests ----------------------------------------------------------------------------------

/** POST /v1/brand/link-request?brandId */
export const linkRequestQuerySchema = z.object({ brandId: brandIdSchema })

/** POST /v1/brand/link?agencyId&approvalStatus */
export const linkDecisionQuerySchema = z.object({
  agencyId: agencyUserIdSchema,
  approvalStatus: z.enum(APPROVAL_STATUSES, { error: 'approvalStatus must be APPROVED or REJECTED' }),
})

/** POST /v1/brand/de-link-request */
export const delinkRequestBodySchema = z.object({
  agencyId: agencyRefSchema,
  brandId: brandIdSchema,
  deLinkReason: z
    .string({ error: LinkMessages.delinkReasonEmpty })
    .pipe(safeText({ max: DELINK_REASON_MAX, multiline: true, trim: true }))
    .pipe(z.string().min(1, LinkMessages.delinkReasonEmpty)),
})

/** POST /v1/brand/de-link (SUPERADMIN). `isDelink`, when sent, must agree with approvalStatus. */
export const delinkDecisionBodySchema = z.object({
  agencyId: agencyUserIdSchema,
  brandId: brandIdSchema,
  approvalStatus: z.enum(APPROVAL_STATUSES, { error: 'approvalStatus must be APPROVED or REJECTED' }),
  isDelink: z.boolean().optional(),
})

/** GET /v1/link-request/history?page&size */
export const linkHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .refine((n) => (LINK_HISTORY_PAGE_SIZES as readonly number[]).includes(n))
    .catch(LINK_HISTORY_DEFAULT_PAGE_SIZE),
})

/** GET /v1/linkedAgencies/{id}, /v1/linkedBrands/{id}: ?format=csv gives the file instead of JSON. */
export const linkedListQuerySchema = z.object({ format: z.enum(['json', 'csv']).catch('json') })

// ---- Answers -----------------------------------------------------------------------------------

const timestamp = z.string()

/** A write's answer: the row as it is now. */
export const linkRowSchema = z.object({
  requestId: z.number(),
  agencyId: z.number(),
  brandId: z.number(),
  status: z.enum(LINK_STATUSES),
})
export type LinkRow = z.infer<typeof linkRowSchema>

export const delinkRowSchema = z.object({
  requestId: z.number(),
  agencyId: z.number(),
  brandId: z.number(),
  status: z.enum(DELINK_STATUSES),
})
export type DelinkRow = z.infer<typeof delinkRowSchema>

/** spec §3 "Link request item" (a brand's pending requests), with the agency's e-mail. */
export const linkRequestItemSchema = z.object({
  requestId: z.number(),
  agencyId: z.number(),
  agencyName: z.string(),
  agencyEmail: z.string(),
  brandId: z.number(),
  brandName: z.string(),
  requestedBy: z.string(),
  timeStamp: timestamp,
})
export type LinkRequestItem = z.infer<typeof linkRequestItemSchema>
export const linkRequestListingSchema = z.array(linkRequestItemSchema)

/** A de-link request (the super admin's listing and detail): the link request item with its reason. */
export const delinkRequestItemSchema = z.object({
  requestId: z.number(),
  agencyId: z.number(),
  agencyName: z.string(),
  agencyEmail: z.string(),
  brandId: z.number(),
  brandName: z.string(),
  requestedBy: z.string(),
  timeStamp: timestamp,
  reason: z.string(),
  status: z.enum(DELINK_STATUSES),
  actionedBy: z.string().nullable(),
  actionedTimeStamp: timestamp.nullable(),
})
export type DelinkRequestItem = z.infer<typeof delinkRequestItemSchema>
export const delinkRequestListingSchema = z.array(delinkRequestItemSchema)

/** spec §3 "Link history item". */
export const linkHistoryItemSchema = z.object({
  requestId: z.number(),
  brandId: z.number(),
  brandName: z.string(),
  timeStamp: timestamp,
  status: z.enum(LINK_STATUSES),
  approvedTimeStamp: timestamp.nullable(),
})
export type LinkHistoryItem = z.infer<typeof linkHistoryItemSchema>
export const linkHistoryPageSchema = z.object({
  items: z.array(linkHistoryItemSchema),
  page: z.number(),
  size: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
})
export type LinkHistoryPage = z.infer<typeof linkHistoryPageSchema>

export const linkedBrandSchema = z.object({ brandId: z.number(), brandName: z.string(), linkedOn: timestamp })
export const linkedBrandsSchema = z.array(linkedBrandSchema)
export const linkedAgencySchema = z.object({
  agencyId: z.number(),
  agencyName: z.string(),
  agencyEmail: z.string(),
  linkedOn: timestamp,
})
export const linkedAgenciesSchema = z.array(linkedAgencySchema)
