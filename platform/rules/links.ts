// Agency–brand links and de-links (spec accounts §2 "Agency links", §4, §5, §9): messages, the status
// colours of the linking history and the CSV columns both halves use. Pure: no zod (browser-safe).

/** spec §5, word for word, plus the platform's own refusals (decision 036). */
export const LinkMessages = {
  brandIdInvalid: 'Brand ID is invalid',
  agencyIdInvalid: 'Agency ID is invalid',
  delinkReasonEmpty: 'Delink reason cannot be empty',
  linkPending: 'A link request for this brand is already pending',
  alreadyLinked: 'This brand is already linked',
  notLinked: 'This agency and brand are not linked',
  delinkPending: 'A de-link request for this link is already pending',
  noPendingLink: 'There is no pending link request from this agency',
  noPendingDelink: 'There is no pending de-link request for this agency and brand',
  notYourAgency: 'You can request a de-link only for your own agency',
  notYourBrand: 'You can request a de-link only for your own brand',
  isDelinkMismatch: 'isDelink must be true to approve and false to reject',
} as const

/** A brand id as the forms take it: digits only (a safe integer). */
export const BRAND_ID_SOURCE = '\\d{1,15}'
export const isBrandId = (text: string) => new RegExp(`^${BRAND_ID_SOURCE}$`).test(text)

/** The de-link reason's cap (characters). */
export const DELINK_REASON_MAX = 1000

export const LINK_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'DELINKED'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]
export const DELINK_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type DelinkStatus = (typeof DELINK_STATUSES)[number]
export const APPROVAL_STATUSES = ['APPROVED', 'REJECTED'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

import type { StatusTone } from './users'

export type { StatusTone }

/** spec §4 "Link history": green for APPROVED, red for REJECTED or DELINKED, amber for anything else. */
export function linkStatusTone(status: string): StatusTone {
  if (status === 'APPROVED') return 'green'
  if (status === 'REJECTED' || status === 'DELINKED') return 'red'
  return 'amber'
}

/** The words shown with the colour (never colour alone). */
export function linkStatusLabel(status: string): string {
  const labels: Record<string, string> = {
    PENDING: 'Pending',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    DELINKED: 'De-linked',
  }
  return labels[status] ?? status
}

/** 'View Linked Brands' (agency) and 'View Linked Agencies' (brand) files. */
export const LINKED_BRANDS_CSV_HEADER = ['Brand Id', 'Brand Name', 'Linked On'] as const
export const LINKED_AGENCIES_CSV_HEADER = ['Agency Id', 'Agency Name', 'Agency Email', 'Linked On'] as const
