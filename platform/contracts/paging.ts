// The page and size of a paged list call beyond the spec (the outbox, the failed jobs): a bad page or
// size is a 400 with its sentence, as the spec's own list calls answer.
import { z } from 'zod/v4'

export function pagingQuerySchema(sizes: readonly number[], defaultSize: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'Page is invalid' })
      .int('Page is invalid')
      .min(1, 'Page is invalid')
      .max(1_000_000, 'Page is invalid')
      .default(1),
    size: z.coerce
      .number({ error: 'Page size is invalid' })
      .int('Page size is invalid')
      .refine((n) => sizes.includes(n), 'Page size is invalid')
      .default(defaultSize),
  })
}
