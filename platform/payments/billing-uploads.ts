// The three billing uploads (issue 13, docs/decisions/045): credit limits, payments, promo credits.
// POST /payment/post-paid/<call>, SUPERADMIN only, multipart field `file` (or a text/csv body), 25 MB
// enforced while streaming; the upload kit imports the file all or nothing in one transaction.
import { createReadStream } from 'node:fs'
import { Hono } from 'hono'
import { requireAuth } from '../auth/authorize'
import {
  BILLING_MAX_BYTES,
  BILLING_MESSAGES,
  BILLING_UPLOAD_KINDS,
  BILLING_UPLOADS,
  type BillingUploadKind,
  type BillingUploadResult,
} from '../contracts/billing'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'
import { log } from '../log'
import { type CsvConsumer, importCsv } from '../uploads/csv-import'
import { importAnswer } from '../uploads/endpoint'
import { receiveCsvUpload } from '../uploads/receive'
import { BILLING_IMPORTS, BILLING_ROW_MESSAGES } from './billing-import'

export const BILLING_UPLOAD_PATH = (kind: BillingUploadKind) =>
  `/payment/post-paid/${BILLING_UPLOADS[kind].call}`

export function billingUploadRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  for (const kind of BILLING_UPLOAD_KINDS) {
    app.post(BILLING_UPLOAD_PATH(kind), requireAuth({ roles: ['SUPERADMIN'] }), async (c) => {
      const auth = c.get('auth')
      const requestId = c.get('requestId')
      const file = await receiveCsvUpload(c.req.raw, {
        dataDir: deps.dataDir,
        maxBytes: BILLING_MAX_BYTES,
        messages: { tooLarge: BILLING_MESSAGES.tooLarge },
      })
      try {
        const now = deps.now()
        const actor = {
          userId: auth.user.id,
          role: auth.user.role,
          ip: c.req.header('x-forwarded-for') ?? null,
        }
        const billing = BILLING_IMPORTS[kind]({ fileName: file.fileName, actor, now })
        // One of three consumers (rows of a different type each): the kit needs only its own half of it.
        const consumer = billing.consumer as CsvConsumer<unknown>
        const outcome = await importCsv(deps.database.db, consumer, {
          fileName: file.fileName,
          source: () => createReadStream(file.path),
          actor,
          requestId,
          now,
        })
        // A malformed seller id (refused before any lookup) is an invalid seller id too.
        for (const error of outcome.errors) {
          if (error.column === 'Seller Id' && error.value && error.reason === BILLING_ROW_MESSAGES.sellerId) {
            billing.invalidSellerIds.add(error.value)
          }
        }
        const data: BillingUploadResult = {
          ...outcome,
          status: outcome.result === 'SUCCESS' ? 'success' : 'failure',
          invalidSellerIds: billing.invalidSellerIds.ids,
          invalidTransactions: billing.invalidTransactions.ids,
        }
        if (outcome.result === 'SUCCESS') {
          log.info('billing import committed', {
            kind,
            fileName: file.fileName,
            uploadId: billing.uploadId(),
            rows: outcome.applied,
            totals: outcome.totals,
          })
          // Credits changed: the state engine resumes (or pauses) campaigns now, not at its next minute.
          deps.wake?.('campaign-states')
          const message = BILLING_UPLOADS[kind].success
          return c.json({ code: 200, message, data: { ...data, message }, errors: [] }, 200)
        }
        const lists = [
          ...(data.invalidSellerIds.length > 0
            ? [BILLING_MESSAGES.invalidSellerIds(data.invalidSellerIds)]
            : []),
          ...(data.invalidTransactions.length > 0
            ? [BILLING_MESSAGES.invalidTransactions(data.invalidTransactions)]
            : []),
        ]
        const answer = importAnswer(outcome, requestId)
        const message = lists.length > 0 ? lists.join(' ') : outcome.message
        const body = {
          ...answer.body,
          message,
          data: { ...data, message },
          errors: [message],
          error: message,
          errorResponse: { message },
          errorMessageList: [...lists, ...(answer.body.errorMessageList ?? [])],
        }
        return c.json(body, 400)
      } finally {
        await file.cleanup()
      }
    })
  }
  return app
}
