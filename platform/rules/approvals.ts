// Approvals (spec accounts §2 "Approval list", §4 account status, §5 'Comments are required') and the
// agency documents staff receive offline (§3). Pure: the console and the platform read the same values.
import { hasControlCharacters } from './text'

/**
 * spec §3 "Agency documents tracked offline", in the spec's order. The same list as the schema's
 * agencyDocumentTypes (a test keeps them equal): rules stay free of drizzle for the browser bundle.
 */
export const agencyDocumentTypes = [
  'IO Doc',
  'Registration Doc',
  'GST Doc',
  'PAN Card',
  'Portfolio Details',
  'Professional Certificate',
  'Cancelled Cheque',
] as const
export type AgencyDocumentType = (typeof agencyDocumentTypes)[number]

/** spec §4: the account statuses, and the two a pending registration may go to here. */
export const ACCOUNT_STATUSES = ['APPROVED', 'REJECTED', 'PENDING', 'REVOKED', 'REACTIVATED'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]
export const APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number]

export const ApprovalMessages = {
  /** spec §5, word for word. */
  commentsRequired: 'Comments are required',
  notPending: 'This user is not pending approval',
  userNotFound: 'User not found',
  documentNotFound: 'Document not found',
  noStoredFile: 'This document was received offline; no file is stored',
  tooLarge: 'File size exceeds 10MB limit',
  wrongType: 'Upload a PDF, PNG or JPEG file',
  noFile: 'Choose a file to upload',
  /** The multipart parser refuses some names (an '=' inside quotes): say what helps. */
  unreadable:
    'The upload could not be read. Rename the file (letters, digits, spaces, - and _) and try again',
} as const

/** A rejection comment's cap (characters); an approval stores an empty comment (spec §4). */
export const COMMENTS_MAX = 2000

/** Agency document files: what staff may upload (checked by content, not by name) and how large. */
export const AGENCY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
export const AGENCY_DOCUMENT_KINDS = {
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
} as const
export type AgencyDocumentKind = keyof typeof AGENCY_DOCUMENT_KINDS

/** The file's kind by its first bytes (magic numbers), or null: its name and declared type are not trusted. */
export function sniffDocumentKind(head: Uint8Array): AgencyDocumentKind | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b)
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  return null
}

/** A document type as it appears in URLs: 'IO Doc' → 'io-doc'. */
export const documentSlug = (docType: AgencyDocumentType) => docType.toLowerCase().replace(/\s+/g, '-')

/** The document type of a URL slug, or null for anything else (a traversal attempt included). */
export function documentTypeOfSlug(slug: string): AgencyDocumentType | null {
  return agencyDocumentTypes.find((docType) => documentSlug(docType) === slug) ?? null
}

/**
 * The file name shown and sent in Content-Disposition: the last path part of what the browser sent,
 * without control characters, quotes or path separators, at most 120 characters; a fallback if empty.
 */
export function cleanFileName(name: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? ''
  const clean = [...last]
    .filter((ch) => ch !== '"' && !hasControlCharacters(ch))
    .join('')
    .trim()
    .slice(-120)
  return clean && clean !== '.' && clean !== '..' ? clean : fallback
}
