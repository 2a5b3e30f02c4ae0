// GET /v1/outbox (issue 11, beyond the spec; decision 037): the mail kept instead of sent outside
// production without SMTP_URL. Bodies are plain text: the console never renders a message's HTML.
import { z } from 'zod/v4'
import { pagingQuerySchema } from './paging'

export const OUTBOX_PAGE_SIZES = [10, 20, 50] as const
export const OUTBOX_DEFAULT_SIZE = 10

/** One kept message, as the mailer's .json twin stores it and the platform answers it. */
export const outboxMessageSchema = z.object({
  /** The file name without extension (time, counter, message id): unique and sortable. */
  id: z.string().max(200),
  to: z.array(z.string()),
  subject: z.string(),
  /** ISO 8601, UTC. */
  sentAt: z.iso.datetime(),
  text: z.string(),
  /** Attachment file names (their content stays in the .eml). */
  attachments: z.array(z.string()),
})
export type OutboxMessage = z.infer<typeof outboxMessageSchema>

/** The query: a bad page or size is a 400, as the other list calls answer. */
export const outboxQuerySchema = pagingQuerySchema(OUTBOX_PAGE_SIZES, OUTBOX_DEFAULT_SIZE)

export const outboxPageSchema = z.object({
  messages: z.array(outboxMessageSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** The console's public address (links in the mail start with it). */
  consoleUrl: z.string(),
})
export type OutboxPage = z.infer<typeof outboxPageSchema>
