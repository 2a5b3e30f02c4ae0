// Billing uploads, billing reports and keyword metadata (issue 13; spec accounts §2 "Billing and bulk
// upload", §5, §7 payment service and keyword metadata, §8 messages, §9 limit). Shared by the platform
// (the import consumers, the endpoints) and the console (the pages, their clients, the sample files).
// The files' columns are ours (docs/decisions/045): the spec names the three uploads, not their columns.
// Money in a file is rupees with at most 2 decimals; the platform stores integer paise.
import { z } from 'zod/v4'
import { csvImportOutcomeSchema } from './csv-upload'

/** spec §9: 25 MB (26,214,400 bytes), CSV only. */
export const BILLING_MAX_BYTES = 26_214_400

// ---------------------------------------------------------------------------------------------
// The three billing uploads (POST /payment/post-paid/<call>, multipart, field `file`)
// ---------------------------------------------------------------------------------------------
export type BillingColumn = { header: string; key: string; optional?: boolean }

export const BILLING_UPLOADS = {
  creditLimits: {
    call: 'input-credit-csv',
    label: 'Credit limits',
    /** spec §8, word for word. */
    success: 'Credit Limit successfully uploaded !',
    sample: '/files/sample-credit-limits.csv',
    /**
     * One row per advertiser: the new credit limit in force from `Effective From` (a date, IST midnight;
     * empty = at once). A limit of 0 withdraws credit. The newest effective limit is in force.
     */
    columns: [
      { header: 'Seller Id', key: 'sellerId' },
      { header: 'Credit Limit', key: 'creditLimit' },
      { header: 'Effective From', key: 'effectiveFrom', optional: true },
      { header: 'Note', key: 'note', optional: true },
    ],
  },
  payments: {
    call: 'input-amount-paid',
    label: 'Payments',
    success: 'Payment Details successfully updated !',
    sample: '/files/sample-payments.csv',
    /** One row per payment received; a transaction id is recorded once, ever (a repeat is refused). */
    columns: [
      { header: 'Seller Id', key: 'sellerId' },
      { header: 'Transaction Id', key: 'transactionId' },
      { header: 'Amount', key: 'amount' },
      { header: 'Payment Date', key: 'paymentDate' },
      { header: 'Note', key: 'note', optional: true },
    ],
  },
  promoCredits: {
    call: 'input-Promo-credit',
    label: 'Promo credits',
    success: 'Promo Credit Details Saved Successfully !',
    sample: '/files/sample-promo-credits.csv',
    /** One grant per row, counted while valid (IST days, both ends inclusive; no end = open-ended). */
    columns: [
      { header: 'Seller Id', key: 'sellerId' },
      { header: 'Amount', key: 'amount' },
      { header: 'Valid From', key: 'validFrom' },
      { header: 'Valid To', key: 'validTo', optional: true },
      { header: 'Reason', key: 'reason', optional: true },
    ],
  },
} as const satisfies Record<
  string,
  { call: string; label: string; success: string; sample: string; columns: readonly BillingColumn[] }
>
export type BillingUploadKind = keyof typeof BILLING_UPLOADS
export const BILLING_UPLOAD_KINDS = Object.keys(BILLING_UPLOADS) as BillingUploadKind[]

/** spec §8 "Billing uploads", word for word. */
export const BILLING_MESSAGES = {
  invalidFile: 'Invalid file ! Please upload a valid file.',
  serverError: 'Server error.',
  tooLarge: 'File size exceeds 25MB limit',
  invalidSellerIds: (ids: readonly string[]) => `Invalid seller IDs : ${ids.join(', ')}`,
  invalidTransactions: (ids: readonly string[]) => `Invalid Transactions : ${ids.join(', ')}`,
} as const

/**
 * `data` of an upload's answer: the import outcome (./csv-upload.ts) plus the spec's payment fields.
 * `status` is the spec's "message is success or failure". `invalidSellerIds`: seller ids in the file that
 * are no advertiser (SELLER or BRAND account); `invalidTransactions`: transaction ids already recorded or
 * repeated within the file. Any of them refuses the whole file (HTTP 400, nothing written).
 */
export const billingUploadResultSchema = csvImportOutcomeSchema.extend({
  status: z.enum(['success', 'failure']),
  invalidSellerIds: z.array(z.string()),
  invalidTransactions: z.array(z.string()),
})
export type BillingUploadResult = z.infer<typeof billingUploadResultSchema>

// ---------------------------------------------------------------------------------------------
// Billing reports (GET /payment/test/<call>, CSV; SUPERADMIN)
// ---------------------------------------------------------------------------------------------
export const BILLING_REPORTS = {
  /** The credit limit in force per advertiser that has one. */
  'credit-limits': {
    call: 'generate_credit_report',
    label: 'Credit limits report',
    fileName: 'CreditLimit.csv',
    header: ['Seller Id', 'Seller Name', 'Credit Limit', 'Effective From', 'Note'],
  },
  /** Every promo grant, with whether it counts today. */
  'promo-credits': {
    call: 'generate_promo_report',
    label: 'Promo credits report',
    fileName: 'PromoCredits.csv',
    header: ['Seller Id', 'Seller Name', 'Amount', 'Valid From', 'Valid To', 'Reason', 'Status'],
  },
  /** Per advertiser: limit, promo, paid, spent, available (the formula of decision 010). */
  overall: {
    call: 'generate_overall_credit_report',
    label: 'Overall credit summary',
    fileName: null,
    header: ['Seller Id', 'Seller Name', 'Credit Limit', 'Promo Credits', 'Paid', 'Spent', 'Available'],
  },
} as const
export type BillingReport = keyof typeof BILLING_REPORTS
export const BILLING_REPORT_NAMES = Object.keys(BILLING_REPORTS) as BillingReport[]
/** The overall summary's timestamped name, IST: Credit_Summary_2026-11-23_143005.csv. */
export const overallReportFileName = (istStamp: string) => `Credit_Summary_${istStamp}.csv`
/** Promo grant status in PromoCredits.csv. */
export const PROMO_STATUSES = ['ACTIVE', 'SCHEDULED', 'EXPIRED'] as const

// ---------------------------------------------------------------------------------------------
// Keyword metadata (POST / GET /ads/ad-inventory/v1/metadata/keyword; SUPERADMIN)
// ---------------------------------------------------------------------------------------------
/** The zip the console posts (spec §7): one entry, the CSV. */
export const METADATA_ZIP_NAME = 'metadata.zip'
export const METADATA_FIELD = 'file'
/**
 * The CSV inside: one keyword per row and the products it describes. `product_ids` is one id or several
 * separated by `|` (a quoted cell may use commas too). Every keyword of a row is added to each product.
 */
export const METADATA_COLUMNS = [
  { header: 'keywords', key: 'keywords' },
  { header: 'product_ids', key: 'product_ids' },
] as const
export const METADATA_SAMPLE = '/files/sample-keyword-metadata.csv'
/** spec §8: Metadata_Error_Report.csv's columns. */
export const METADATA_ERROR_REPORT_HEADER = ['keywords', 'product_ids', 'error_message'] as const
export const METADATA_ERROR_REPORT_NAME = 'Metadata_Error_Report.csv'

/** spec §8 "Bulk upload" and "Keyword search", word for word. */
export const METADATA_MESSAGES = {
  success: 'Metadata successfully uploaded !',
  invalidHeader: 'Invalid Header Format. Please upload a valid file.',
  invalidFile: 'Invalid file. Please upload a valid file.',
  serverError: 'Server error.',
  tooLarge: 'File size exceeds 25MB limit',
  emptyCells: 'Empty cells are not allowed',
  noKeywords: (productId: string | number) => `No Keywords Found for the product ${productId}`,
  productNotValid: 'Product is not valid',
  /** The platform's refusal of a header starts with this (the console maps it to invalidHeader). */
  headerRefusalPrefix: 'Invalid header format',
} as const

/**
 * `data` of the metadata upload's answer: the import outcome plus the spec's error report (keywords,
 * product_ids, error_message; formula-safe) when rows were refused. All rows are applied or none.
 */
export const metadataUploadResultSchema = csvImportOutcomeSchema.extend({
  metadataErrorReport: z.string().nullable(),
})
export type MetadataUploadResult = z.infer<typeof metadataUploadResultSchema>

/** GET ?productId → data.keywords: the schemas live with the other inventory-side calls. */
export { keywordMetadataQuerySchema, keywordMetadataResponseSchema } from './analytics'
export type { KeywordMetadataResponse } from './analytics'
