// The response envelope of spec §7: code, message, data, errors, plus the error fields the console reads
// (error, errorCode, errorResponse.message, errorMessageList[0], status).
import { z } from 'zod/v4'

/** spec §8: what a failed call says when the platform gave no message of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong'

export type Envelope<T> = {
  code: number
  message: string
  data: T
  errors: string[]
}

export type ErrorEnvelope = Envelope<null> & {
  error: string
  errorCode: string
  errorResponse: { message: string }
  errorMessageList: string[]
  status: number
  requestId?: string
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), message: z.string(), data, errors: z.array(z.string()) })

/** The first error text, in the order the console reads them (spec campaigns §8, accounts §8). */
export function firstErrorText(body: unknown, fallback = 'Something went wrong'): string {
  if (!body || typeof body !== 'object') return fallback
  const b = body as Partial<ErrorEnvelope>
  return (
    b.errors?.[0] ??
    b.error ??
    b.errorResponse?.message ??
    b.errorMessageList?.[0] ??
    b.errorCode ??
    b.message ??
    fallback
  )
}
