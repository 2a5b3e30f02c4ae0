// The Outbox page (issue 11, beyond the spec; decision 037): the mail the platform kept instead of
// sending it (not production, no SMTP_URL). The platform decides whether the outbox exists (404 when
// not) and who may read it; this turns its answer into what the page shows: times in IST, bodies as
// plain text whose links to the console itself become relative links (nothing else is ever a link).
import type { AppLoadContext } from '@remix-run/node'
import { OUTBOX_DEFAULT_SIZE, OUTBOX_PAGE_SIZES, outboxPageSchema } from '../../platform/contracts/outbox'
import { istDateTime } from '../../platform/rules/time'
import { type CurrentUser, redirectForStatus } from '../guard.server'
import { defineList, parseListState } from './list-state'
import { createUpstreamClient, transportFor } from './upstream.server'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'

export const OUTBOX_LIST = defineList({
  filters: {},
  sortFields: [],
  pageSizes: OUTBOX_PAGE_SIZES,
  defaultPageSize: OUTBOX_DEFAULT_SIZE,
})

/** A piece of a message body: text, or a link (`href` a path on the console, the text the full URL). */
export type BodyPart = { text: string; href?: string }

export type OutboxItem = {
  id: string
  to: string
  subject: string
  /** IST, YYYY-MM-DD HH:mm:ss. */
  time: string
  body: BodyPart[]
  attachments: string[]
}

export type OutboxData = {
  page: number
  size: number
  sizes: readonly number[]
  total: number
  totalPages: number
  messages: OutboxItem[]
  /** The platform's refusal in words (spec accounts §8), when the list could not be read. */
  error: string | null
}

// An http(s) URL up to a space, quote or angle bracket; trailing punctuation is the sentence's.
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi
const TRAILING = /[.,;:!?)\]}]+$/

/**
 * The path of `raw` when it is a URL on the console's own origin (without user info), else null.
 * Relative, so the link works at whatever address the demo is opened; never one that starts with
 * '//' (a browser reads that as another host).
 */
export function consolePath(raw: string, consoleOrigin: string | null): string | null {
  if (!consoleOrigin) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.origin !== consoleOrigin || url.username || url.password) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('/') && !path.startsWith('//') ? path : null
}

/** A body as text parts and console links. */
export function bodyParts(text: string, consoleUrl: string): BodyPart[] {
  let origin: string | null = null
  try {
    const base = new URL(consoleUrl)
    if (base.protocol === 'http:' || base.protocol === 'https:') origin = base.origin
  } catch {
    origin = null
  }
  const parts: BodyPart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '')
    const start = match.index
    const href = consolePath(raw, origin)
    if (!href) continue
    if (start > last) parts.push({ text: text.slice(last, start) })
    parts.push({ text: raw, href })
    last = start + raw.length
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) })
  return parts
}

export async function loadOutbox(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
): Promise<OutboxData> {
  const { page, size } = parseListState(OUTBOX_LIST, new URL(request.url).searchParams)
  const client = createUpstreamClient(transportFor(context, 'auth'), {
    token: user.session.token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  const result = await client.get('/v1/outbox', { query: { page, size }, response: outboxPageSchema })
  if (!result.ok) {
    // The outbox is off (production, or SMTP_URL set): the page does not exist either.
    if (result.status === 404) throw new Response('Not found', { status: 404 })
    await redirectForStatus(result, user.role)
    return {
      page,
      size,
      sizes: OUTBOX_PAGE_SIZES,
      total: 0,
      totalPages: 1,
      messages: [],
      error: result.message || SOMETHING_WENT_WRONG,
    }
  }
  const { total, messages, consoleUrl } = result.data
  return {
    page,
    size,
    sizes: OUTBOX_PAGE_SIZES,
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to.join(', '),
      subject: m.subject,
      time: istDateTime(new Date(m.sentAt)),
      body: bodyParts(m.text, consoleUrl),
      attachments: m.attachments,
    })),
    error: null,
  }
}
