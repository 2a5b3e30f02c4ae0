// A platform handler for one CSV upload call: receive the file (limit while streaming), import it all
// or nothing, answer the envelope with the outcome. A service mounts it behind its own requireAuth:
//   app.post('/payment/post-paid/input-credit-csv', requireAuth({ roles: ['SUPERADMIN'] }),
//     csvUploadEndpoint(creditLimitsCsv, { maxBytes: 25 * MEGABYTE }))
import { createReadStream } from 'node:fs'
import type { Context } from 'hono'
import type { CsvImportOutcome } from '../contracts/csv-upload'
import type { Env } from '../http'
import { type CsvConsumer, importCsv } from './csv-import'
import { type ReceiveOptions, receiveCsvUpload } from './receive'

export type CsvUploadEndpointOptions = Omit<ReceiveOptions, 'dataDir'> & { maxErrors?: number }

/** The envelope of an import: 200 with the outcome, or 400 with its message and the same outcome. */
export function importAnswer(outcome: CsvImportOutcome, requestId?: string) {
  if (outcome.result === 'SUCCESS') {
    return { status: 200 as const, body: { code: 200, message: outcome.message, data: outcome, errors: [] } }
  }
  const errorCode = outcome.refusal === 'HEADER' ? 'INVALID_HEADER' : 'INVALID_ROWS'
  return {
    status: 400 as const,
    body: {
      code: 400,
      message: outcome.message,
      data: outcome,
      errors: [outcome.message],
      error: outcome.message,
      errorCode,
      errorResponse: { message: outcome.message },
      errorMessageList: [outcome.message, ...outcome.errors.map((e) => `Row ${e.row}: ${e.reason}`)],
      status: 400,
      requestId,
    },
  }
}

export function csvUploadEndpoint<Row, K extends string>(
  consumer: CsvConsumer<Row, K>,
  options: CsvUploadEndpointOptions = {},
) {
  return async (c: Context<Env>) => {
    const deps = c.get('deps')
    const auth = c.get('auth')
    const file = await receiveCsvUpload(c.req.raw, { ...options, dataDir: deps.dataDir })
    try {
      const outcome = await importCsv(deps.database.db, consumer, {
        fileName: file.fileName,
        source: () => createReadStream(file.path),
        actor: auth
          ? { userId: auth.user.id, role: auth.user.role, ip: c.req.header('x-forwarded-for') ?? null }
          : null,
        requestId: c.get('requestId'),
        maxErrors: options.maxErrors,
        now: deps.now(),
      })
      const answer = importAnswer(outcome, c.get('requestId'))
      return c.json(answer.body, answer.status)
    } finally {
      await file.cleanup()
    }
  }
}
